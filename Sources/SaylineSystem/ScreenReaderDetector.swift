import Glibc
import SaylineCore

/// Looks for a screen reader running on this machine, so the screen-reader display can be
/// chosen for a person who did not know to ask for it.
///
/// What counts, and why it is reliable: a process named `fenrir` (Fenrir), `orca` (Orca, when
/// the terminal runs in its desktop) or `brltty` (BRLTTY, braille and its speech), found by name
/// in /proc; and speakup, which is in the kernel, when /sys/accessibility/speakup/synth names a
/// synthesizer other than "none". Turned off by `detect-screen-reader = off` or
/// SAYLINE_DETECT_SCREEN_READER=0.
package enum ScreenReaderDetector {
    static let processNames = ["fenrir", "orca", "brltty"]

    /// The screen reader found, by name, or nil.
    /// - Complexity: one small read per process: about a millisecond with a few hundred.
    package static func detect() -> String? {
        if let synth = readSmallFile("/sys/accessibility/speakup/synth"), !synth.isEmpty, synth != "none" {
            return "speakup"
        }
        guard let directory = opendir("/proc") else { return nil }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let first = name.utf8.first, first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") else { continue }
            guard let command = readSmallFile("/proc/\(name)/comm") else { continue }
            if let match = processNames.first(where: { command == $0 || command.hasPrefix($0 + "-") }) { return match }
        }
        return nil
    }

    /// The first line of a small file, or nil when it cannot be read.
    private static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}
