/// Reads a number typed with English marks, a phase at a time: a sign, digits with commas only
/// between groups of three ("12,480"), a point and its fraction, an exponent ("1e3"). What it
/// reads is the plain figure `Double(_:)` takes, every grouping comma and a plus sign left out;
/// a language that decimals with a comma has its marks swapped before it comes here
/// (`TypedValue`).
///
/// A struct over an index, its phases inlined back into one function: a script's `set` reads
/// one of these a line, and a scan allocates only its figure (phases left as calls retained and
/// released the bytes around each, a tenth more instructions a number).
struct TypedNumberScanner {
    private let chars: [UInt8]
    private var index = 0
    /// The figure as `Double(_:)` reads it.
    private var cleaned: [UInt8] = []
    private var integerDigits = 0

    private init(_ chars: [UInt8]) {
        self.chars = chars
        cleaned.reserveCapacity(chars.count)
    }

    /// The number `chars` is, or why it is none, said of `original` (the text as typed).
    /// - Complexity: O(n) in the bytes' count.
    static func scan(_ chars: [UInt8], original: String) -> Result<Double, Rejection> {
        var scanner = TypedNumberScanner(chars)
        return scanner.scan(original: original)
    }

    @inline(__always) private mutating func scan(original: String) -> Result<Double, Rejection> {
        sign()
        if let reason = integerPart() { return .failure(Rejection(reason, input: original)) }
        let fractionDigits = fraction()
        // Each phase only reads on when the one before has: "1e" has no exponent, "5-" an end
        // that is not a number's.
        guard integerDigits + fractionDigits > 0, exponent(), index == chars.count,
              let number = Double(String(decoding: cleaned, as: UTF8.self)) else {
            return .failure(Rejection(.notANumber, input: original))
        }
        // "1e400" is past every range, as "1e3" is past this one: both go to the bound, said
        // as too high or too low, rather than one moving and the other refused.
        guard number.isFinite else { return .success(number < 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude) }
        return .success(number)
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A leading sign: a minus is kept, a plus is the number without one.
    @inline(__always) private mutating func sign() {
        guard index < chars.count, chars[index] == UInt8(ascii: "-") || chars[index] == UInt8(ascii: "+") else { return }
        if chars[index] == UInt8(ascii: "-") { cleaned.append(chars[index]) }
        index += 1
    }

    /// The integer part: digits, with commas allowed only between groups of exactly three.
    /// - Returns: why a comma makes it no number ("62,5", "1234,567"), or nil.
    @inline(__always) private mutating func integerPart() -> Rejection.Reason? {
        var groupLength = 0
        var sawComma = false
        while index < chars.count {
            let byte = chars[index]
            if Self.isDigit(byte) {
                cleaned.append(byte)
                groupLength += 1
                integerDigits += 1
            } else if byte == UInt8(ascii: ",") {
                if integerDigits == 0 || (sawComma && groupLength != 3) || (!sawComma && groupLength > 3) {
                    return decimalCommaOrBadGrouping()
                }
                sawComma = true
                groupLength = 0
            } else {
                break
            }
            index += 1
        }
        guard sawComma && groupLength != 3 else { return nil }
        return groupLength < 3 ? .decimalComma : .badGrouping
    }

    /// At a comma that groups nothing: "62,5" reads as a decimal comma; anything else with a
    /// comma is a grouping mistake.
    private func decimalCommaOrBadGrouping() -> Rejection.Reason {
        var digitsAfter = 0
        var next = index + 1
        while next < chars.count, Self.isDigit(chars[next]) {
            digitsAfter += 1
            next += 1
        }
        return digitsAfter > 0 && digitsAfter < 3 ? .decimalComma : .badGrouping
    }

    /// A point and the digits after it, when there is one.
    /// - Returns: how many digits the fraction has.
    @inline(__always) private mutating func fraction() -> Int {
        guard index < chars.count, chars[index] == UInt8(ascii: ".") else { return 0 }
        cleaned.append(chars[index])
        index += 1
        return digits()
    }

    /// An exponent, when there is one: `e` or `E`, a sign, digits.
    /// - Returns: false when it has no digits.
    @inline(__always) private mutating func exponent() -> Bool {
        guard index < chars.count, chars[index] == UInt8(ascii: "e") || chars[index] == UInt8(ascii: "E") else { return true }
        cleaned.append(chars[index])
        index += 1
        if index < chars.count, chars[index] == UInt8(ascii: "-") || chars[index] == UInt8(ascii: "+") {
            cleaned.append(chars[index])
            index += 1
        }
        return digits() > 0
    }

    /// The digits from here on, copied into the figure.
    /// - Returns: how many there were.
    @inline(__always) private mutating func digits() -> Int {
        let from = index
        while index < chars.count, Self.isDigit(chars[index]) {
            cleaned.append(chars[index])
            index += 1
        }
        return index - from
    }
}
