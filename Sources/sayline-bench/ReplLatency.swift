import Foundation
import PseudoTerminal

/// Key press to announcement, and start to first prompt, for sayline and for bash's readline
/// in the same run, each in a pseudo-terminal with stdout on a pipe.
enum ReplLatency {
    /// Presses Up and Down alternately and times each until its line arrives on the speech pipe.
    static func keyToSpeech(_ process: TerminalProcess, presses: Int, up: String, down: String) -> [Double] {
        var samples: [Double] = []
        samples.reserveCapacity(presses)
        for index in 0..<presses {
            let linesBefore = process.speech.count { $0 == UInt8(ascii: "\n") }
            let began = now()
            process.send(index % 2 == 0 ? up : down)
            let arrived = process.waitUntil(timeout: 2) { $0.speech.count { $0 == UInt8(ascii: "\n") } > linesBefore }
            if arrived { samples.append((now() - began) * 1000) }
        }
        return samples.sorted()
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
        _ = process.waitForDisplay(prompt)
        return (now() - began) * 1000
    }
}
