import SaylineText
import SaylineCommandLine

/// Part K of N of an audit (`--shard K/N`), so N jobs together audit everything once: the
/// scene files split in order, or, with fewer files than parts, the controls of all the scenes.
struct AuditShard: Sendable, Equatable {
    /// K, from 1 to `count`.
    let index: Int
    /// N, from 1 to 1000.
    let count: Int

    /// Part K of N, from "K/N".
    init(_ word: String) throws(UsageError) {
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), (1...1_000).contains(count), (1...count).contains(index) else {
            // Translators: keep --shard, K/N, K and N as they are; %s is what was given.
            throw UsageError(translated("--shard takes K/N, a part K from 1 to N of N from 1 to 1000, not %s", TextSanitiser.echo(word)))
        }
        self.index = index
        self.count = count
    }

    /// With at least as many scene files as parts, each part takes a run of whole files, in
    /// order: the indices of this part's, of `total`; nil when the controls must be split instead.
    func files(of total: Int) -> Range<Int>? {
        guard total >= count else { return nil }
        return (index - 1) * total / count ..< index * total / count
    }

    /// A run of the controls of all the scenes, in order: each scene's share of this part,
    /// from each scene's number of controls.
    func controlRanges(_ controlCounts: [Int]) -> [Range<Int>] {
        let total = controlCounts.reduce(0, +)
        let lower = (index - 1) * total / count, upper = index * total / count
        var offset = 0
        return controlCounts.map { count in
            defer { offset += count }
            let start = min(max(lower - offset, 0), count), end = min(max(upper - offset, 0), count)
            return start..<max(start, end)
        }
    }
}
