import SaylineText

/// Checks a compiled message catalog (GNU `.mo`) before glibc reads it. Glibc trusts the file:
/// it follows the tables' offsets without looking at the file's length, and evaluates the
/// header's plural rule for every counted message, so a damaged or hostile catalog could make
/// the program read past its end or divide by zero (`msgfmt --check` tries only small numbers).
enum CatalogFile {
    /// Why the catalog cannot be used, or nil when it can.
    /// - Complexity: O(n) in the file's size.
    static func problem(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 28 else { return translated("too short to be a catalog") }
        let littleEndian: Bool
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0xDE, 0x12, 0x04, 0x95): littleEndian = true
        case (0x95, 0x04, 0x12, 0xDE): littleEndian = false
        default: return translated("not a GNU message catalog")
        }
        // Read at every start for each table entry: four loads, no array made.
        func word(_ offset: Int) -> Int? {
            guard offset >= 0, offset <= bytes.count - 4 else { return nil }
            let b0 = Int(bytes[offset]), b1 = Int(bytes[offset + 1]), b2 = Int(bytes[offset + 2]), b3 = Int(bytes[offset + 3])
            return littleEndian ? b0 | b1 << 8 | b2 << 16 | b3 << 24 : b3 | b2 << 8 | b1 << 16 | b0 << 24
        }
        guard let revision = word(4), let count = word(8), let originals = word(12), let translations = word(16),
              let hashSize = word(20), let hashOffset = word(24) else { return translated("too short to be a catalog") }
        // Revision 0 only: the other has tables of system-dependent strings this check does not read.
        guard revision == 0 else { return translated("catalog revision %s, not 0", NumberText.spoken(revision)) }
        guard count <= bytes.count / 16 else { return translated("more messages than the file can hold") }
        var header: String?
        for table in [originals, translations] {
            guard table <= bytes.count - 8 * count else { return translated("a table runs past the end of the file") }
            for index in 0..<count {
                guard let length = word(table + 8 * index), let start = word(table + 8 * index + 4) else { return translated("a table runs past the end of the file") }
                // Each string and its terminating NUL inside the file.
                guard start < bytes.count, length < bytes.count - start, bytes[start + length] == 0 else { return translated("a message lies outside the file") }
                if table == translations, let originalLength = word(originals + 8 * index), originalLength == 0 {
                    header = String(decoding: bytes[start..<(start + length)], as: UTF8.self)
                }
            }
        }
        if hashSize > 0 {
            guard hashSize <= bytes.count / 4, hashOffset <= bytes.count - 4 * hashSize else { return translated("its hash table runs past the end of the file") }
            for slot in 0..<hashSize {
                guard let entry = word(hashOffset + 4 * slot), entry <= count else { return translated("its hash table names a message it does not have") }
            }
        }
        guard let header else { return translated("no header") }
        return pluralProblem(in: header)
    }

    /// The header's plural rule, if it has one, checked: a short expression of `n`, numbers and
    /// C's operators, whose every `/` and `%` divides by a number above zero (as every language's
    /// rule does: `n%10`, `n%100`), nested at most 16 deep.
    static func pluralProblem(in header: String) -> String? {
        // On the bytes: this runs at every start in another language than English.
        let bytes = Array(header.utf8)
        let key = Array("plural=".utf8)
        // Where glibc looks: the first "plural=" anywhere in the header, on any line.
        guard let found = (0...max(bytes.count - key.count, -1)).first(where: { start in
            start >= 0 && bytes[start..<(start + key.count)].elementsEqual(key)
        }) else { return nil }
        let rule = bytes[(found + key.count)...].prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: "\n") }
        guard rule.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return translated("its plural rule is empty") }
        guard rule.count <= 256 else { return translated("its plural rule is too long") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let operators = Array("n ()?:<>=!&|%+-*/\t".utf8)
        guard rule.allSatisfy({ isDigit($0) || operators.contains($0) }) else { return translated("its plural rule has words other than n, numbers and operators") }
        var depth = 0
        var index = rule.startIndex
        while index < rule.endIndex {
            let byte = rule[index]
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") { depth -= 1 }
            guard depth >= 0, depth <= 16 else { return translated("its plural rule is nested too deep") }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "%") {
                var next = index + 1
                while next < rule.endIndex, rule[next] == 0x20 || rule[next] == 0x09 { next += 1 }
                var value = 0
                var digits = 0
                while next < rule.endIndex, isDigit(rule[next]), digits < 10 {
                    value = value * 10 + Int(rule[next] - UInt8(ascii: "0"))
                    digits += 1
                    next += 1
                }
                // A number above zero, and one that ends there: "n%10", never "n%(n-1)" or "n%0".
                guard digits > 0, digits < 10, value > 0, next == rule.endIndex || !isDigit(rule[next]) else {
                    return translated("its plural rule divides by something other than a number above zero")
                }
            }
            index += 1
        }
        return depth == 0 ? nil : translated("its plural rule has unbalanced parentheses")
    }
}
