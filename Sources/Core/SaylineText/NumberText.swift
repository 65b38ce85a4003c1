/// Numbers written for the eye and for the ear: to a given precision, grouped in threes,
/// never with binary float noise such as 0.30000000000000004.
public enum NumberText {
    /// The most decimal places a number is written with.
    public static let maximumPlaces = 15

    /// Decimal places a step or bound needs, read from its shortest exact decimal form: 0.5
    /// needs 1, 0.25 needs 2, 5 needs 0, 1.0000001 needs 7, 1e-7 needs 7 (a tolerance would call
    /// 1.0000001 whole).
    public static func decimalPlaces(of value: Double) -> Int {
        guard value.isFinite, value != value.rounded() else { return 0 }
        let text = "\(abs(value))"   // Swift's shortest form that reads back as the same Double
        let parts = text.split(separator: "e")
        let mantissa = parts[0]
        let fraction = mantissa.split(separator: ".").dropFirst().first.map { $0.count } ?? 0
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        return min(max(fraction - exponent, 0), maximumPlaces)
    }

    /// `value` with exactly `places` decimals, digits grouped in threes with commas.
    /// Trailing zeros are dropped when `trimmingZeros` is set ("62.0" becomes "62").
    /// Grouped, it is shown to a person: in the language's marks ("12.480,5" in German).
    /// Ungrouped, it is for a program (a pick answer, a saved value): always a point.
    public static func format(_ value: Double, places: Int, trimmingZeros: Bool = false, grouping: Bool = true) -> String {
        let marks = grouping ? NumberMarks.shown : .program
        // The string made of the bytes is a small one (no allocation) for the 15 bytes or fewer
        // that nearly every value takes.
        return withBytes(value, places: places, trimmingZeros: trimmingZeros, marks: marks) { String(decoding: $0, as: UTF8.self) }
            ?? formatLarge(value, places: places, trimmingZeros: trimmingZeros, marks: marks)
    }

    /// `format` in the given marks.
    static func format(_ value: Double, places: Int, trimmingZeros: Bool, marks: NumberMarks) -> String {
        withBytes(value, places: places, trimmingZeros: trimmingZeros, marks: marks) { String(decoding: $0, as: UTF8.self) }
            ?? formatLarge(value, places: places, trimmingZeros: trimmingZeros, marks: marks)
    }

