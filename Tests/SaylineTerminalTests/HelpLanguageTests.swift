import Foundation
import PseudoTerminal
import Testing

/// What the command line prints about itself, in the person's language, through the real
/// binary: every command's help with no line of English prose, a usage error and its hint both
/// in the language, `config`'s sources, the key names, the languages found, and completion
/// scripts that describe in the language and still load in bash, zsh and fish.
extension EndToEndTests { @Suite struct HelpLanguageTests {
    static let commands = ["", "run", "audit", "describe", "scene", "pick", "config", "completions", "install", "uninstall", "help"]

    static func help(_ command: String, _ language: String) throws -> String {
        let result = try runPiped((command.isEmpty ? [] : [command]) + ["--help", "--language", language], input: "", environment: ["COLUMNS": "80"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(command) \(language): \(result.stderr)")
        return result.stdout
    }

    /// Lines a translation leaves as they are: the usage synopsis, the options' names, and
    /// pick's example, a command to copy.
    static func keptAsTyped(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " }
        return trimmed.hasPrefix("[") || trimmed.hasPrefix("-") || trimmed.hasPrefix("vol=") || trimmed.hasPrefix("pactl")
    }

    /// `sayline --help` and each command's: no line of more than two words is an English line.
    @Test(arguments: ["de", "pl"])
    func everyHelpHasNoLineOfEnglishProse(language: String) throws {
        for command in Self.commands {
            let english = Set(try Self.help(command, "en").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            let translated = try Self.help(command, language)
            // The usage synopsis (up to the first blank line) is option names alone.
            for line in translated.split(separator: "\n", omittingEmptySubsequences: false).drop(while: { !$0.isEmpty })
            where !Self.keptAsTyped(line) && line.split(separator: " ").count > 2 {
                #expect(!english.contains(line.trimmingCharacters(in: .whitespaces)), "\(language) sayline \(command) --help: \(line)")
            }
            #expect(!translated.contains("usage:") && !translated.contains("Options:") && !translated.contains("default:"), "\(language) \(command)")
        }
    }

    /// In the pseudo-language every message is bracketed: what is left outside the brackets
    /// is option names, values and commands as typed, never English words.
    @Test func thePseudoLanguageFindsNoEnglishInAnyHelp() throws {
        let typed: Set<String> = ["sayline", "run", "audit", "describe", "apps", "scene", "pick", "config", "completions", "install", "uninstall", "help",
                                  "bash", "zsh", "fish", "man", "json", "text", "junit", "sarif", "html", "value", "ruler", "rating", "digitroll",
                                  "full", "plain", "screen", "reader", "reduce", "terse", "normal", "verbose", "none", "some", "all", "auto",
                                  "off", "computer", "contracted", "true", "false", "rtl", "ltr", "minor", "moderate", "serious", "critical"]
        for command in Self.commands {
            for line in try Self.help(command, "qps").split(separator: "\n") where !Self.keptAsTyped(line) {
                var text = String(line)
                // Brackets nest (a key's name inside the keys' sentence); a message may span lines.
                while let range = text.range(of: #"\[[^\[\]]*\]"#, options: .regularExpression) { text.removeSubrange(range) }
                text = text.replacing(#/^[^\[]*\]/#, with: "").replacing(#/\[[^\]]*$/#, with: "")
                // A word of plain lowercase letters; paths, options and {placeholders} are typed.
                let words = text.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",;:.()\"'")) }
                    .filter { $0.count >= 3 && $0.allSatisfy { ("a"..."z").contains($0) } && !typed.contains($0) }
                #expect(words.isEmpty, "sayline \(command) --help: \(words) in \(line)")
            }
        }
    }

    /// A usage error and its hint are both in the language: no line, and no pair of lines,
    /// pairs English with it.
    @Test(arguments: ["de", "pl"])
    func aUsageErrorAndItsHintAreInTheLanguage(language: String) throws {
        let mistakes = [["frobnicate"], ["pick", "--max", "5", "--min", "10"], ["completions", "tcsh"], ["audit", "--shard", "3/2"],
                        ["audit", "--update-baseline"], ["install", "extra"], ["install", "--prefix", "relative"], ["help", "a", "b"]]
        for words in mistakes {
            let english = try runPiped(words + ["--language", "en"], input: "")
            let translated = try runPiped(words + ["--language", language], input: "")
            #expect(translated.status == 64 && english.status == 64, "\(words)")
            let lines = translated.stderr.split(separator: "\n")
            let englishLines = english.stderr.split(separator: "\n")
            #expect(lines.count == 2 && englishLines.count == 2, "\(words): \(translated.stderr)")
            for (line, original) in zip(lines, englishLines) { #expect(line != original, "\(language) \(words) left English: \(line)") }
            #expect(!translated.stderr.contains("Try '"), "\(words): \(translated.stderr)")
        }
        let polish = try runPiped(["frobnicate", "--language", "pl"], input: "")
        #expect(polish.stderr.hasPrefix("sayline: nieznane polecenie „frobnicate”; polecenia to: run, audit"), "\(polish.stderr)")
        let german = try runPiped(["pick", "--max", "5", "--min", "10", "--language", "de"], input: "")
        #expect(german.stderr.hasPrefix("sayline pick: --max 5 liegt unter dem Minimum\n"), "\(german.stderr)")
    }

    /// `config` says where each setting came from in the language.
    @Test func configSaysItsSourcesInTheLanguage() throws {
        let german = try runPiped(["config", "--language", "de"], input: "")
        #expect(german.stdout.contains("# Befehlszeile --language (Deutsch)") && german.stdout.contains("# eingebaut")
                && german.stdout.contains("# erkannt: die Standardfehlerausgabe ist kein Terminal"), "\(german.stdout)")
        #expect(!german.stdout.contains("built in") && !german.stdout.contains("engine's own"), "\(german.stdout)")
        let polish = try runPiped(["config"], input: "", environment: ["LANG": "pl_PL.UTF-8"])
        #expect(polish.stdout.contains("# zmienna środowiskowa LANG (polski)") && polish.stdout.contains("# wbudowane"), "\(polish.stdout)")
        // The preferences file's problems too.
        let home = try ScratchFolder()
        _ = try home.file(".config/sayline/config", "bogus = 1\nnonsense\n")
        let warned = try runPiped(["config", "--language", "de"], input: "", environment: ["HOME": home.path])
        #expect(warned.stderr.contains("config:1: unbekannte Einstellung bogus; bekannt sind: display,")
                && warned.stderr.contains("config:2: keine Zeile der Form KEY = VALUE"), "\(warned.stderr)")
    }

    /// The help's keys are the ones `help keys` says: the language's own names.
    @Test func theHelpNamesTheKeysInTheLanguage() throws {
        let german = try Self.help("", "de")
        #expect(german.contains("Pfeil auf/Pfeil rechts/+") && german.contains("Pos1 zum Minimum"), "\(german)")
        #expect(!german.contains("Up/Right") && !german.contains("Home "), "\(german)")
        #expect(try Self.help("", "en").contains("Up/Right/+ increase by one step"))
    }

    /// `--language`'s help names the languages found: an installed copy with one catalog left
    /// lists English and that one.
    @Test func theLanguagesListedAreTheCatalogsFound() throws {
        // The help's lines joined: where they break depends on the width.
        func joined(_ text: String) -> String { text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") }
        #expect(joined(try Self.help("", "en")).contains("announcement: en, de, es, fr, pl, or any with a catalog"))
        let prefix = try ScratchFolder()
        let installed = try runPiped(["install", "--prefix", prefix.path], input: "")
        #expect(installed.status == 0, "\(installed.stderr)")
        for code in ["de", "fr", "pl"] { try FileManager.default.removeItem(atPath: prefix.path + "/share/locale/\(code)") }
        let help = try runPiped(["--help", "--language", "es"], input: "", environment: ["COLUMNS": "200"], executable: prefix.path + "/bin/sayline")
        #expect(joined(help.stdout).contains("anuncio: en, es, o cualquiera con catálogo"), "\(help.stdout)")
        let run = try runPiped(["run", "--help"], input: "", environment: ["COLUMNS": "200"], executable: prefix.path + "/bin/sayline")
        #expect(joined(run.stdout).contains("expects: en, es, or any with a catalog"), "\(run.stdout)")
    }

    /// A completion script describes in the language Sayline speaks, and a translator's
    /// apostrophe or colon never breaks it: bash, zsh and fish load the German and the French
    /// one, and fish and zsh show their words.
    @Test(.enabled(if: Consumers.installed("/usr/bin/zsh", "/usr/bin/fish"), "zsh or fish is not installed"))
    func completionScriptsDescribeInTheLanguageAndLoad() throws {
        let folder = try ScratchFolder()
        for language in ["de", "fr"] {
            let bash = try folder.file("\(language).bash", try runPiped(["completions", "bash", "--language", language], input: "").stdout)
            let zsh = try folder.file("\(language).zsh", try runPiped(["completions", "zsh", "--language", language], input: "").stdout)
            let fish = try folder.file("\(language).fish", try runPiped(["completions", "fish", "--language", language], input: "").stdout)
            let sourced = try runPiped(["--norc", "--noprofile", "-c", "source '\(bash)' && COMP_WORDS=(sayline au) && COMP_CWORD=1 && _sayline && echo \"${COMPREPLY[@]}\""],
                                       input: "", executable: "/bin/bash")
            #expect(sourced.status == 0 && sourced.stdout == "audit\n", "\(language) bash: \(sourced.stdout) \(sourced.stderr)")
            let zshLoads = try runPiped(["-f", "-c", "autoload -Uz compinit && compinit -u -d '\(folder.path)/zcompdump' && source '\(zsh)' && print loaded"],
                                        input: "", environment: ["HOME": folder.path], executable: "/usr/bin/zsh")
            #expect(zshLoads.status == 0 && zshLoads.stdout == "loaded\n" && zshLoads.stderr.isEmpty, "\(language) zsh: \(zshLoads.stderr)")
            let offered = try runPiped(["--no-config", "-c", "source '\(fish)'; complete -C 'sayline --vo'; complete -C 'sayline des'"], input: "", executable: "/usr/bin/fish")
            let expected = language == "de" ? ["--voice\tdie Stimme der Sprachausgabe, etwa en-gb für espeak-ng", "describe\tsagen, was ein Screenreader für jeden Regler sagen würde"]
                : ["--voice\tla voix du moteur, par exemple en-gb pour espeak-ng", "describe\tdire ce qu'un lecteur d'écran dirait pour chaque contrôle"]
            #expect(offered.status == 0 && offered.stdout.split(separator: "\n").map(String.init) == expected, "\(language) fish: \(offered.stdout) \(offered.stderr)")
        }
        // zsh lists the French options with their words, the apostrophes whole.
        let shell = try TerminalProcess(["-f"], environment: ["PS1": "ZSH%% ", "HOME": folder.path], speechOnTerminal: true, executable: "/usr/bin/zsh")
        #expect(shell.waitForDisplay("ZSH% "))
        shell.send("autoload -Uz compinit && compinit -u && source \(folder.path)/fr.zsh && print -r -- loaded\r")
        #expect(shell.waitForDisplay("loaded"))
        let listed = shell.mark
        shell.send("sayline audit --f\t")
        #expect(shell.waitForDisplay("le plus faible impact qui fait échouer l'audit", since: listed), "\(shell.display(since: listed))")
        #expect(shell.display(since: listed).contains("text pour les personnes"))
        shell.send("\u{03}")
    }
} }
