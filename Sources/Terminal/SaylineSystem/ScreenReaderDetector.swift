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
        if onConsole, let synth = readSmallFile("/sys/accessibility/speakup/synth"), !synth.isEmpty, synth != "none" {
            return "speakup"
        }
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
        let kernelThreads = proc.kernelThreads()
        // Readers found: parallel arrays of plain integers and strings, whose types the program
        // already has.
        var candidatePIDs: [Int32] = []
        var candidateReaders: [String] = []
        while let entry = readdir(directory) {
            let (pid, digits) = withUnsafeBytes(of: entry.pointee.d_name) { name in
                let (pid, digits) = Self.processID(name)
                if pid > 0 { proc.startPath(with: UnsafeRawBufferPointer(rebasing: name[0..<digits])) }
                return (pid, digits)
            }
            guard pid > 0, pid != me.pid, !ancestors.contains(pid), !(kernelThreads.map { Self.holds($0, pid) } ?? false) else { continue }
            if readsEveryone {
                if kernelThreads == nil, proc.isKernelThread(digits: digits) { continue }
            } else {
                // Off a console only this user's processes can count: another user's (for anyone
                // but root, most of them) are passed over on their owner alone, one call instead
                // of the three that read a name.
                guard proc.owner(digits: digits) == uid else { continue }
            }
            guard let match = proc.reader(digits: digits) else { continue }
            candidatePIDs.append(pid)
            candidateReaders.append(match)
        }
        if readsEveryone && !candidatePIDs.isEmpty {
            // The nearest ancestor that is a reader, as where the ancestors were walked first.
            var match: String?
            _ = proc.ancestors(from: me.parent) { pid, _ in
                match = candidatePIDs.firstIndex(of: pid).map { candidateReaders[$0] }
                return match == nil
            }
            if let match { return match }
        }
        var session: String??
        var displays: [String]?
        for (pid, reader) in zip(candidatePIDs, candidateReaders) {
            if onConsole && readsTheConsole(reader) { return reader }
            // Where everyone's were read, the owner is asked of the few that are readers.
            if readsEveryone {
                proc.startPath(pid)
                guard proc.owner(digits: proc.pathDigits) == uid else { continue }
            }
            // The audit login session, where the kernel keeps one ("4294967295": none kept).
            if session == nil { session = .some(proc.session(of: nil)) }
            if let ours = session ?? nil, ours != "4294967295" {
                if proc.session(of: pid) == ours { return reader }
                continue
            }
            // No login session kept (a container, a root shell): the user alone says nothing of
            // which screen a reader reads, so it counts only on the same X or Wayland display.
            if displays == nil { displays = Self.ownDisplays() }
            if let mine = displays, !mine.isEmpty, proc.displays(of: pid).contains(where: mine.contains) { return reader }
        }
        return nil
    }

    /// This process's display variables as `NAME=value` ("DISPLAY=:1"), those that are set.
    private static func ownDisplays() -> [String] {
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
    static func readerName(_ command: UnsafeRawBufferPointer) -> String? {
        processNames.first { reader in
            let length = reader.utf8.count
            return command.count >= length && command.prefix(length).elementsEqual(reader.utf8)
                && (command.count == length || command[length] == UInt8(ascii: "-"))
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

    /// What /proc/PID/stat says of a process: its parent, its controlling terminal, and the
    /// reader its name is, if any.
    private struct ProcessFacts {
        let pid: Int32
        let parent: Int32
        let terminal: Int
        let reader: String?
        /// Whether it is the kernel's thread daemon: process 2, named kthreadd, with no parent.
        let isKernelThreadDaemon: Bool

        /// This process's, from system calls: its own name is never a reader that counts.
        init(pid: Int32, parent: Int32, terminal: Int) {
            self.pid = pid
            self.parent = parent
            self.terminal = terminal
            reader = nil
            isKernelThreadDaemon = false
        }

        init?(stat bytes: UnsafeRawBufferPointer) {
            // "PID (NAME) STATE PPID PGRP SESSION TTY_NR ...": the name may hold spaces and
            // parentheses itself, so it ends at the last ")".
            guard let open = bytes.firstIndex(of: UInt8(ascii: "(")) else { return nil }
            var close = bytes.count - 1
            while close > open, bytes[close] != UInt8(ascii: ")") { close -= 1 }
            guard open < close else { return nil }
            var before = Fields(bytes, from: 0, to: open)
            var fields = Fields(bytes, from: close + 1, to: bytes.count)
            // The state is a letter, not a number: skipped, then the parent, two more, the terminal.
            guard let own = before.next(), fields.skip(), let parent = fields.next(),
                  fields.skip(), fields.skip(), let terminal = fields.next() else { return nil }
            let name = UnsafeRawBufferPointer(rebasing: bytes[(open + 1)..<close])
            pid = Int32(truncatingIfNeeded: own)
            self.parent = Int32(truncatingIfNeeded: parent)
            self.terminal = terminal
            reader = ScreenReaderDetector.readerName(name)
            isKernelThreadDaemon = own == 2 && parent == 0 && name.elementsEqual("kthreadd".utf8)
        }

        /// Space-separated fields read as decimal numbers, where they lie.
        struct Fields {
            private let bytes: UnsafeRawBufferPointer
            private var index: Int
            private let end: Int

            init(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) {
                self.bytes = bytes
                index = start
                self.end = end
            }

            /// The next field, or nil when there is none or it is not a number (a process id
            /// or a device number: at most 18 digits, so no overflow).
            mutating func next() -> Int? {
                while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
                var value = 0
                var digits = 0
                var negative = false
                if index < end, bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
                while index < end, bytes[index] != UInt8(ascii: " ") {
                    let byte = bytes[index]
                    guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    digits += 1
                    index += 1
                }
                return digits > 0 ? (negative ? -value : value) : nil
            }

            /// Passes over a field whatever it holds; false when there is none.
            mutating func skip() -> Bool {
                while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
                guard index < end else { return false }
                while index < end, bytes[index] != UInt8(ascii: " ") { index += 1 }
                return true
            }
        }
    }

    /// Files under /proc, read by paths relative to it ("PID/stat") into one buffer that every
    /// read reuses: its first 4 KiB for what a file holds, the rest for the path.
    private struct ProcFiles {
        private let proc: Int32
        private let data: UnsafeMutableRawPointer
        private let path: UnsafeMutablePointer<CChar>
        private static let dataSize = 4_096
        /// A process id, a slash, a leaf of up to nine bytes ("sessionid") and a NUL fit.
        private static let pathSize = 32
        /// How many digits the path's process id has.
        private(set) var pathDigits = 0

        init(_ proc: Int32) {
            self.proc = proc
            data = UnsafeMutableRawPointer.allocate(byteCount: Self.dataSize + Self.pathSize, alignment: 8)
            path = (data + Self.dataSize).bindMemory(to: CChar.self, capacity: Self.pathSize)
        }

        func release() { data.deallocate() }

        /// Starts the path with a process id's digits, as /proc's entry names it.
        mutating func startPath(with digits: UnsafeRawBufferPointer) {
            for (index, byte) in digits.enumerated() { path[index] = CChar(bitPattern: byte) }
            pathDigits = digits.count
            path[pathDigits] = 0
        }

        /// Starts the path with a process id, written in decimal.
        mutating func startPath(_ pid: Int32) {
            let value = max(pid, 0)
            var count = 1
            var rest = value / 10
            while rest > 0 { count += 1; rest /= 10 }
            rest = value
            for index in stride(from: count - 1, through: 0, by: -1) {
                path[index] = CChar(bitPattern: UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            }
            pathDigits = count
            path[count] = 0
        }

        /// Ends the path's process id with `/leaf`, or with nothing for the process's own entry.
        private func end(_ digits: Int, with leaf: StaticString?) {
            var index = digits
            if let leaf {
                path[index] = CChar(bitPattern: UInt8(ascii: "/"))
                index += 1
                leaf.withUTF8Buffer { for byte in $0 { path[index] = CChar(bitPattern: byte); index += 1 } }
            }
            path[index] = 0
        }

        /// The bytes of the file at `path`, at most 4 KiB, or nil when it cannot be read.
        private func read(_ path: UnsafePointer<CChar>) -> UnsafeRawBufferPointer? {
            let fd = openat(proc, path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            let count = Glibc.read(fd, data, Self.dataSize)
            return count > 0 ? UnsafeRawBufferPointer(start: data, count: count) : nil
        }

        /// What a process's stat says.
        mutating func facts(of pid: Int32) -> ProcessFacts? {
            startPath(pid)
            return facts(digits: pathDigits)
        }

        /// This process's pid, parent and terminal. Where /proc numbers processes as this
        /// process does (its `self` link names this pid), from system calls: the terminal is
        /// that of the standard streams, the one Sayline reads keys from and draws on. Under a
        /// PID namespace whose /proc was not mounted anew, getppid's number would name a
        /// stranger in /proc, so there they come from this process's stat as /proc sees it.
        func ownFacts() -> ProcessFacts? {
            let pid = getpid()
            // The link's text is a process id, as /proc's entries are named.
            let length = readlinkat(proc, "self", data.assumingMemoryBound(to: CChar.self), 16)
            let (named, _) = length > 0 ? ScreenReaderDetector.processID(UnsafeRawBufferPointer(start: data, count: length)) : (0, 0)
            guard named > 0, named == pid else { return read("self/stat").flatMap(ProcessFacts.init(stat:)) }
            return ProcessFacts(pid: pid, parent: getppid(), terminal: Self.standardTerminal())
        }

        /// The device of the first standard stream that is a terminal (keys, then display),
        /// 0 when none is.
        private static func standardTerminal() -> Int {
            for descriptor in [STDIN_FILENO, STDERR_FILENO, STDOUT_FILENO] where isatty(descriptor) == 1 {
                var info = stat()
                if fstat(descriptor, &info) == 0 { return Int(truncatingIfNeeded: info.st_rdev) }
            }
            return 0
        }

        /// Walks up from `parent`, nearest first, reading each ancestor's stat, while `visit`
        /// says to go on; the ancestors visited, at most 64 (a cycle ends the walk too).
        mutating func ancestors(from parent: Int32, _ visit: (Int32, ProcessFacts) -> Bool) -> [Int32] {
            var walked: [Int32] = []
            var next = parent
            while next > 0, walked.count < 64, !walked.contains(next), let facts = facts(of: next) {
                walked.append(next)
                guard visit(next, facts) else { break }
                next = facts.parent
            }
            return walked
        }

        /// What the stat of the process the path starts with says.
        func facts(digits: Int) -> ProcessFacts? {
            end(digits, with: "stat")
            return read(path).flatMap(ProcessFacts.init(stat:))
        }

        /// A process's audit login session, as the kernel writes it; this process's with nil.
        mutating func session(of pid: Int32?) -> String? {
            let bytes: UnsafeRawBufferPointer?
            if let pid {
                startPath(pid)
                end(pathDigits, with: "sessionid")
                bytes = read(path)
            } else {
                bytes = read("self/sessionid")
            }
            guard let bytes else { return nil }
            let line = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<line]), as: UTF8.self)
        }

        /// The display variables a process was started with, from its environ (read whole, up
        /// to 1 MiB: only for the rare reader with no login session to go by).
        mutating func displays(of pid: Int32) -> [String] {
            startPath(pid)
            end(pathDigits, with: "environ")
            let fd = openat(proc, path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return [] }
            defer { close(fd) }
            var block: [UInt8] = []
            while block.count < 1 << 20 {
                let count = Glibc.read(fd, data, Self.dataSize)
                guard count > 0 else { break }
                block.append(contentsOf: UnsafeRawBufferPointer(start: data, count: count))
            }
            return block.withUnsafeBytes { ScreenReaderDetector.displays(inEnvironment: $0) }
        }

        /// The reader the name of the process the path starts with (its comm) is, if any.
        func reader(digits: Int) -> String? {
            end(digits, with: "comm")
            guard let bytes = read(path) else { return nil }
            let line = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            return ScreenReaderDetector.readerName(UnsafeRawBufferPointer(rebasing: bytes[0..<line]))
        }

        /// The user the process the path starts with runs as: the owner of its /proc entry.
        func owner(digits: Int) -> uid_t? {
            end(digits, with: nil)
            var info = stat()
            return fstatat(proc, path, &info, 0) == 0 ? info.st_uid : nil
        }

        /// Where kernel threads cannot be listed at once: they have no executable to link to; a
        /// process of another user (EACCES) or one that has just gone may still be anything, so
        /// only ENOENT says kernel thread.
        func isKernelThread(digits: Int) -> Bool {
            end(digits, with: "exe")
            // Where it links to does not matter, only whether it does: a few bytes of it are read.
            let length = readlinkat(proc, path, data.assumingMemoryBound(to: CChar.self), 16)
            return length < 0 && errno == ENOENT
        }

        /// The kernel's threads, sorted: the children of kthreadd (process 2), as its children
        /// file lists them. Nil where they cannot be listed that way (no children files); empty
        /// where process 2 is not kthreadd, as in a PID namespace of its own, which shows no
        /// kernel threads. A thread started since is only read by name, which never makes it a
        /// reader.
        mutating func kernelThreads() -> [Int32]? {
            guard let kthreadd = facts(of: 2), kthreadd.isKernelThreadDaemon else { return [] }
            let fd = openat(proc, "2/task/2/children", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var listed: [Int32] = [2]
            var current: Int32 = 0
            var digits = 0
            while true {
                let count = Glibc.read(fd, data, Self.dataSize)
                guard count > 0 else { break }
                for byte in UnsafeRawBufferPointer(start: data, count: count) {
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
    }
}
