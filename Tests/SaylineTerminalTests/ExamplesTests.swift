import Foundation
import Testing
import PseudoTerminal

/// Every `sh` example of the pages a newcomer follows, run as the page writes it, in bash, from
/// a copy of Docs/examples (which holds the files the examples name), one page's examples in
/// order in one shell (a later example may use a file an earlier one wrote). A page and its run
/// drift apart when an example is refused (a usage error, 64; a file that cannot be used, 2; a
/// command bash cannot find) or, where the page shows the output as `# ` lines under the
/// command, when the output differs. Set-up lines (`sudo`, `swift`) are not examples: the
/// install tests cover them. Device commands (pactl, amixer, brightnessctl) and espeak-ng are
/// stand-ins that take what they are given.
extension EndToEndTests { @Suite struct ExamplesTests {
    static let pages = ["README.md", "Docs/guide.md", "Docs/recipes.md", "Docs/events.md"]

    /// One example: the command as bash is given it (a here-document with its body), and the
    /// output the page shows under it, if any.
    struct Example {
        var command: String
        var shown: [String] = []
    }

    /// The examples of a page's ```sh blocks, in order.
    static func examples(in page: String) -> [Example] {
        var out: [Example] = []
        var inBlock = false
        var heredocEnd: String?
        var lastWasCommand = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if !inBlock {
                if line == "```sh" { inBlock = true; lastWasCommand = false }
                continue
            }
            if let end = heredocEnd {
                out[out.count - 1].command += "\n" + line
                if line == end { heredocEnd = nil }
                continue
            }
            if line == "```" { inBlock = false; continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") {
                // A comment at the start of the line right under a command is what the command
                // prints; an indented one goes on the comment beside the command.
                if lastWasCommand, line.hasPrefix("# ") { out[out.count - 1].shown.append(String(line.dropFirst(2))) }
                continue
            }
            if trimmed.isEmpty { lastWasCommand = false; continue }
            if trimmed.hasPrefix("sudo ") || trimmed.hasPrefix("swift ") { lastWasCommand = false; continue }
            out.append(Example(command: line))
            lastWasCommand = true
            if let range = line.range(of: "<<'") {
                heredocEnd = String(line[range.upperBound...].prefix { $0 != "'" })
            }
        }
        return out
    }

    @Test(arguments: pages)
    func everyExampleOfThePageRunsAsWritten(page: String) throws {
        let text = try String(contentsOf: PackagePaths.file(page), encoding: .utf8)
        let examples = Self.examples(in: text)
        #expect(!examples.isEmpty, "\(page) has no examples")
        let scratch = try ScratchFolder()
        let work = scratch.path + "/examples"
        try FileManager.default.copyItem(atPath: PackagePaths.file("Docs/examples").path, toPath: work)
        let log = scratch.path + "/sayline.log"
        // sayline itself, each run logged with its status; the stand-ins take their input.
        // A pick with nothing piped into it has a person at a terminal in the page: here Enter
        // is pressed for them (with no terminal and no input, pick is an error, status 2).
        _ = try scratch.file("bin/sayline", """
            #!/bin/bash
            if [ "$1" = pick ] && [ ! -p /dev/stdin ]; then
                printf '\\n' | '\(TerminalProcess.binary)' "$@"
            else
                '\(TerminalProcess.binary)' "$@"
            fi
            status=$?
            printf '%s\\t%s\\n' "$status" "$*" >> '\(log)'
            exit $status
            """, executable: true)
        for standIn in ["pactl", "amixer", "brightnessctl", "espeak-ng"] {
            _ = try scratch.file("bin/\(standIn)", "#!/bin/sh\ncat > /dev/null\n", executable: true)
        }
        // Each example is marked on stdout, so its output can be told from the next one's.
        let script = examples.enumerated().map { index, example in "printf '\\n@@@ \(index)\\n'\n" + example.command }.joined(separator: "\n")
        let result = try runPiped(["--norc", "--noprofile", "-c", "cd '\(work)' && exec < /dev/null && " + script], input: "",
                                  environment: ["HOME": scratch.path, "PATH": scratch.path + "/bin:/usr/bin:/bin"], executable: "/bin/bash",
                                  quietSeconds: 30)
        #expect(!result.stderr.contains("command not found") && !result.stderr.contains("No such file"), "\(page): \(result.stderr.suffix(800))")
        let runs = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(runs.count >= examples.filter { $0.command.contains("sayline") }.count, "\(page): \(runs.count) runs of sayline for \(examples.count) examples")
        for run in runs {
            let status = run.prefix { $0 != "\t" }
            #expect(status == "0" || status == "1", "\(page): sayline \(run.drop { $0 != "\t" }.dropFirst()) ended with \(status)")
        }
        // The output of each example, between its mark and the next.
        var outputs: [Int: [String]] = [:]
        var current: Int?
        for line in result.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("@@@ "), let index = Int(line.dropFirst(4)) { current = index; outputs[index] = []; continue }
            if let current { outputs[current, default: []].append(String(line)) }
        }
        for (index, example) in examples.enumerated() where !example.shown.isEmpty {
            var printed = outputs[index] ?? []
            while printed.last == "" { printed.removeLast() }
            #expect(printed == example.shown, "\(page): `\(example.command)` printed \(printed), the page shows \(example.shown)")
        }
    }

    /// The reader of examples itself: a here-document is one example, output lines belong to
    /// the command above them, set-up lines are left out.
    @Test func examplesAreReadAsBashWouldRunThem() {
        let page = "```sh\nsudo apt-get install x\nprintf 'a\\n' | sayline   # a comment\n                         # going on\n# Weight, 62 kilograms\n\ncat > a.say <<'END'\n# kept\ninc\nEND\nsayline run a.say   # inline\n```\n"
        let found = Self.examples(in: page)
        #expect(found.map(\.command) == ["printf 'a\\n' | sayline   # a comment", "cat > a.say <<'END'\n# kept\ninc\nEND", "sayline run a.say   # inline"])
        #expect(found.map(\.shown) == [["Weight, 62 kilograms"], [], []])
    }
} }
