import Glibc
import SaylineCore

/// Looks for a screen reader this person runs, so the screen-reader display can be chosen for
/// a person who did not know to ask for it.
///
/// What counts: a process named `fenrir`, `orca` or `brltty`, found by name in /proc, that is
/// this person's: one of this process's ancestors (Fenrir runs the shell in its own terminal),
/// or a process of the same user in the same login session (Orca on this desktop), or, for the
/// readers of the Linux console (Fenrir, BRLTTY, usually run by root), any one when this
/// terminal is a virtual console. Another user's reader, or this user's in another login,
/// changes nothing here. Speakup, in the kernel, counts on a virtual console when
/// /sys/accessibility/speakup/synth names a synthesizer other than "none". Turned off by
/// `detect-screen-reader = off` or SAYLINE_DETECT_SCREEN_READER=0.
package enum ScreenReaderDetector {
    static let processNames = ["fenrir", "orca", "brltty"]
    /// Readers of the Linux console rather than of a desktop.
    static let consoleReaders: Set<String> = ["fenrir", "brltty"]

    /// The screen reader found, by name, or nil.
    /// - Complexity: one stat per process, and a small read for this user's own: a fraction of
    ///   a millisecond with a few hundred.
    package static func detect() -> String? {
        let me = ProcessFacts(pid: "self")
        let onConsole = me.map { isVirtualConsole($0.terminal) } ?? false
        if onConsole, let synth = readSmallFile("/sys/accessibility/speakup/synth"), !synth.isEmpty, synth != "none" {
            return "speakup"
        }
        let ancestors = ancestorIDs()
        let uid = getuid()
        let session = readSmallFile("/proc/self/sessionid")
        guard let directory = opendir("/proc") else { return nil }
        defer { closedir(directory) }
        let proc = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let first = name.utf8.first, first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") else { continue }
            let isAncestor = ancestors.contains(name)
            // Off a console only this user's processes and ancestors can count: another user's
            // (for anyone but root, most of them) are passed over on their owner alone, one
            // call instead of the three that read a name.
            var owned: Bool?
            if !onConsole && !isAncestor && uid != 0 {
                owned = Self.owner(of: name, in: proc) == uid
                guard owned == true else { continue }
            }
            guard let command = readSmallFile("/proc/\(name)/comm"),
                  let match = processNames.first(where: { command == $0 || command.hasPrefix($0 + "-") }) else { continue }
            if isAncestor { return match }
            if onConsole && consoleReaders.contains(match) { return match }
            guard owned ?? (Self.owner(of: name, in: proc) == uid) else { continue }
            // The audit login session, where the kernel keeps one ("4294967295": none kept).
            let theirs = readSmallFile("/proc/\(name)/sessionid")
            if session == nil || session == "4294967295" || theirs == session { return match }
        }
        return nil
    }

    /// The user a process runs as: the owner of its /proc entry.
    private static func owner(of name: String, in proc: Int32) -> uid_t? {
        var info = stat()
        return fstatat(proc, name, &info, 0) == 0 ? info.st_uid : nil
    }

    /// What /proc/PID/stat says of a process: its parent and its controlling terminal.
    private struct ProcessFacts {
        let parent: String
        let terminal: Int

        init?(pid: String) {
            let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 1_024)
            let count = read(fd, &buffer, buffer.count)
            guard count > 0, let close = buffer[0..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
            // After the name: state, ppid, pgrp, session, tty_nr.
            let fields = buffer[(close + 1)..<count].split(separator: UInt8(ascii: " "))
            guard fields.count > 4, let terminal = Int(String(decoding: fields[4], as: UTF8.self)) else { return nil }
            parent = String(decoding: fields[1], as: UTF8.self)
            self.terminal = terminal
        }
    }

    /// This process's ancestors' ids, up to init.
    private static func ancestorIDs() -> Set<String> {
        var ids: Set<String> = []
        var current = "self"
        while let facts = ProcessFacts(pid: current), facts.parent != "0", ids.count < 64, !ids.contains(facts.parent) {
            ids.insert(facts.parent)
            current = facts.parent
        }
        return ids
    }

    /// Whether a device number is a Linux virtual console (/dev/tty1 to /dev/tty63).
    private static func isVirtualConsole(_ device: Int) -> Bool {
        let major = (device >> 8) & 0xfff
        let minor = (device & 0xff) | ((device >> 12) & 0xfff00)
        return major == 4 && minor >= 1 && minor < 64
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
