/// What /proc/PID/stat says of a process: its parent, its controlling terminal, and the
/// reader its name is, if any.
struct ProcessFacts {
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
