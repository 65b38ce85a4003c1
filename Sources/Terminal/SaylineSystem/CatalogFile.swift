/// Checks a compiled message catalog (GNU `.mo`) before glibc reads it. Glibc trusts the file:
/// it follows the tables' offsets without looking at the file's length, and evaluates the
/// header's plural rule for every counted message, so a damaged or hostile catalog could make
/// the program read past its end or divide by zero (`msgfmt --check` tries only small numbers).
enum CatalogFile {
    /// Why the catalog cannot be used, or nil when it can.
    /// - Complexity: O(n) in the file's size.
    static func problem(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 28 else { return "too short to be a catalog" }
        let littleEndian: Bool
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0xDE, 0x12, 0x04, 0x95): littleEndian = true
        case (0x95, 0x04, 0x12, 0xDE): littleEndian = false
        default: return "not a GNU message catalog"
        }
        func word(_ offset: Int) -> Int? {
            guard offset >= 0, offset <= bytes.count - 4 else { return nil }
            let b = (0..<4).map { Int(bytes[offset + $0]) }
            return littleEndian ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24
        }
        guard let revision = word(4), let count = word(8), let originals = word(12), let translations = word(16),
              let hashSize = word(20), let hashOffset = word(24) else { return "too short to be a catalog" }
        // Revision 0 only: the other has tables of system-dependent strings this check does not read.
        guard revision == 0 else { return "catalog revision \(revision), not 0" }
        guard count <= bytes.count / 16 else { return "more messages than the file can hold" }
        var header: String?
        for table in [originals, translations] {
            guard table <= bytes.count - 8 * count else { return "a table runs past the end of the file" }
            for index in 0..<count {
                guard let length = word(table + 8 * index), let start = word(table + 8 * index + 4) else { return "a table runs past the end of the file" }
                // Each string and its terminating NUL inside the file.
                guard start < bytes.count, length < bytes.count - start, bytes[start + length] == 0 else { return "a message lies outside the file" }
                if table == translations, let originalLength = word(originals + 8 * index), originalLength == 0 {
                    header = String(decoding: bytes[start..<(start + length)], as: UTF8.self)
                }
            }
        }
        if hashSize > 0 {
            guard hashSize <= bytes.count / 4, hashOffset <= bytes.count - 4 * hashSize else { return "its hash table runs past the end of the file" }
            for slot in 0..<hashSize {
                guard let entry = word(hashOffset + 4 * slot), entry <= count else { return "its hash table names a message it does not have" }
            }
        }
        guard let header else { return "no header" }
        return pluralProblem(in: header)
    }

    /// The header's plural rule, if it has one, checked: a short expression of `n`, numbers and
    /// C's operators, whose every `/` and `%` divides by a number above zero (as every language's
    /// rule does: `n%10`, `n%100`), nested at most 16 deep.
    static func pluralProblem(in header: String) -> String? {
        // Where glibc looks: the first "plural=" anywhere in the header, on any line.
        guard let equals = header.firstRange(of: "plural=") else { return nil }
        let rule = header[equals.upperBound...].prefix { $0 != ";" && $0 != "\n" }
        guard rule.contains(where: { $0 != " " && $0 != "\t" }) else { return "its plural rule is empty" }
        guard rule.count <= 256 else { return "its plural rule is too long" }
        let allowed = Set("n0123456789 ()?:<>=!&|%+-*/\t")
        guard rule.allSatisfy(allowed.contains) else { return "its plural rule has words other than n, numbers and operators" }
        var depth = 0
        let characters = Array(rule)
        for (index, character) in characters.enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            guard depth >= 0, depth <= 16 else { return "its plural rule is nested too deep" }
            if character == "/" || character == "%" {
                let divisor = characters[(index + 1)...].drop { $0 == " " || $0 == "\t" }.prefix { $0.isNumber }
                guard let value = Int(String(divisor)), value > 0 else { return "its plural rule divides by something other than a number above zero" }
            }
        }
        return depth == 0 ? nil : "its plural rule has unbalanced parentheses"
    }
}
