import Glibc

/// Files under /proc, read by paths relative to it ("PID/stat") into one buffer that every
/// read reuses: its first 4 KiB for what a file holds, the rest for the path.
struct ProcFiles {
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
        let (named, _) = length > 0 ? Self.processID(UnsafeRawBufferPointer(start: data, count: length)) : (0, 0)
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

    /// A /proc entry's name as a process id, and how many digits it has; 0 for entries that
    /// are not processes.
    static func processID(_ name: UnsafeRawBufferPointer) -> (Int32, Int) {
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
}
