import Foundation
import PseudoTerminal

/// A running application of 1,000 sliders (a GTK 3 window in a desktop of the benchmark's own,
/// Tests/SaylineTerminalTests/Fixtures/live) walked by `sayline describe --app` and `sayline
/// audit --app --no-keys`, beside pyatspi (the library Orca and dogtail use) reading the same
/// properties of the same window: each a whole command, its median wall time and peak memory.
enum LiveWalk {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/SaylineTerminalTests/Fixtures/live").path

    struct Timing: Decodable {
        let medianMilliseconds: Double
        let minMilliseconds: Double
        let peakKilobytes: Double
        let walkMedianMilliseconds: Double?
    }

    /// The figures, by command; empty when the desktop could not start (no Xvfb, GTK or root).
    static func measure(runs: Int) -> [String: Timing] {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else { return [:] }
        let work = NSTemporaryDirectory() + "sayline-bench-live-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        guard let run = try? runPiped(["--pid", "--fork", "--mount-proc", "--kill-child", "/usr/bin/python3", fixtures + "/desktop.py", work,
                                       "--app", "many", "--timeout", "120", "--", "/usr/bin/python3", fixtures + "/livebench.py",
                                       TerminalProcess.binary, String(runs)],
                                      input: "", executable: "/usr/bin/unshare", quietSeconds: 600), run.status == 0 else { return [:] }
        return (try? JSONDecoder().decode([String: Timing].self, from: Data(run.stdout.utf8))) ?? [:]
    }
}
