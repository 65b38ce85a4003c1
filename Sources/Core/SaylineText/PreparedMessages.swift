import Synchronization

/// The messages a phrasebook has looked up, each kept as its template, found again by the
/// identity of the strings it was asked with rather than by their words.
///
/// A literal's two words name its bytes in the program, and a string made at run time is kept
/// alive by the entry that holds it (so its storage is neither freed for another string nor
/// changed in place): two strings with the same words are the same message. Hashing the words
/// of a long message, its context and its plural at every sentence was a third of what the
/// cache it replaces cost (`Hasher` over up to a hundred bytes, and a string compare).
/// Two strings with equal words and other storage are two entries of one answer.
final class PreparedMessages: Sendable {
    /// What a message is in the language.
    enum Answer: Sendable {
        /// The message's words (the English ones when the catalog has none).
        case one(MessageTemplate)
        /// A counted message's forms, in the catalog's order: its plural rule picks one (nil
        /// for a form the catalog could not give at once: its counts are asked one by one).
        case forms([MessageTemplate?])
        /// Words made of a message in the language and kept (`Phrasebook.words(derivedFrom:)`).
        case words([String])
    }

    /// How a message was asked for: alone, in a context, or counted (each count its own entry
    /// when the catalog cannot give a counted message's forms at once); or words made of it.
    enum Kind: UInt8 {
        case plain, inContext, counted, countedOnce, derived
    }

    /// A message by the bits of its strings.
    struct Key: Equatable {
        let message: (UInt64, UInt64)
        /// The context's or the plural's bits; zero for neither (no string has both words zero).
        let other: (UInt64, UInt64)
        let count: UInt64
        let kind: Kind

        init(_ message: String, _ other: String?, count: UInt64 = 0, kind: Kind) {
            self.message = unsafeBitCast(message, to: (UInt64, UInt64).self)
            self.other = other.map { unsafeBitCast($0, to: (UInt64, UInt64).self) } ?? (0, 0)
            self.count = count
            self.kind = kind
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.message == rhs.message && lhs.other == rhs.other && lhs.count == rhs.count && lhs.kind == rhs.kind
        }

        /// A multiplicative mix of the words: a few instructions, where `Hasher` is a hundred.
        var slot: UInt64 {
            var mixed = message.0 &* 0x9E37_79B9_7F4A_7C15
            mixed ^= message.1 &* 0xC2B2_AE3D_27D4_EB4F
            mixed ^= other.0 &* 0x1656_67B1_9E37_79F9
            mixed ^= other.1 &* 0x27D4_EB2F_1656_67C5
            mixed ^= (count ^ UInt64(kind.rawValue) << 56) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    private struct Entry {
        let key: Key
        /// The strings asked with, held so that their bits name them while the entry lives.
        let held: (String, String?)
        let answer: Answer
    }

    /// Open addressing, probed in order; at most half full. The keys lie apart from the
    /// entries, so a probe reads plain words and counts no reference.
    private struct Table {
        var keys: [Key?] = Array(repeating: nil, count: 64)
        var entries: [Entry?] = Array(repeating: nil, count: 64)
        var count = 0

        func find(_ key: Key) -> Answer? {
            let mask = keys.count - 1
            var index = Int(truncatingIfNeeded: key.slot) & mask
            while let present = keys[index] {
                if present == key { return entries[index]?.answer }
                index = (index + 1) & mask
            }
            return nil
        }

        mutating func insert(_ entry: Entry) {
            if (count + 1) * 2 > keys.count { grow() }
            let mask = keys.count - 1
            var index = Int(truncatingIfNeeded: entry.key.slot) & mask
            while let present = keys[index] {
                if present == entry.key { return }
                index = (index + 1) & mask
            }
            keys[index] = entry.key
            entries[index] = entry
            count += 1
        }

        private mutating func grow() {
            let old = entries
            keys = Array(repeating: nil, count: old.count * 2)
            entries = Array(repeating: nil, count: old.count * 2)
            count = 0
            for case let entry? in old { insert(entry) }
        }
    }

    /// How many messages are kept at most: a program asks for a few hundred, and a string made
    /// afresh for each lookup must not grow the table without end.
    static let limit = 4_096

    private let table = Mutex(Table())

    /// The answer kept for `key`, else `make`'s, kept with the strings asked with.
    func answer(_ key: Key, holding held: (String, String?), _ make: () -> Answer) -> Answer {
        if let known = table.withLock({ $0.find(key) }) { return known }
        // Looked up outside the lock: the catalog takes its own.
        let made = make()
        table.withLock { table in
            if table.count < Self.limit { table.insert(Entry(key: key, held: held, answer: made)) }
        }
        return made
    }
}
