import Foundation
import PseudoTerminal

/// Key press to announcement, and start to first prompt, for sayline and for bash's readline
/// in the same run, each in a pseudo-terminal with stdout on a pipe.
enum ReplLatency {
    /// Presses Up and Down alternately in each session, taking turns between the sessions so
    /// that whatever else the machine does falls on both alike; times each press until its line
    /// arrives on that session's speech pipe.
    static func keyToSpeech(_ sessions: [TerminalProcess], presses: Int, up: String, down: String) -> [[Double]] {
        var samples = Array(repeating: [Double](), count: sessions.count)
        for index in 0..<presses {
            for (which, process) in sessions.enumerated() {
                let linesBefore = process.speech.count { $0 == UInt8(ascii: "\n") }
                let began = now()
                process.send(index % 2 == 0 ? up : down)
                let arrived = process.waitUntil(timeout: 2) { $0.speech.count { $0 == UInt8(ascii: "\n") } > linesBefore }
                if arrived { samples[which].append((now() - began) * 1000) }
            }
        }
        return samples.map { $0.sorted() }
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(Int(Double(sorted.count - 1) * fraction), sorted.count - 1)]
    }

    static func saylineSession() throws -> TerminalProcess {
        let process = try TerminalProcess(["--settle", "0", "--reduce-motion"])
        _ = process.waitForDisplay("weight> ")
        return process
    }

    static func bashSession() throws -> TerminalProcess {
        let process = try TerminalProcess(["--norc", "-i"], environment: ["PS1": "READY> "], executable: "/bin/bash")
        _ = process.waitForDisplay("READY> ")
        // bash's readline runs a shell builtin for the key: the nearest thing to a bound function.
        process.send("bind -x '\"\\e[A\": echo up'; bind -x '\"\\e[B\": echo down'\r")
        _ = process.waitUntil(timeout: 5) { $0.displayText.components(separatedBy: "READY> ").count >= 3 }
        return process
    }

    static func startToPrompt(_ make: () throws -> TerminalProcess, prompt: String) -> Double {
        let began = now()
        guard let process = try? make() else { return .nan }
        _ = process.waitForDisplayBytes(prompt)
        return (now() - began) * 1000
    }
}
