import Foundation
import PseudoTerminal

/// Writes the linker's section-ordering file for the release build (Sources/Programs/sayline/startup.order):
/// every function a session runs from its start to its first prompt, in English and then in a
/// language with a catalog, so that the linker lays them side by side. Left where they fell in a 19 MB executable, they were spread over its
/// text, and many pages a start touched were a page fault of their own (Docs/performance.md).
///
/// valgrind's callgrind names each function that ran; it counts what ran, not how long it
/// took, so the list is the same on a busy machine as on a quiet one.
enum StartupOrder {
    static func write(to path: String, binary: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind") else { return false }
        // In a folder of its own (mkdtemp: this user's alone): a name guessed in /tmp could be a
        // link someone else left there, and valgrind, often run as root, would write through it.
        var template = Array((NSTemporaryDirectory() + "sayline-startup-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return false }
        let folder = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // An English start first, then what a start with a catalog runs besides (German's: every
        // language's is the same code), laid after it: reading, checking and asking the catalog
        // were pages of their own, a fault each, at every start in another language.
        var names: [String] = []
        var seen: Set<String> = []
        for language in ["en", "de"] {
            guard let started = functionNames(startingIn: language, binary: binary, profile: folder + "/start-\(language).callgrind"), !started.isEmpty else { return false }
            for name in started where seen.insert(name).inserted { names.append(name) }
        }
        let lines = names.map { ".text.\($0)\n" }.joined()
        return (try? lines.write(toFile: path, atomically: true, encoding: .utf8)) != nil
    }

    /// The functions a session's start to its first prompt runs, with LANGUAGE set to
    /// `language`, in the order callgrind first names them; nil when it could not be profiled.
    private static func functionNames(startingIn language: String, binary: String, profile: String) -> [String]? {
        // As a person starts it: looking for their screen reader too.
        guard let process = try? TerminalProcess(["--tool=callgrind", "--demangle=no", "--callgrind-out-file=\(profile)",
                                                  binary, "--settle", "0", "--reduce-motion"],
                                                 environment: ["SAYLINE_DETECT_SCREEN_READER": "1"].merging(language == "en" ? [:] : ["LANGUAGE": language]) { $1 },
                                                 executable: "/usr/bin/valgrind"),
              process.waitForDisplay("weight> ", timeout: 120) else { return nil }
        // SIGTERM ends the session as a signal would, and callgrind writes its profile at the end.
        kill(process.pid, SIGTERM)
        guard process.waitForExit(timeout: 60) != nil, let text = try? String(contentsOfFile: profile, encoding: .utf8) else { return nil }
        return functionNames(callgrind: text)
    }

    /// The functions a callgrind profile names, in the order it first names them. A name is
    /// given once, at its first `fn=(ID) NAME` or `cfn=(ID) NAME`; an address stands where
    /// there was no symbol.
    static func functionNames(callgrind text: String) -> [String] {
        var seen: Set<String> = []
        var names: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("fn=(") || line.hasPrefix("cfn=(") {
            guard let close = line.firstIndex(of: ")") else { continue }
            let name = line[line.index(after: close)...].drop { $0 == " " }
            guard !name.isEmpty, !name.hasPrefix("0x"), !name.contains(" "), !seen.contains(String(name)) else { continue }
            seen.insert(String(name))
            names.append(String(name))
        }
        return names
    }
}
