import Glibc
import SaylineText
import SaylineScene
import SaylineAudit
import SaylineSystem
import SaylineCommandLine
import SaylineOutputs

/// `sayline audit`: checks a scene against the audit rules and reports like axe-core.
package enum AuditCommand: Subcommand {
    enum Format: String, CaseIterable {
        case text
        case json
        case junit
        case sarif
        case html
    }

    static let baseline = OptionSpec("--baseline", argument: "FILE", completion: .files,
                                     help: "findings FILE holds are known: reported, never failing; only new ones fail, and those it holds that are gone are reported as fixed")
    static let updateBaseline = OptionSpec("--update-baseline", help: "write every violation found to the --baseline FILE (sorted, one a line), then report against it")
    static let rule = OptionSpec("--rule", argument: "ID=SETTING",
                                 help: "switch a rule off or give it another impact (off, minor, moderate, serious, critical); may be given again; wins over .sayline-audit")
    static let demo = OptionSpec("--demo", help: "audit the built-in demo scene, as a plain sayline audit does at a terminal")
    static let shard = OptionSpec("--shard", argument: "K/N",
                                  help: "audit part K of N: the scenes split in order (the controls, when there are fewer scenes than parts), so N jobs together audit everything once")

    static let failOn = OptionSpec("--fail-on", argument: "IMPACT", completion: .words(Impact.allCases.map(\.rawValue)),
                                   defaultWords: Impact.serious.rawValue, help: "the least impact that fails the audit")
    static let maxChangeWords = OptionSpec("--max-change-words", argument: "N", defaultWords: String(AuditOptions().maximumChangeWords),
                                           help: "words a change announcement may take, 1 to 1000")
    static let maxFocusWords = OptionSpec("--max-focus-words", argument: "N", defaultWords: String(AuditOptions().maximumFocusWords),
                                          help: "words a focus announcement may take, 1 to 1000")

    static let jobs = OptionSpec("--jobs", short: "j", argument: "N", defaultWords: "the cores online",
                                 help: "threads to audit on, 1 to 64")

    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "audit", operands: "[SCENE|FOLDER ...]", operandCompletion: .sceneFiles,
            summary: "check scenes against the accessibility rules",
            description: """
            Checks every control of one or more scenes, statically and by driving it, against the audit
            rules (man 7 sayline-audit-rules), and reports violations, incomplete checks, passes, inapplicable
            rules and suppressed findings, each with its WCAG 2.2 criteria. Several scenes (files, or
            folders of *.json files) make one report in which each finding names its file, and one exit
            status; they are audited in parallel on the machine's cores. With no scene, the demo scene,
            but only at a terminal (or with --demo): from a script or CI, naming none is a usage error
            (64), so a pattern that matched nothing never passes.
            Rule settings come from --rule and from the nearest .sayline-audit file in each scene's folder
            or above it, up to the repository's root (outside a repository, up to the home folder; outside
            that, the scene's folder alone), and only from a file nobody but you or root can change
            (man 7 sayline-audit-rules).
            """,
            options: [SharedOptions.scene, demo,
                      SharedOptions.format(Format.allCases.map(\.rawValue), help: "text for people and screen readers, json as axe-core's results, junit XML for CI, sarif for code scanning, html as one page to read"),
                      SharedOptions.output, failOn, baseline, updateBaseline, rule, shard, maxChangeWords, maxFocusWords, jobs,
                      language, SharedOptions.help, SharedOptions.version])
    }

    static let language = OptionSpec("--language", argument: "LANGS", completion: .none, defaultWords: "each language a scene gives words in",
                                     help: "hear the scenes in these languages too, a comma list such as de,pl, or all: the rules about words (announcement-length, spoken-text-speakable, value-text-present, name-present, name-unique, no-silent-steps) run again in each, and each finding names its language; messages are in the first")

    /// The languages to hear the scenes in besides their own words: those asked for with
    /// `--language` (a comma list, or `all`), else every one a scene claims that Sayline has a
    /// catalog for. English is the scenes' own words, heard in every audit.
    static func languages(asked: String?, scenes: [AuditedScene], options: AuditOptions) -> Result<[Phrasebook], UsageError> {
        let folders = LanguageChoice.catalogFolders()
        let available = LanguageChoice.available(in: folders).filter { $0 != "en" }
        var codes: [String]
        if let asked {
            let named = asked.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            // Each as the program's --language reads it: de_DE.UTF-8 is German.
            codes = asked == "all" ? available : named.map { LanguageChoice.candidates($0).first { available.contains($0) || $0 == "en" } ?? $0 }.filter { $0 != "en" }
            if named.contains(where: \.isEmpty) {
                return .failure(UsageError(translated("--language takes all or languages Sayline has messages in (%s), not %s", (["en"] + available).joined(separator: ", "), "''")))
            }
            if let unknown = codes.first(where: { !available.contains($0) }) {
                return .failure(UsageError(translated("--language takes all or languages Sayline has messages in (%s), not %s", (["en"] + available).joined(separator: ", "), TextSanitiser.echo(unknown))))
            }
        } else {
            var claimed: Set<String> = []
            for scene in scenes { claimed.formUnion(AuditContext(elements: scene.scene.elements, options: options).claimedLanguages) }
            // A scene's "de_AT" is heard through the German catalog, as its Austrian words.
            codes = claimed.sorted().compactMap { key in LanguageChoice.candidates(key).first(where: available.contains) == nil ? nil : key }
        }
        var books: [Phrasebook] = []
        for key in codes {
            guard let code = LanguageChoice.candidates(key).first(where: available.contains) else { continue }
            for folder in folders {
                if case .success(let catalog) = GettextCatalog.open(language: code, folder: folder) {
                    books.append(Phrasebook(code: code, catalog: catalog, regional: key))
                    break
                }
            }
        }
        return .success(books)
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        let format = try arguments.choice("--format", as: Format.self) ?? .text
        let threshold = try arguments.choice(failOn.name, as: Impact.self) ?? .serious
        var options = AuditOptions()
        if let words = try arguments.wholeNumber(maxChangeWords.name, in: 1...1_000) { options.maximumChangeWords = words }
        if let words = try arguments.wholeNumber(maxFocusWords.name, in: 1...1_000) { options.maximumFocusWords = words }
        let outputPath = arguments.value(SharedOptions.output.name)
        let threads = try arguments.wholeNumber(jobs.name, in: 1...64) ?? Parallel.cores
        let part = try arguments.value(shard.name).map(Self.shard)
        let baselinePath = arguments.value(baseline.name)
        if arguments.has(updateBaseline.name) {
            guard baselinePath != nil else { throw UsageError("--update-baseline needs --baseline FILE: the file to write") }
            guard part == nil else { throw UsageError("--update-baseline sees the whole audit: a --shard sees part of it") }
        }
        var paths = arguments.operands
        if let scene = arguments.value(SharedOptions.scene.name) { paths.insert(scene, at: 0) }
        let files = Self.sceneFiles(paths)
        // The project's settings first, then the command line's, which win.
        // A home of "/" (as in many CI containers) would hold every folder: no home at all then.
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? ProjectFolder.real(Array($0.utf8)) : nil }.flatMap { $0 == Array("/".utf8) ? nil : $0 }
        var settingsFile: String?
        switch Self.settingsFile(for: files, home: home) {
        case .failure(let problem): throw problem
        case .success(nil): break
        case .success(let found?):
            let shown = FileAccess.shown(found)
            settingsFile = found
            if let why = SettingsTrust.doubt(found, foldersUpTo: nil) {
                Diagnostics.write("sayline audit: \(shown): not used, because \(why): rule settings are taken only from a file nobody else can change (chmod go-w it, or chown it to you)\n")
                return ExitStatus.malformed.rawValue
            }
            if let problem = AuditSettingsFile.read(found, into: &options, shownAs: shown) {
                Diagnostics.write("sayline audit: \(problem)\n")
                return ExitStatus.malformed.rawValue
            }
        }
        for (setting, spelled) in arguments.all(rule.name) {
            guard let equals = setting.firstIndex(of: "=") else { throw UsageError("\(spelled) takes ID=SETTING, not \(TextSanitiser.echo(setting))") }
            if let problem = AuditSettingsFile.apply(rule: String(setting[..<equals]), setting: String(setting[setting.index(after: equals)...]),
                                                     source: "--rule", to: &options) {
                throw UsageError("\(spelled): \(problem)")
            }
        }
        // No scene named: the demo, for a person trying it at a terminal. In a script or CI, a
        // glob that matched nothing must not pass as an audit of nothing.
        if arguments.has(demo.name) {
            guard paths.isEmpty else { throw UsageError("--demo audits the demo scene alone: name no scene with it") }
        } else if paths.isEmpty, isatty(STDIN_FILENO) != 1 {
            throw UsageError("audit needs scene files or folders (did a pattern match nothing?); --demo audits the demo scene")
        }
        // A language Sayline has no messages in is a mistake on the command line, said before
        // any scene is read or audited (a long audit, then a usage error, or a missing scene's
        // message in its place, would hide it).
        if let asked = arguments.value(LanguageChoice.option.name), case .failure(let problem) = Self.languages(asked: asked, scenes: [], options: options) {
            throw problem
        }
        // What the audit reads is never written over: the scenes, the settings, and (by the
        // report) the baseline. Both outputs are checked before either is written.
        let inputs = files.map(\.shown) + [settingsFile].compactMap { $0 }
        if let baselinePath, arguments.has(updateBaseline.name), case .failure(let failure) = FileDoor.check(baselinePath, inputs: inputs) {
            Diagnostics.write("\(FileAccess.shown(baselinePath)): \(failure.message)\n")
            return ExitStatus.ioError.rawValue
        }
        let reportInputs = inputs + [baselinePath].compactMap { $0 }
        if let outputPath, case .failure(let failure) = FileDoor.check(outputPath, inputs: reportInputs) {
            Diagnostics.write("\(FileAccess.shown(outputPath)): \(failure.message)\n")
            return ExitStatus.ioError.rawValue
        }
        let scenes: [AuditedScene]
        switch Self.load(paths, threads: threads, part: part) {
        case .failure(let failure): return failure.report()
        case .success(let loaded): scenes = loaded
        }
        // Fewer scenes than parts: the controls are what is split.
        let ranges = part.flatMap { part in Self.filesPerPart(paths, part) == nil ? Self.controlRanges(scenes, part) : nil }
        var report = Self.audit(scenes, ranges: ranges, auditor: Auditor(options: options), threads: threads)
        // Each language a scene claims (or each asked for), heard in turn: the rules about
        // words run again in it, and every finding names it.
        switch Self.languages(asked: arguments.value(LanguageChoice.option.name), scenes: scenes, options: options) {
        case .failure(let problem): throw problem
        case .success(let books):
            for book in books {
                var heard = options
                heard.language = book
                heard.everyScene = arguments.has(LanguageChoice.option.name)
                report.adding(language: Self.audit(scenes, ranges: ranges, auditor: Auditor(options: heard), threads: threads))
            }
        }
        if let part, ranges?.allSatisfy(\.isEmpty) == true {
            Diagnostics.write("sayline audit: part \(part.index) of \(part.count) holds no controls: nothing was audited\n")
        }
        if let baselinePath {
            var known = AuditBaseline([])
            switch FileAccess.read(baselinePath, limit: 64 << 20) {
            case .success(let bytes):
                switch AuditBaseline.parse(String(decoding: bytes, as: UTF8.self)) {
                case .failure(let problem):
                    Diagnostics.write("\(FileAccess.shown(baselinePath)):\(problem.line): \(problem.message)\n")
                    return ExitStatus.malformed.rawValue
                case .success(let read): known = read
                }
            case .failure(.missing) where arguments.has(updateBaseline.name):
                break
            case .failure(let failure):
                Diagnostics.write("\(FileAccess.shown(baselinePath)): \(failure.message)\n")
                return ExitStatus.malformed.rawValue
            }
            let fileKeys = Self.baselineKeys(scenes, baseline: baselinePath)
            if arguments.has(updateBaseline.name) {
                known = AuditBaseline(accepting: report, fileKeys: fileKeys)
                if case .failure(let failure) = FileDoor.write(known.text, to: baselinePath, inputs: inputs) {
                    Diagnostics.write("\(FileAccess.shown(baselinePath)): \(failure.message)\n")
                    return ExitStatus.ioError.rawValue
                }
            }
            report = report.applying(known, wholeFiles: ranges == nil, fileKeys: fileKeys)
        }
        var settings = ReportSettings(version: Options.versionNumber, timestamp: Self.timestamp(), failOn: threshold, options: options)
        if format == .sarif { (settings.sourceRoot, settings.locations) = Self.sarifLocations(scenes) }
        // The long formats are written as they are made, never held whole.
        let produce: ((ArraySlice<UInt8>) -> Void) -> Void
        switch format {
        case .json: produce = { sink in report.writeAxeJSON(settings, parallel: { count, render in Parallel.map(count, threads: threads, render) }, to: sink) }
        case .junit: produce = { sink in report.writeJUnit(settings, parallel: { count, render in Parallel.map(count, threads: threads, render) }, to: sink) }
        case .text, .sarif, .html:
            let text = format == .text ? report.text(settings) : format == .sarif ? report.sarif(settings) : report.html(settings)
            produce = { sink in sink(Array(text.utf8)[...]) }
        }
        if let path = outputPath {
            if case .failure(let failure) = FileDoor.write(to: path, inputs: reportInputs, producing: produce) {
                Diagnostics.write("\(FileAccess.shown(path)): \(failure.message)\n")
                return ExitStatus.ioError.rawValue
            }
        } else if format == .json || format == .junit {
            // Tens of megabytes: written on a thread of their own while the next pieces are made.
            let writer = OutputThread<ArraySlice<UInt8>>.report()
            produce { writer.send($0) }
            var output = writer.finish()
            if let failed = output.finish("sayline audit") { return failed.rawValue }
        } else {
            var output = BufferedOutput()
            produce { output.write(bytes: $0) }
            if let failed = output.finish("sayline audit") { return failed.rawValue }
        }
        return report.fails(at: threshold) ? ExitStatus.failed.rawValue : ExitStatus.ok.rawValue
    }

    /// Part K of N, from "K/N".
    static func shard(_ word: String) throws(UsageError) -> (index: Int, count: Int) {
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), (1...1_000).contains(count), (1...count).contains(index) else {
            throw UsageError("--shard takes K/N, a part K from 1 to N of N from 1 to 1000, not \(TextSanitiser.echo(word))")
        }
        return (index, count)
    }

    /// With at least as many scene files as parts, each part takes a run of whole files, in
    /// order: the files' indices for `part`; nil when the controls must be split instead.
    static func filesPerPart(_ paths: [String], _ part: (index: Int, count: Int)) -> Range<Int>? {
        let files = sceneFiles(paths).count
        guard files >= part.count else { return nil }
        return (part.index - 1) * files / part.count ..< part.index * files / part.count
    }

    /// A run of the controls of all the scenes, in order, for `part`: each scene's share.
    static func controlRanges(_ scenes: [AuditedScene], _ part: (index: Int, count: Int)) -> [Range<Int>] {
        let total = scenes.reduce(0) { $0 + $1.scene.elements.count }
        let lower = (part.index - 1) * total / part.count, upper = part.index * total / part.count
        var offset = 0
        return scenes.map { entry in
            let count = entry.scene.elements.count
            defer { offset += count }
            let start = min(max(lower - offset, 0), count), end = min(max(upper - offset, 0), count)
            return start..<max(start, end)
        }
    }

    /// Scene files, and the *.json files of folders (sorted), read in parallel; the demo scene
    /// when none is named. Every problem of every file is reported before anything is audited.
    /// With a `part` of several files, only that part's files are read.
    static func load(_ paths: [String], threads: Int, part: (index: Int, count: Int)? = nil) -> Result<[AuditedScene], SceneLoadFailure> {
        guard !paths.isEmpty else { return .success([AuditedScene(name: "", path: [], scene: .demo)]) }
        var files = sceneFiles(paths)
        guard !files.isEmpty else { return .failure(SceneLoadFailure(lines: paths.map { "\(FileAccess.shown($0)): no scene files (*.json) in this folder" })) }
        if let part, let mine = filesPerPart(paths, part) { files = Array(files[mine]) }
        let named = files
        // Several files are read one a thread; a single one lends its threads to its controls.
        let perFile = named.count == 1 ? threads : 1
        let loaded = Parallel.map(named.count, threads: threads) { SceneFile.document(named[$0].shown, systemPath: named[$0].system, threads: perFile).map(\.scene) }
        var scenes: [AuditedScene] = []
        var problems: [String] = []
        // Each name shown once: reports and baselines tell files apart by it, and Swift calls
        // two strings equal when they are canonically equivalent ("café" composed and
        // decomposed), so a name equal to one before it is shown byte by byte.
        // The same path named twice keeps its one name.
        var shownNames: [String: [UInt8]] = [:]
        func unique(_ path: [UInt8]) -> String {
            var name = FileName.display(path)
            if let other = shownNames[name], other != path { name = FileName.display(path, everyByte: true) }
            var copy = 2
            let plain = name
            while let other = shownNames[name], other != path { name = plain + " (\(copy))"; copy += 1 }
            shownNames[name] = path
            return name
        }
        for (file, result) in zip(files, loaded) {
            switch result {
            case .success(let scene):
                let path = file.system.dropLast().map { UInt8(bitPattern: $0) }
                scenes.append(AuditedScene(name: unique(path), path: path, scene: scene))
            case .failure(let failure): problems += failure.lines
            }
        }
        return problems.isEmpty ? .success(scenes) : .failure(SceneLoadFailure(lines: problems))
    }

    /// The scene files `paths` name: files, and the *.json files of folders, sorted. Each as
    /// it is shown, and as the system spells it: a name in a folder need not be UTF-8, and is
    /// opened by its own bytes.
    static func sceneFiles(_ paths: [String]) -> [(shown: String, system: [CChar])] {
        var files: [(shown: String, system: [CChar])] = []
        for path in paths {
            if let entries = FileAccess.directoryEntries(path) {
                let folder = Array((path.hasSuffix("/") ? path : path + "/").utf8)
                files += entries.filter { $0.count > 5 && $0.suffix(5) == Array(".json".utf8) }.sorted { $0.lexicographicallyPrecedes($1) }.map { name in
                    let whole = folder + name
                    return (String(decoding: whole, as: UTF8.self), whole.map { CChar(bitPattern: $0) } + [0])
                }
            } else {
                files.append((path, Array(path.utf8CString)))
            }
        }
        return files
    }

    /// Each scene cut into runs of controls, audited on every core, then joined in order: the
    /// report is the same as one thread's.
    /// - Parameter ranges: the controls of each scene to audit (a shard's); all when nil. A
    ///   scene with none is left out of the report.
    static func audit(_ scenes: [AuditedScene], ranges: [Range<Int>]? = nil, auditor: Auditor, threads: Int) -> AuditReport {
        var units: [(scene: Int, controls: Range<Int>)] = []
        for (index, entry) in scenes.enumerated() {
            let mine = ranges.map { $0[index] } ?? entry.scene.elements.indices
            if ranges != nil && mine.isEmpty { continue }
            let count = mine.count
            // Four runs a thread evens out uneven controls; each run sets up the scene's
            // context (its names) once, so runs are not made smaller than that is worth.
            let runLength = max(64, (count + threads * 4 - 1) / (threads * 4))
            for start in stride(from: 0, to: max(count, 1), by: runLength) {
                units.append((index, mine.lowerBound + start..<mine.lowerBound + min(start + runLength, count)))
            }
        }
        let work = units
        // What rules know of a whole scene (its names), made once a scene, not once a run.
        let contexts = scenes.map { AuditContext(elements: $0.scene.elements, options: auditor.options) }
        let reports = Parallel.map(work.count, threads: threads) { unit in
            auditor.audit(scenes[work[unit].scene].scene, file: scenes[work[unit].scene].name,
                          controls: work[unit].controls, clock: monotonicNanoseconds, context: contexts[work[unit].scene])
        }
        // A part with no control at all: an empty report, with every rule inapplicable.
        // It names no file: it audited none.
        return AuditReport.joined(reports) ?? auditor.audit(scenes.first?.scene ?? .demo, file: "", controls: 0..<0, clock: monotonicNanoseconds)
    }

    /// The `.sayline-audit` that applies to every scene of `files` (AuditSettingsFile.find from
    /// each scene's folder; from the current folder for the demo), as a path; nil when none
    /// does. Scenes whose settings differ cannot make one report (a rule off for some and not
    /// for others): that is a usage error naming two of them.
    static func settingsFile(for files: [(shown: String, system: [CChar])], home: [UInt8]?) -> Result<String?, UsageError> {
        var byFolder: [[UInt8]: [UInt8]?] = [:]
        var first: (scene: String, settings: [UInt8]?)?
        let folders = files.isEmpty ? [ProjectFolder.current()]
            : ProjectFolder.absolute(files.map { $0.system.dropLast().map { UInt8(bitPattern: $0) } }).map { $0.flatMap(ProjectFolder.parent) }
        for (index, folder) in folders.enumerated() {
            // A scene whose folder cannot be resolved is missing: loading it says so.
            guard let folder else { continue }
            let found: [UInt8]?
            if let known = byFolder[folder] { found = known } else {
                found = AuditSettingsFile.find(forFolder: folder, home: home)
                byFolder[folder] = found
            }
            let scene = files.isEmpty ? "the demo" : FileAccess.shown(files[index].shown)
            guard let earlier = first else { first = (scene, found); continue }
            if earlier.settings != found {
                func words(_ settings: [UInt8]?) -> String { settings.map { FileAccess.shown(String(decoding: $0, as: UTF8.self)) } ?? "none" }
                return .failure(UsageError("\(earlier.scene) and \(scene) take their rule settings from different .sayline-audit files (\(words(earlier.settings)) and \(words(found))): one report holds one set of settings, so audit them in separate runs"))
            }
        }
        return .success(first?.settings.map { String(decoding: $0, as: UTF8.self) })
    }

    /// Each scene's baseline key by the name the report shows: its path from the root of the
    /// repository the baseline is in (the baseline's own folder outside one), as exact bytes
    /// (FileName.key). So `./a.json`, an absolute path and a run from another folder key the
    /// same file alike, and names that look alike stay apart.
    static func baselineKeys(_ scenes: [AuditedScene], baseline: String) -> [String: String] {
        guard let folder = ProjectFolder.realFolder(of: Array(baseline.utf8)) else { return [:] }
        let root = ProjectFolder.repositoryRoot(of: folder) ?? folder
        var keys: [String: String] = [:]
        for (scene, absolute) in zip(scenes, ProjectFolder.absolute(scenes.map(\.path))) where !scene.name.isEmpty {
            keys[scene.name] = FileName.key(absolute.map { FileName.relative($0, from: root) } ?? scene.path)
        }
        return keys
    }

    /// SARIF's root (the repository the current folder is in, or the current folder) as a
    /// `file://` URI, and each scene's location from it; a scene outside it gets its absolute URI.
    static func sarifLocations(_ scenes: [AuditedScene]) -> (root: String?, locations: [String: String]) {
        guard let current = ProjectFolder.current() else { return (nil, [:]) }
        let root = ProjectFolder.repositoryRoot(of: current) ?? current
        let slash = UInt8(ascii: "/")
        var locations: [String: String] = [:]
        for (scene, absolute) in zip(scenes, ProjectFolder.absolute(scenes.map(\.path))) where !scene.name.isEmpty {
            guard let absolute else { continue }
            locations[scene.name] = FileName.isInside(absolute, root)
                ? FileName.uriReference(FileName.relative(absolute, from: root))
                : "file://" + FileName.uriReference(absolute)
        }
        return ("file://" + FileName.uriReference(root.last == slash ? root : root + [slash]), locations)
    }

    /// Now, in UTC, as ISO 8601: "2026-11-30T15:04:05Z".
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard gmtime_r(&now, &parts) != nil else { return "" }
        func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}

/// A scene to audit: the name reports show (FileName.display, one-to-one with its bytes), its
/// path as the system spells it, and the scene.
struct AuditedScene: Sendable {
    let name: String
    let path: [UInt8]
    let scene: Scene
}

/// Nanoseconds on the monotonic clock, for the time each check takes.
@Sendable package func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}
