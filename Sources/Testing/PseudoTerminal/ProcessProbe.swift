import Foundation

/// What the kernel says of a process, read from /proc without touching its output.
public enum ProcessProbe {
    /// Polls where the process sleeps until it is blocked writing to a pipe (up to 5 s).
    public static func waitUntilBlockedInWrite(_ pid: pid_t) -> Bool {
        for _ in 0..<5_000 {
            let channel = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? ""
            if channel.contains("pipe_write") || channel.contains("pipe_wait") { return true }
            usleep(1_000)
        }
        return false
    }

    /// User and system time of a process, in clock ticks (a hundredth of a second).
    public static func cpuTicks(_ pid: pid_t) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, utime 14 and stime 15 of the whole line.
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return 0 }
        return user + system
    }

    /// Whether the process is stopped (Ctrl-Z, SIGSTOP).
    public static func isStopped(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] == "T"
    }

    /// Resident memory, in KiB.
    public static func residentKilobytes(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// The processes whose whole command line is `command` ("sleep 10").
    public static func processes(named command: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.filter { pid in
            let cmdline = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            let words = String(decoding: cmdline, as: UTF8.self).split(separator: "\0").joined(separator: " ")
            return words == command
        }
    }
}