    /// `format`'s bytes handed to `body` from a buffer on the stack, for a number below 2^53 once
    /// scaled (every value a control holds): what a spoken value costs, so it builds no string
    /// of its own when it is part of a phrase. Nil, and `body` not called, for other numbers.
    static func withBytes<R>(_ value: Double, places: Int, trimmingZeros: Bool, marks: NumberMarks, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard value.isFinite else { return nil }
        let digits = min(max(places, 0), maximumPlaces)
        let scale = powersOfTen[digits]
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 9_007_199_254_740_992 else { return nil }
        let whole = Int64(scaled)
        var integer = whole / scale
        var fraction = whole % scale
        var fractionDigits = digits
        if trimmingZeros {
            while fractionDigits > 0 && fraction % 10 == 0 {
                fraction /= 10
                fractionDigits -= 1
            }
        }
        // 16 integer digits, 5 group marks of up to 3 bytes, a point, 15 decimals and a sign fit
        // in 48 bytes, written backwards.
        let grouping = marks.groupCount > 0
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { buffer in
            var end = 48
            func put(_ byte: UInt8) {
                end -= 1
                buffer[end] = byte
            }
            for _ in 0..<fractionDigits {
                put(UInt8(ascii: "0") + UInt8(fraction % 10))
                fraction /= 10
            }
            if fractionDigits > 0 { put(marks.decimal) }
            var written = 0
            repeat {
                if grouping && written > 0 && written % 3 == 0 {
                    if marks.groupCount > 2 { put(marks.group.2) }
                    if marks.groupCount > 1 { put(marks.group.1) }
                    put(marks.group.0)
                }
                put(UInt8(ascii: "0") + UInt8(integer % 10))
                integer /= 10
                written += 1
            } while integer > 0
            // Tiny negatives round to zero; nobody wants to hear "minus zero".
            if value < 0 && whole != 0 {
                let minus = marks.minus.utf8
                if minus.count > 1 {
                    // A word ("moins "), placed before the digits through the body's own buffer.
                    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48 - end + minus.count) { spelled in
                        for (index, byte) in minus.enumerated() { spelled[index] = byte }
                        for index in end..<48 { spelled[minus.count + index - end] = buffer[index] }
                        return body(UnsafeBufferPointer(rebasing: spelled[0..<(48 - end + minus.count)]))
                    }
                }
                put(UInt8(ascii: "-"))
            }
            return body(UnsafeBufferPointer(rebasing: buffer[end..<48]))
        }
    }

    /// `format` of a number that is not finite, or past 2^53 once scaled.
    private static func formatLarge(_ value: Double, places: Int, trimmingZeros: Bool, marks: NumberMarks) -> String {
        guard value.isFinite else {
            guard marks.spoken else {
                return value.isNaN ? "not a number" : (value > 0 ? "infinity" : "minus infinity")
            }
            return value.isNaN ? translated("not a number") : (value > 0 ? translated("infinity") : translated("minus infinity"))
        }
        let digits = min(max(places, 0), maximumPlaces)
        let (integer, fraction, negative) = decimalParts(value, places: digits)
        var fractionText = Substring(fraction)
        if trimmingZeros {
            while fractionText.last == "0" { fractionText.removeLast() }
        }
        var text = marks.groupCount == 0 ? integer : groupInThrees(Substring(integer), mark: Array([marks.group.0, marks.group.1, marks.group.2].prefix(marks.groupCount)))
        if !fractionText.isEmpty { text += String(decoding: [marks.decimal], as: UTF8.self) + fractionText }
        // Tiny negatives round to zero; nobody wants to hear "minus zero".
        let isZero = integer == "0" && !fraction.contains(where: { $0 != "0" })
        return negative && !isZero ? marks.minus + text : text
    }

    /// Integer digits, exactly `places` fraction digits, and the sign, rounded half away from zero.
    /// Integer arithmetic below 2^53 is exact and far cheaper than a C formatter.
    private static func decimalParts(_ value: Double, places: Int) -> (String, String, Bool) {
        let scale = powersOfTen[places]
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 9_007_199_254_740_992 else {
            // Past 2^53 a Double has no fraction left to show, but every integer digit is said:
            // "51,000,000,000,000,000,000 metres", never "5.1e+19".
            return (integerDigits(abs(value).rounded()), String(repeating: "0", count: places), value < 0)
        }
        let whole = Int64(scaled)
        let integer = String(whole / scale)
        var fraction = places == 0 ? "" : String(whole % scale)
        if fraction.count < places { fraction = String(repeating: "0", count: places - fraction.count) + fraction }
        return (integer, fraction, value < 0)
    }

    private static let powersOfTen: [Int64] = (0...maximumPlaces).map { (0..<$0).reduce(1) { product, _ in product * 10 } }

    /// The exact decimal digits of a whole, finite, non-negative Double of any size: its
    /// significand doubled once for each binary place, in base 10^9 limbs.
    /// - Complexity: O(e × d) for a binary exponent e and d digits: at most about 35,000
    ///   limb operations for the largest Double.
    static func integerDigits(_ value: Double) -> String {
        guard value.isFinite, value >= 1 else { return "0" }
        var limbs: [UInt64] = []
        var significand = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
        while significand > 0 {
            limbs.append(significand % 1_000_000_000)
            significand /= 1_000_000_000
        }
        for _ in 0..<max(Int(value.exponent) - 52, 0) {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let doubled = limbs[index] * 2 + carry
                limbs[index] = doubled % 1_000_000_000
                carry = doubled / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        // Below 2^52 the significand's low bits are a fraction: shift them away instead.
        if Int(value.exponent) < 52 { return String(Int64(value)) }
        var text = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }

    /// A number as it is said: trimmed, and never grouped, since other voices read a grouping
    /// comma as a decimal one (espeak-ng's German voice says "12,480" as twelve point four eight
    /// zero); the display keeps its grouping.
    /// The decimal mark is the language's: "62,5" for a German voice, which reads "62.5" as
    /// sixty-two five.
    public static func spoken(_ value: Double, places: Int) -> String {
        format(value, places: places, trimmingZeros: true, marks: .spoken)
    }

    /// A number as it is said with every one of `places` decimals, "3.0": how a screen reader
    /// formats a running application's value that has no text of its own (Orca's "%.1f").
    public static func spokenKeepingPlaces(_ value: Double, places: Int) -> String {
        format(value, places: places, trimmingZeros: false, marks: .spoken)
    }

    /// A whole number in a sentence, as it is said: never grouped, and negative with the
    /// language's minus ("moins 3" in French, whose voice says nothing for "-3").
    public static func spoken(_ value: Int) -> String {
        // Past 2^53 a Double would round the digits: they are written as they are.
        guard value.magnitude >= 1 << 53 else { return format(Double(value), places: 0, trimmingZeros: true, marks: .spoken) }
        return value < 0 ? NumberMarks.spoken.minus + String(value.magnitude) : String(value)
    }

    /// The shortest plain form for messages, as it is said: "62.5" ("62,5" in German); "1e+400"
    /// never occurs since it is not finite.
    public static func plain(_ value: Double) -> String {
        guard value.isFinite else { return format(value, places: 0, trimmingZeros: false, marks: .spoken) }
        // Past 10^15 a Double holds no fraction worth writing: all its whole digits.
        if abs(value) >= 1e15 { return format(value, places: 0, trimmingZeros: false, marks: .spoken) }
        return format(value, places: decimalPlaces(of: value), trimmingZeros: true, marks: .spoken)
    }

    /// `plain` for a program or a file: always a point, whatever the language.
    public static func plainForPrograms(_ value: Double) -> String {
        guard value.isFinite else { return format(value, places: 0, trimmingZeros: false, marks: .program) }
        if abs(value) >= 1e15 { return format(value, places: 0, trimmingZeros: false, marks: .program) }
        return format(value, places: decimalPlaces(of: value), trimmingZeros: true, marks: .program)
    }

    private static func groupInThrees(_ digits: Substring, mark: [UInt8]) -> String {
        let count = digits.utf8.count
        guard count > 3 else { return String(digits) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + count / 3)
        var offset = 0
        for byte in digits.utf8 {
            if offset > 0 && (count - offset) % 3 == 0 { bytes.append(contentsOf: mark) }
            bytes.append(byte)
            offset += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The marks a number is written with: for a program (a point, no groups), for the ear (the
/// language's decimal mark, no groups: a voice reads a grouped number as two) or for the eye
/// (the language's marks).
struct NumberMarks {
    // Strings of a few bytes are held inline: a mark costs no reference count, read for every
    // number said.
    let decimal: UInt8
    /// The group mark's UTF-8 bytes (at most three: a narrow no-break space) and how many.
    var group: (UInt8, UInt8, UInt8) = (0, 0, 0)
    var groupCount = 0
    /// Whether the words for what is not a number are the language's.
    let spoken: Bool
    /// Before a negative number: "-", or the language's word for it when spoken.
    var minus = "-"

    static var program: NumberMarks { NumberMarks(decimal: UInt8(ascii: "."), spoken: false) }
    static var spoken: NumberMarks {
        if Phrasebook.speaksEnglish { return NumberMarks(decimal: UInt8(ascii: "."), spoken: true) }
        return Phrasebook.reading { NumberMarks(decimal: $0.decimalMark, spoken: true, minus: $0.minusMark) }
    }
    static var shown: NumberMarks {
        if Phrasebook.speaksEnglish { return NumberMarks(decimal: UInt8(ascii: "."), group: (UInt8(ascii: ","), 0, 0), groupCount: 1, spoken: true) }
        return Phrasebook.reading { book in
            let bytes = Array(book.groupMark.utf8.prefix(3))
            return NumberMarks(decimal: book.decimalMark, group: (bytes.first ?? 0, bytes.count > 1 ? bytes[1] : 0, bytes.count > 2 ? bytes[2] : 0),
                               groupCount: bytes.count, spoken: true)
        }
    }
}
