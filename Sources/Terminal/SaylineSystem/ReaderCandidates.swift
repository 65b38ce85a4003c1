import Glibc

/// The screen readers found by name in /proc, in the order it lists them: the processes named
/// `fenrir`, `orca` or `brltty`, before anything says whose each one is. Kept as parallel
/// arrays of plain integers and strings, whose types the program already has.
struct ReaderCandidates {
    private(set) var pids: [Int32] = []
    private(set) var readers: [String] = []

    /// Every process in /proc whose name is a reader's, but this one, its ancestors already
    /// walked (`passingOver`) and kernel threads.
    /// - Parameter owner: where only one user's processes can count (off a console, not
    ///   root), that user: another's are passed over on their owner alone, one call instead
    ///   of the three that read a name. Nil where everyone's are read, by name alone.
    static func find(in directory: OpaquePointer, proc: inout ProcFiles, passingOver me: Int32, _ ancestors: [Int32],
                     owner: uid_t?) -> ReaderCandidates {
        let kernelThreads = proc.kernelThreads()
        var found = ReaderCandidates()
        while let entry = readdir(directory) {
            let (pid, digits) = withUnsafeBytes(of: entry.pointee.d_name) { name in
                let (pid, digits) = ProcFiles.processID(name)
                if pid > 0 { proc.startPath(with: UnsafeRawBufferPointer(rebasing: name[0..<digits])) }
                return (pid, digits)
            }
            guard pid > 0, pid != me, !ancestors.contains(pid), !(kernelThreads.map { holds($0, pid) } ?? false) else { continue }
            if let owner {
                guard proc.owner(digits: digits) == owner else { continue }
            } else if kernelThreads == nil, proc.isKernelThread(digits: digits) {
                continue
            }
            guard let match = proc.reader(digits: digits) else { continue }
            found.pids.append(pid)
            found.readers.append(match)
        }
        return found
    }

    /// The nearest ancestor of this process that is one of them, walking up from `parent`:
    /// where everyone's were read, the ancestors are walked only once a reader turned up.
    func nearestAncestor(from parent: Int32, proc: inout ProcFiles) -> String? {
        guard !pids.isEmpty else { return nil }
        var match: String?
        _ = proc.ancestors(from: parent) { pid, _ in
            match = pids.firstIndex(of: pid).map { readers[$0] }
            return match == nil
        }
        return match
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
}
