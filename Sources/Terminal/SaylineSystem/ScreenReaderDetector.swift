import Glibc

/// Looks for a screen reader this person runs, so the screen-reader display can be chosen for
/// a person who did not know to ask for it.
///
/// What counts: a process named `fenrir`, `orca` or `brltty`, found by name in /proc, that is
/// this person's: one of this process's ancestors (Fenrir runs the shell in its own terminal),
/// or a process of the same user in the same login session (Orca on this desktop), or, where
/// the kernel keeps no login session (a container, a root shell), one of the same user on the
/// same X or Wayland display; or, for the readers of the Linux console (Fenrir, BRLTTY, usually
/// run by root), any one when this terminal is a virtual console. Another user's reader, or
/// this user's in another login or on another display, changes nothing here: the user alone
/// is never evidence. Speakup, in the kernel, counts on a virtual console when
/// /sys/accessibility/speakup/synth names a synthesizer other than "none". Turned off by
/// `detect-screen-reader = off` or SAYLINE_DETECT_SCREEN_READER=0.
package enum ScreenReaderDetector {
    static let processNames = ["fenrir", "orca", "brltty"]

    /// Whether a reader is one of the Linux console's rather than of a desktop.
    static func readsTheConsole(_ reader: String) -> Bool { reader == "fenrir" || reader == "brltty" }

    /// The screen reader found, by name, or nil.
    /// - Complexity: every call into /proc costs microseconds, more than the rest of the work,
    ///   and the first of each kind in a process several times that, so they are few and of few
    ///   kinds. This process's own pid, parent and terminal come from system calls rather than
    ///   its stat where /proc numbers processes as it does. Where only this user's processes
    ///   count, the ancestors are walked first (each one's name read with its parent, stat) and
    ///   another user's processes are passed over on their owner alone; where everyone's are
    ///   read (root, or the console), every process is read by name alone (comm, which the
    ///   kernel makes far more cheaply than stat), ancestors included, and the ancestors are
    ///   walked only when a reader turned up. Kernel threads (most of /proc on a quiet machine)
    ///   are listed in one read. Every file is read into one buffer and parsed where it lies,
    ///   with no array or string a process: this runs before the first prompt of every session
    ///   (Docs/performance.md).
    package static func detect() -> String? {
        guard let directory = opendir("/proc") else { return nil }
        defer { closedir(directory) }
        var proc = ProcFiles(dirfd(directory))
        defer { proc.release() }
        guard let me = proc.ownFacts() else { return nil }
        let onConsole = isVirtualConsole(me.terminal)
        if onConsole, speakupSpeaks() { return "speakup" }
        let uid = getuid()
        let readsEveryone = uid == 0 || onConsole
        // An ancestor counts whoever runs it. Where only this user's processes are read, the
        // others' are passed over unread, so the ancestors must be known first.
        var ancestors: [Int32] = []
        if !readsEveryone {
            var match: String?
            ancestors = proc.ancestors(from: me.parent) { _, facts in
                match = facts.reader
                return match == nil
            }
            if let match { return match }
        }
        let candidates = ReaderCandidates.find(in: directory, proc: &proc, passingOver: me.pid, ancestors,
                                               owner: readsEveryone ? nil : uid)
        if readsEveryone, let match = candidates.nearestAncestor(from: me.parent, proc: &proc) { return match }
        var evidence = ScreenReaderEvidence(user: uid, ownersRead: !readsEveryone, onConsole: onConsole)
        for (pid, reader) in zip(candidates.pids, candidates.readers) where evidence.isThisPersons(pid, reader, proc: &proc) {
            return reader
        }
        return nil
    }

    /// Whether speakup, in the kernel, speaks: /sys/accessibility/speakup/synth names a
    /// synthesizer, not "none".
    private static func speakupSpeaks() -> Bool {
        guard let synth = readSmallFile("/sys/accessibility/speakup/synth") else { return false }
        return !synth.isEmpty && synth != "none"
    }

    /// This process's display variables as `NAME=value` ("DISPLAY=:1"), those that are set.
    static func ownDisplays() -> [String] {
        let names: [String] = ["DISPLAY", "WAYLAND_DISPLAY"]
        return names.compactMap { name -> String? in
            guard let value = getenv(name), value.pointee != 0 else { return nil }
            return "\(name)=\(String(cString: value))"
        }
    }

    /// The display variables in an environment block (NUL-separated `NAME=value` entries).
    static func displays(inEnvironment bytes: UnsafeRawBufferPointer) -> [String] {
        bytes.split(separator: 0).compactMap { entry in
            let text = String(decoding: entry, as: UTF8.self)
            return text.hasPrefix("DISPLAY=") || text.hasPrefix("WAYLAND_DISPLAY=") ? text : nil
        }
    }

    /// The reader a process name is, if it is one: the name itself or the name and a dash.
    static func readerName(_ command: UnsafeRawBufferPointer) -> String? {
        processNames.first { reader in
            let length = reader.utf8.count
            return command.count >= length && command.prefix(length).elementsEqual(reader.utf8)
                && (command.count == length || command[length] == UInt8(ascii: "-"))
        }
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
