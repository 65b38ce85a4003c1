import Foundation
import PseudoTerminal

/// Generated scripts and scenes for the script and audit figures, written to a scratch folder.
enum Workloads {
    static let folder = NSTemporaryDirectory() + "sayline-bench-\(getpid())"

    static func prepare() {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    static func cleanUp() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A script of `count` commands that keep the value moving and announcing.
    static func script(commands count: Int) -> String {
        let cycle = ["inc", "inc 3", "page up", "dec", "page down", "dec 3", "next", "inc", "prev", "set 70"]
        var text = ""
        text.reserveCapacity(count * 6)
        for index in 0..<count { text += cycle[index % cycle.count] + "\n" }
        let path = folder + "/script-\(count).say"
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A scene of `count` controls: rulers up to 20,000 ticks, ratings and nine-column rolls in turn.
    static func scene(controls count: Int) -> String {
        var entries: [String] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            switch index % 3 {
            case 0:
                let ticks = [10, 1_000, 20_000][index / 3 % 3]
                entries.append(#"{"kind": "ruler", "id": "r\#(index)", "label": "Ruler \#(index)", "unit": {"singular": "gram", "plural": "grams"}, "min": 0, "max": \#(ticks - 1), "value": 5}"#)
            case 1:
                entries.append(#"{"kind": "rating", "id": "s\#(index)", "label": "Rating \#(index)"}"#)
            default:
                entries.append(#"{"kind": "digitroll", "id": "d\#(index)", "label": "Balance \#(index)", "digits": 9, "prefix": "$", "unit": {"singular": "dollar", "plural": "dollars"}, "value": 12480}"#)
            }
        }
        let path = folder + "/scene-\(count).json"
        try? ("{\"controls\": [\n" + entries.joined(separator: ",\n") + "\n]}\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A folder of `scenes` scenes of `controls` controls each, for the many-scenes figure.
    static func sceneFolder(scenes: Int, controls: Int) -> String {
        let folder = Self.folder + "/scenes-\(scenes)x\(controls)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let scene = (try? String(contentsOfFile: Self.scene(controls: controls), encoding: .utf8)) ?? ""
        for index in 0..<scenes {
            try? scene.write(toFile: folder + "/scene-\(index).json", atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// Seconds for one run of the binary.
    static func timeBinary(_ arguments: [String]) -> Double {
        let began = now()
        _ = try? runPiped(arguments, input: "", quietSeconds: 600, keepingOutput: false)
        return now() - began
    }

    /// Seconds from spawning a program to reaping it, its output to /dev/null: start-up and exit
    /// alone, the same for Sayline and the floor it is held to.
    static func timeSpawn(_ executable: String, _ arguments: [String]) -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let began = now()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return .nan }
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        return now() - began
    }

    /// Peak resident size of one run in MiB, measured by GNU time (a small process that forks,
    /// so the figure is the child's own), or nil where /usr/bin/time is missing.
    static func peakMebibytes(_ arguments: [String]) -> Double? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time"),
              let result = try? runPiped(["-f", "%M", TerminalProcess.binary] + arguments, input: "", executable: "/usr/bin/time", quietSeconds: 600),
              let kilobytes = result.stderr.split(separator: "\n").last.flatMap({ Double($0) }) else { return nil }
        return kilobytes / 1024
    }
}
