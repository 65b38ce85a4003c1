/// What the script lines seen before read as, found by their bytes.
///
/// A million-line script says a few lines again and again. Looking one up here takes a short
/// FNV-1a hash of its bytes and one comparison, where a `[String: Reading]` needed a String
/// made of the line first and the standard library's seeded hash (together 10 % of a run).
/// Open addressing in a table twice the limit's size, so a probe ends quickly.
struct ScriptLineMemo<Reading: Sendable>: Sendable {
    private struct Entry: Sendable {
        let bytes: [UInt8]
        let text: String
        let reading: Reading
    }

    /// Distinct lines kept; past it, `remember` keeps nothing more.
    let limit: Int
    /// Each slot is an entry's index plus one; 0 is empty.
    private var slots: [Int32]
    private var entries: [Entry] = []

    init(limit: Int) {
        self.limit = limit
        var size = 16
        while size < limit * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
    }

    /// The text and reading kept for a line of these bytes, or nil.
    func find(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, reading: Reading)? {
        let mask = slots.count - 1
        var slot = Self.hash(bytes) & mask
        while slots[slot] != 0 {
            let entry = entries[Int(slots[slot]) - 1]
            if Self.same(entry.bytes, bytes) { return (entry.text, entry.reading) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Keeps a line's reading, while fewer than `limit` are kept; the line must not be kept yet.
    mutating func remember(_ bytes: UnsafeBufferPointer<UInt8>, text: String, reading: Reading) {
        guard entries.count < limit else { return }
        let mask = slots.count - 1
        var slot = Self.hash(bytes) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        entries.append(Entry(bytes: Array(bytes), text: text, reading: reading))
        slots[slot] = Int32(entries.count)
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    private static func same(_ kept: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        kept.count == bytes.count && kept.withUnsafeBufferPointer { $0.elementsEqual(bytes) }
    }
}
