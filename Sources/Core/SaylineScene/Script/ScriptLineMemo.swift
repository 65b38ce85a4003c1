/// What the script lines seen before read as, found by their bytes.
///
/// A million-line script says a few lines again and again. Looking one up here takes a short
/// FNV-1a hash of its bytes and one comparison, where a `[String: Reading]` needed a String
/// made of the line first and the standard library's seeded hash (together 10 % of a run).
/// Open addressing in a table twice the limit's size, so a probe ends quickly; the kept lines'
/// bytes lie end to end in one array, so comparing with one retains nothing.
struct ScriptLineMemo<Reading: Sendable>: Sendable {
    /// Distinct lines kept; past it, `remember` keeps nothing more.
    let limit: Int
    /// Each slot is an entry's index plus one; 0 is empty.
    private var slots: [Int32]
    /// Every kept line's bytes, one after another; entry `i` is `spans[i]` of them.
    private var keptBytes: [UInt8] = []
    private var spans: [Range<Int>] = []
    private var texts: [String] = []
    private var readings: [Reading] = []

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
        return keptBytes.withUnsafeBufferPointer { kept in
            while slots[slot] != 0 {
                let entry = Int(slots[slot]) - 1
                let span = spans[entry]
                if span.count == bytes.count, Self.same(kept, from: span.lowerBound, as: bytes) {
                    return (texts[entry], readings[entry])
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Keeps a line's reading, while fewer than `limit` are kept; the line must not be kept yet.
    mutating func remember(_ bytes: UnsafeBufferPointer<UInt8>, text: String, reading: Reading) {
        guard texts.count < limit else { return }
        let mask = slots.count - 1
        var slot = Self.hash(bytes) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        spans.append(keptBytes.count..<keptBytes.count + bytes.count)
        keptBytes.append(contentsOf: bytes)
        texts.append(text)
        readings.append(reading)
        slots[slot] = Int32(texts.count)
    }

    /// Whether the kept bytes from `start` are these; a plain loop, as the generic
    /// `elementsEqual` walked two iterators (2.5 % of a run).
    private static func same(_ kept: UnsafeBufferPointer<UInt8>, from start: Int, as bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for offset in 0..<bytes.count where kept[start + offset] != bytes[offset] { return false }
        return true
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
