import Glibc
import SaylineText
import SaylineSystem
import SaylineCatalogs

/// The language Sayline speaks and writes, chosen before any other word is: a usage error is
/// in it too. `--language` first, then `language =` in the preferences file, then the
/// environment in gettext's order (LANGUAGE, a colon list, unless the locale is C; LC_ALL;
/// LC_MESSAGES; LANG), read by Sayline itself so that no generated locale is needed. The file
/// comes before the environment because LANG is usually the whole system's, and the file is
/// the person's own choice for Sayline.
package struct LanguageChoice: Equatable, Sendable {
    /// What was asked for, as it was written: "de_DE.UTF-8", or nil for nothing asked (English).
    package let asked: String?
    /// Where it came from, as `sayline config` says it.
    package let source: SettingSource
    /// The catalog's code found for it ("de"), or nil when Sayline speaks English.
    package let code: String?

    package init(asked: String?, source: SettingSource, code: String?) {
        self.asked = asked
        self.source = source
        self.code = code
    }

    /// The flag, for the command lines of every command.
    /// Its help names the languages with a catalog, looked for when the help is shown.
    package static let option = OptionSpec("--language", argument: "LANG", completion: .none,
                                           // Translators: keep LANGUAGE, LC_ALL, LC_MESSAGES and LANG as they are typed.
                                           defaultWords: translatable("the preferences file's, else LANGUAGE, LC_ALL, LC_MESSAGES or LANG"),
                                           // Translators: %s lists the languages' codes, "en, de, es, fr, pl"; keep de_DE and de_DE.UTF-8 as they are typed.
                                           help: translatable("the language of every message and announcement: %s, or any with a catalog (de_DE and de_DE.UTF-8 are German too); numbers are said and shown in its marks"),
                                           helpArguments: { [languageList()] })

    /// The languages with a catalog, as the help lists them: "en, de, es, fr, pl".
    package static func languageList() -> String { available().joined(separator: ", ") }

    /// `audit --report-language`: the language the audit writes in, where its `--language`
    /// names the languages the scenes are heard in. It wins over `--language`.
    package static let reportLanguageName = "--report-language"

    /// The language the command line asks for: the last `--language` given (or `audit
    /// --report-language`, which wins over it), read against the
    /// table of the command the words are for, exactly as its parser will read them, so that
    /// the argument of another option (`pick --label --language`) or an operand after `--` is
    /// never taken for it, and `--language=de` is. A word the parser would refuse is passed
    /// over, as getopt_long goes on past it: the usage error is then said in the language.
    /// - Parameter subcommandOptions: the option table of the subcommand a first word names,
    ///   nil when it names none (the words are then the REPL's); asked only when a word could
    ///   be the flag, as making a table is a twentieth of a start.
    package static func flagged(in words: [String], subcommandOptions: (String) -> [OptionSpec]?) -> (String, SettingSource)? {
        guard words.contains(where: { $0.hasPrefix(option.name) || $0.hasPrefix(reportLanguageName) }) else { return nil }
        var reader: CommandLineReader
        if let first = words.first, let table = subcommandOptions(first) {
            reader = CommandLineReader(Array(words.dropFirst()), options: table)
        } else {
            reader = CommandLineReader(words, options: Options.replOptions)
        }
        var flagged: (String, SettingSource)?
        var report: (String, SettingSource)?
        while true {
            do throws(UsageError) {
                guard let item = try reader.next() else { break }
                if case .option(let given) = item, let value = given.value {
                    if given.option.name == option.name { flagged = (value, .flag(given.spelled)) }
                    if given.option.name == reportLanguageName { report = (value, .flag(given.spelled)) }
                }
            } catch {
                continue
            }
        }
        return report ?? flagged
    }

    /// What was asked for and where, with no catalog looked at yet: what the command line
    /// asks for (`flagged`), else the preferences file, else the environment.
    package static func asked(flagged: (String, SettingSource)?, environment: [String: String], preferences: (path: String, text: String)?) -> (String, SettingSource)? {
        // `audit --language all` hears every language and names none to speak; `audit
        // --language de,pl` speaks the first.
        if var flagged, flagged.0 != "all" {
            if let comma = flagged.0.firstIndex(of: ",") { flagged.0 = String(flagged.0[..<comma]) }
            return flagged.0.isEmpty || flagged.0 == "C" || flagged.0 == "POSIX" || flagged.0.hasPrefix("C.") ? nil : flagged
        }
        if let preferences {
            for case .setting("language", let value, let line) in PreferencesFile.parse(preferences.text) where !value.isEmpty {
                return (value, .file(preferences.path, line: line))
            }
        }
        // gettext's order: LANGUAGE is honoured only when the locale itself is not C.
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { name in environment[name].flatMap { $0.isEmpty ? nil : (name, $0) } }.first
        guard let locale, locale.1 != "C", locale.1 != "POSIX" else { return nil }
        if let list = environment["LANGUAGE"], !list.isEmpty { return (list, .environment("LANGUAGE")) }
        // C.UTF-8 is no language: English, with nothing to say about it.
        if locale.1.hasPrefix("C.") { return nil }
        return (locale.1, .environment(locale.0))
    }

    /// The codes a language may be catalogued under, most exact first: "de_DE.UTF-8@euro" is
    /// looked for as de_DE, then de. A colon list is each of its entries in turn.
    package static func candidates(_ asked: String) -> [String] {
        // ASCII, as every language's name is: read by bytes, as the same characters. By
        // character, `replacing` and `isLetter` were a tenth of a start in another language.
        if asked.utf8.allSatisfy({ $0 < 0x80 }) { return asciiCandidates(Array(asked.utf8)) }
        var codes: [String] = []
        for entry in asked.split(separator: ":") {
            var code = Substring(entry)
            if let at = code.firstIndex(of: "@") { code = code[..<at] }
            if let dot = code.firstIndex(of: ".") { code = code[..<dot] }
            let normalised = String(code).replacing("-", with: "_")
            // Only letters and one underscore: a language code, never a path.
            guard !normalised.isEmpty, normalised.count <= 12,
                  normalised.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }) else { continue }
            codes.append(normalised)
            if let underscore = normalised.firstIndex(of: "_") { codes.append(String(normalised[..<underscore])) }
        }
        return codes
    }

    /// `candidates` of an ASCII name.
    private static func asciiCandidates(_ asked: [UInt8]) -> [String] {
        var codes: [String] = []
        for entry in asked.split(separator: UInt8(ascii: ":")) {
            var code = entry
            if let at = code.firstIndex(of: UInt8(ascii: "@")) { code = code[..<at] }
            if let dot = code.firstIndex(of: UInt8(ascii: ".")) { code = code[..<dot] }
            let normalised = code.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "_") : $0 }
            // Only letters and one underscore: a language code, never a path.
            func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
            guard !normalised.isEmpty, normalised.count <= 12, normalised.allSatisfy({ isLetter($0) || $0 == UInt8(ascii: "_") }) else { continue }
            codes.append(String(decoding: normalised, as: UTF8.self))
            if let underscore = normalised.firstIndex(of: UInt8(ascii: "_")) { codes.append(String(decoding: normalised[..<underscore], as: UTF8.self)) }
        }
        return codes
    }

    /// Where catalogs may be: `share/locale` beside an installed binary (`bin/../share/locale`),
    /// then the folder this build compiled them to.
    package static func catalogFolders() -> [String] {
        var folders: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            let executable = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let slash = executable.lastIndex(of: "/") {
                let bin = executable[..<slash]
                if let up = bin.lastIndex(of: "/") { folders.append(String(bin[..<up]) + "/share/locale") }
            }
        }
        // The build's own catalogs only for a program run from that build: an installed copy
        // never reads a folder named when it was built, which on another machine anyone may make.
        if let build = buildFolder(of: CatalogFolder.built), folders.first.map({ $0.hasPrefix(build) }) == true {
            folders.append(CatalogFolder.built)
        }
        return folders
    }

    /// `path` up to and with its first "/.build/", or nil. Compared byte by byte: the
    /// standard library's `firstRange(of:)` made its generic searchers' metadata at each
    /// start, a sixth of a start's instructions.
    static func buildFolder(of path: String) -> String? {
        let bytes = Array(path.utf8), marker = Array("/.build/".utf8)
        guard bytes.count >= marker.count else { return nil }
        for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] && bytes[start..<(start + marker.count)].elementsEqual(marker) {
            return String(decoding: bytes[..<(start + marker.count)], as: UTF8.self)
        }
        return nil
    }

    /// The pseudo-language: every message bracketed and accented, made from the template with
    /// each build, so that a surface run in it shows any English never translated. It is
    /// spoken only when asked for by name, and never listed, installed or audited in.
    package static let pseudoLanguage = "qps"

    /// The languages with a catalog in `folders`, by code: what `--language` can be.
    package static func available(in folders: [String] = catalogFolders()) -> [String] {
        var codes: Set<String> = []
        for folder in folders {
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                // Only a language code's shape: never a name that would be a path or an escape.
                guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "_") }), name.count <= 12,
                      name != pseudoLanguage,
                      access(folder + "/" + name + "/LC_MESSAGES/" + GettextCatalog.domain + ".mo", R_OK) == 0 else { continue }
                codes.insert(name)
            }
        }
        return ["en"] + codes.sorted()
    }

    /// The phrasebook of a language with a catalog in `folders`, or nil when none can be read.
    package static func phrasebook(for code: String, in folders: [String] = catalogFolders()) -> Phrasebook? {
        for folder in folders {
            if case .success(let catalog) = GettextCatalog.open(language: code, folder: folder) { return Phrasebook(code: code, catalog: catalog) }
        }
        return nil
    }

    /// A phrasebook for each language with a catalog in `folders` that opens (English's words
    /// are the sources'): what the demo scene claims, its labels in each.
    package static func catalogued(in folders: [String] = catalogFolders()) -> [Phrasebook] {
        available(in: folders).filter { $0 != "en" }.compactMap { code in
            for folder in folders {
                if case .success(let catalog) = GettextCatalog.open(language: code, folder: folder) { return Phrasebook(code: code, catalog: catalog) }
            }
            return nil
        }
    }

    /// Why a catalog was not read, in the phrasebook in use; nil when it was, or is not there.
    private static func refusal(_ opened: Result<GettextCatalog, GettextCatalog.Refusal>) -> String? {
        switch opened {
        // Translators: %s is why ("its folder … belongs to another user").
        case .failure(.untrusted(let why)): translated("messages not read, because %s", why)
        // Translators: %s is the catalog's file and what is wrong with it.
        case .failure(.damaged(let why)): translated("messages not read: %s", why)
        case .failure(.missing), .success: nil
        }
    }

    /// The language, and the phrasebook for it: English when nothing was asked, when English
    /// was, or when no catalog has it (then `notice` says so, once).
    /// - Parameter subcommandOptions: as `flagged` takes it.
    package static func choose(arguments: [String], subcommandOptions: (String) -> [OptionSpec]?, environment: [String: String],
                               preferences: (path: String, text: String)?) -> (choice: LanguageChoice, phrasebook: Phrasebook, notice: String?) {
        let flagged = flagged(in: arguments, subcommandOptions: subcommandOptions)
        guard let (asked, source) = asked(flagged: flagged, environment: environment, preferences: preferences) else {
            return (LanguageChoice(asked: nil, source: .builtIn, code: nil), .english, nil)
        }
        let codes = candidates(asked)
        let folders = catalogFolders()
        var refused: String?
        var refusedAt: (code: String, folder: String)?
        for code in codes {
            if code == "en" || code.hasPrefix("en_") || code == "C" || code == "POSIX" { return (LanguageChoice(asked: asked, source: source, code: nil), .english, nil) }
            for folder in folders {
                switch GettextCatalog.open(language: code, folder: folder) {
                case .success(let catalog):
                    // "de_AT" heard through "de": the scene's Austrian words first.
                    let regional = codes.first { $0.hasPrefix(code + "_") }
                    let book = Phrasebook(code: code, catalog: catalog, regional: regional)
                    // A catalog refused on the way ("pl:de", Polish refused) is said in the language found.
                    let notice = refusedAt.flatMap { at in Phrasebook.using(book) { refusal(GettextCatalog.open(language: at.code, folder: at.folder)) } }
                    return (LanguageChoice(asked: asked, source: source, code: code), book, notice ?? refused)
                case .failure(let failure):
                    if refused == nil, let why = refusal(.failure(failure)) { (refused, refusedAt) = (why, (code, folder)) }
                }
            }
        }
        // English by nature: no catalog could be read, so nothing after it is in another language.
        let notice = (refused.map { $0 + "; " } ?? "") + "no messages in \(TextSanitiser.echo(asked)) (\(TextSanitiser.clean(source.description))); speaking English. Languages: \(available(in: folders).joined(separator: ", "))"
        return (LanguageChoice(asked: asked, source: source, code: nil), .english, notice)
    }
}
