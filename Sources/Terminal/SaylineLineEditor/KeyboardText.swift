/// Checks the keyboard's bytes as UTF-8 before readline sees them. readline keeps the start of
/// a multibyte character until the rest comes, so an invalid byte left it holding bytes that
/// then leaked into the next line ("set éé" read as "ééé"). Invalid bytes are dropped here
/// instead, and the line they were typed into is refused whole when Enter comes.
package struct KeyboardText {
    /// The start of a character whose continuation bytes have not come yet.
    private var partial: [UInt8] = []
    private var needed = 0
    /// Set when the line being typed had a byte that is not UTF-8.
    package private(set) var lineIsInvalid = false

    /// The bytes readline may have: whole characters only, partial ones held for the next read.
    mutating func accept(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            if needed > 0 {
                if byte & 0xC0 == 0x80 {
                    partial.append(byte)
                    needed -= 1
                    if needed == 0 {
                        out += partial
                        partial.removeAll()
                    }
                    continue
                }
                // A character cut short: drop what came of it and read this byte afresh.
                partial.removeAll()
                needed = 0
                lineIsInvalid = true
            }
            switch byte {
            case 0x00...0x7F: out.append(byte)
            case 0xC2...0xDF: begin(byte, needing: 1)
            case 0xE0...0xEF: begin(byte, needing: 2)
            case 0xF0...0xF4: begin(byte, needing: 3)
            default: lineIsInvalid = true
            }
        }
        return out
    }

    /// A new line starts clean (after Enter, Ctrl-C).
    mutating func startLine() {
        lineIsInvalid = false
    }

    private mutating func begin(_ byte: UInt8, needing count: Int) {
        partial = [byte]
        needed = count
    }
}
