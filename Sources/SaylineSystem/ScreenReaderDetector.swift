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
    /// - Complexity: every call into /proc costs microseconds, more than the rest of the work,
    ///   so they are few: kernel threads (most of /proc on a quiet machine) are listed in one
    ///   read; where only this user's processes count, another user's are passed over on their
    ///   owner alone; where anyone's may (root, a console), each is read once, and its parent
    ///   read with its name gives the ancestors without a walk of their own.
    package static func detect() -> String? {
        guard let me = ProcessFacts() else { return nil }
        let onConsole = isVirtualConsole(me.terminal)
        if onConsole, let synth = readSmallFile("/sys/accessibility/speakup/synth"), !synth.isEmpty, synth != "none" {
            return "speakup"
        }
        let uid = getuid()
        let readsEveryone = uid == 0 || onConsole
        // An ancestor counts whoever runs it. Where the scan reads only this user's processes,
        // the ancestors are walked first, each name read with its parent.
        var ancestors: [Int32] = []
        if !readsEveryone {
            var parent = me.parent
            while parent > 0, ancestors.count < 64, !ancestors.contains(parent), let facts = ProcessFacts(pid: parent) {
                if let match = readerName(facts.name) { return match }
                ancestors.append(parent)
                parent = facts.parent
            }
        }
        guard let directory = opendir("/proc") else { return nil }
        defer { closedir(directory) }
        let proc = dirfd(directory)
        let kernelThreads = Self.kernelThreads(in: proc)
        // Readers found that are not known to be ancestors, and where every process is read,
        // each one's parent.
        var candidates: [(pid: Int32, reader: String)] = []
        var listed: [(pid: Int32, parent: Int32)] = []
        // "PID/comm", "PID/stat" and "PID/exe", relative to /proc, made in one buffer for every process.
        var path = [CChar](repeating: 0, count: 40)
        var name = [UInt8](repeating: 0, count: 64)
        while let entry = readdir(directory) {
            let (pid, digits) = withUnsafeBytes(of: entry.pointee.d_name) { Self.processID($0) }
            guard pid > 0, pid != me.pid, !ancestors.contains(pid), !(kernelThreads.map { Self.holds($0, pid) } ?? false) else { continue }
            withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                for index in 0..<digits { path[index] = CChar(bitPattern: bytes[index]) }
            }
            if readsEveryone {
                if kernelThreads == nil, isKernelThread(&path, digits: digits, in: proc) { continue }
                ending(&path, digits: digits, with: "stat")
                guard let facts = ProcessFacts(at: path, in: proc) else { continue }
                listed.append((pid, facts.parent))
                if let match = readerName(facts.name) { candidates.append((pid, match)) }
            } else {
                // Off a console only this user's processes can count: another user's (for anyone
                // but root, most of them) are passed over on their owner alone, one call instead
                // of the three that read a name.
                guard Self.owner(of: &path, digits: digits, in: proc) == uid,
                      let match = Self.name(of: &path, digits: digits, in: proc, into: &name).flatMap(readerName) else { continue }
                candidates.append((pid, match))
            }
        }
        if readsEveryone {
            var step = me.parent
            var steps = 0
            while step > 0, steps < 64 {
                if let ancestor = candidates.first(where: { $0.pid == step }) { return ancestor.reader }
                if let known = listed.first(where: { $0.pid == step }) {
                    step = known.parent
                } else {
                    // Not in the scan (it began since, or /proc hid it): read as a walk would.
                    guard let facts = ProcessFacts(pid: step) else { break }
                    if let match = readerName(facts.name) { return match }
                    step = facts.parent
                }
                steps += 1
            }
        }
        var session: String??
        for candidate in candidates {
            if onConsole && consoleReaders.contains(candidate.reader) { return candidate.reader }
            // Where everyone's were read, the owner is asked of the few that are readers.
            if readsEveryone {
                var digitsPath = Array(String(candidate.pid).utf8CString)
                guard Self.owner(of: &digitsPath, digits: digitsPath.count - 1, in: proc) == uid else { continue }
            }
            // The audit login session, where the kernel keeps one ("4294967295": none kept).
            if session == nil { session = .some(readSmallFile("/proc/self/sessionid")) }
            let ours = session ?? nil
            let theirs = readSmallFile("/proc/\(candidate.pid)/sessionid")
            if ours == nil || ours == "4294967295" || theirs == ours { return candidate.reader }
        }
        return nil
    }

    /// The kernel's threads, sorted: the children of kthreadd (process 2), as its children file
    /// lists them. Nil where they cannot be listed that way (no children files); empty where
    /// process 2 is not kthreadd, as in a PID namespace of its own, which shows no kernel threads.
    /// A thread started since is only read by name, which never makes it a reader.
    private static func kernelThreads(in proc: Int32) -> [Int32]? {
        guard let kthreadd = ProcessFacts(pid: 2), kthreadd.parent == 0, kthreadd.name.elementsEqual("kthreadd".utf8) else { return [] }
        let fd = openat(proc, "2/task/2/children", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var listed: [Int32] = [2]
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var current: Int32 = 0
        var digits = 0
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") && digits < 9 {
                    current = current * 10 + Int32(byte - UInt8(ascii: "0"))
                    digits += 1
                } else {
                    if digits > 0 { listed.append(current) }
                    current = 0
                    digits = 0
                }
            }
        }
        if digits > 0 { listed.append(current) }
        listed.sort()
        return listed
    }

    /// Whether a sorted list holds a process id, by halves.
    private static func holds(_ sorted: [Int32], _ pid: Int32) -> Bool {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < pid { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == pid
    }

    /// The reader a process name is, if it is one: the name itself or the name and a dash.
    static func readerName<Name: Collection<UInt8>>(_ command: Name) -> String? {
        processNames.first { reader in
            command.starts(with: reader.utf8)
                && (command.count == reader.utf8.count || command.dropFirst(reader.utf8.count).first == UInt8(ascii: "-"))
        }
    }

    /// A /proc entry's name as a process id, and how many digits it has; 0 for entries that
    /// are not processes.
    private static func processID(_ name: UnsafeRawBufferPointer) -> (Int32, Int) {
        var pid: Int32 = 0
        var digits = 0
        for byte in name {
            if byte == 0 { break }
            // Process ids are below 2^22; more than nine digits is not one.
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), digits < 9 else { return (0, 0) }
            pid = pid * 10 + Int32(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return (pid, digits)
    }

    /// `path` holds a process id in its first `digits`: this ends it with `/leaf` and a NUL.
    /// The path buffer is 40 bytes: nine digits, a slash, a leaf of four and a NUL fit.
    private static func ending(_ path: inout [CChar], digits: Int, with leaf: StaticString) {
        path[digits] = CChar(bitPattern: UInt8(ascii: "/"))
        var index = digits + 1
        leaf.withUTF8Buffer { for byte in $0 { path[index] = CChar(bitPattern: byte); index += 1 } }
        path[index] = 0
    }

    /// The user a process runs as: the owner of its /proc entry.
    private static func owner(of path: inout [CChar], digits: Int, in proc: Int32) -> uid_t? {
        path[digits] = 0
        var info = stat()
        return fstatat(proc, path, &info, 0) == 0 ? info.st_uid : nil
    }

    /// Where kernel threads cannot be listed at once: they have no executable to link to; a process of another user (EACCES) or
    /// one that has just gone may still be anything, so only ENOENT says kernel thread.
    private static func isKernelThread(_ path: inout [CChar], digits: Int, in proc: Int32) -> Bool {
        ending(&path, digits: digits, with: "exe")
        // Where it links to does not matter, only whether it does: a few bytes of it are read.
        var target = (UInt64(0), UInt64(0))
        let length = withUnsafeMutableBytes(of: &target) { bytes -> Int in
            guard let start = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) else { return 0 }
            return readlinkat(proc, path, start, bytes.count)
        }
        return length < 0 && errno == ENOENT
    }

    /// A process's name (/proc/PID/comm) in `buffer`, without its line feed.
    private static func name(of path: inout [CChar], digits: Int, in proc: Int32, into buffer: inout [UInt8]) -> ArraySlice<UInt8>? {
        ending(&path, digits: digits, with: "comm")
        let fd = openat(proc, path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return buffer[0..<count].prefix { $0 != UInt8(ascii: "\n") }
    }

    /// What /proc/PID/stat says of a process: its name, its parent and its controlling terminal.
    private struct ProcessFacts {
        let pid: Int32
        let name: ArraySlice<UInt8>
        let parent: Int32
        let terminal: Int

        /// This process's, or with `pid` another's.
        init?(pid: Int32? = nil) {
            self.init(reading: pid.map { open("/proc/\($0)/stat", O_RDONLY | O_CLOEXEC) } ?? open("/proc/self/stat", O_RDONLY | O_CLOEXEC))
        }

        /// From "PID/stat" relative to /proc.
        init?(at path: [CChar], in proc: Int32) {
            self.init(reading: openat(proc, path, O_RDONLY | O_CLOEXEC))
        }

        private init?(reading fd: Int32) {
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = read(fd, &buffer, buffer.count)
            // "PID (NAME) STATE PPID PGRP SESSION TTY_NR ...": the name may hold spaces and
            // parentheses itself, so it ends at the last ")".
            guard count > 0, let open = buffer[0..<count].firstIndex(of: UInt8(ascii: "(")),
                  let close = buffer[0..<count].lastIndex(of: UInt8(ascii: ")")), open < close else { return nil }
            var fields = Self.Numbers(buffer[(close + 1)..<count])
            var before = Self.Numbers(buffer[0..<open])
            // The state is a letter, not a number: skipped, then the parent, two more, the terminal.
            guard let own = before.next(), fields.skip(), let parent = fields.next(),
                  fields.skip(), fields.skip(), let terminal = fields.next() else { return nil }
            self.pid = Int32(truncatingIfNeeded: own)
            name = buffer[(open + 1)..<close]
            self.parent = Int32(truncatingIfNeeded: parent)
            self.terminal = terminal
        }

        /// Space-separated fields read as decimal numbers, in place.
        struct Numbers {
            private var bytes: ArraySlice<UInt8>

            init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

            /// The next field, or nil when there is none or it is not a number (a process id
            /// or a device number: at most 18 digits, so no overflow).
            mutating func next() -> Int? {
                bytes = bytes.drop { $0 == UInt8(ascii: " ") }
                var value = 0
                var digits = 0
                var negative = false
                if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
                while let byte = bytes.first, byte != UInt8(ascii: " ") {
                    guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    digits += 1
                    bytes = bytes.dropFirst()
                }
                return digits > 0 ? (negative ? -value : value) : nil
            }

            /// Passes over a field whatever it holds; false when there is none.
            mutating func skip() -> Bool {
                bytes = bytes.drop { $0 == UInt8(ascii: " ") }
                guard !bytes.isEmpty else { return false }
                bytes = bytes.drop { $0 != UInt8(ascii: " ") }
                return true
            }
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
