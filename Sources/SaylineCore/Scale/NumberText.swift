/// Numbers written for the eye and for the ear: to a given precision, grouped in threes,
/// never with binary float noise such as 0.30000000000000004.
public enum NumberText {
    /// Decimal places a step or bound needs, at most six: 0.5 needs 1, 0.25 needs 2, 5 needs 0.
    public static func decimalPlaces(of value: Double) -> Int {
        guard value.isFinite else { return 0 }
        var scaled = abs(value)
        for places in 0..<6 {
            if abs(scaled - scaled.rounded()) < 1e-7 * max(1, scaled) { return places }
            scaled *= 10
        }
        return 6
    }

    /// `value` with exactly `places` decimals, digits grouped in threes with commas.
    /// Trailing zeros are dropped when `trimmingZeros` is set ("62.0" becomes "62").
    public static func format(_ value: Double, places: Int, trimmingZeros: Bool = false, grouping: Bool = true) -> String {
        guard value.isFinite else { return value.isNaN ? "not a number" : (value > 0 ? "infinity" : "minus infinity") }
        let digits = min(max(places, 0), 6)
        let (integer, fraction, negative) = decimalParts(value, places: digits)
        var fractionText = Substring(fraction)
        if trimmingZeros {
            while fractionText.last == "0" { fractionText.removeLast() }
        }
        var text = grouping ? groupInThrees(Substring(integer)) : integer
        if !fractionText.isEmpty { text += "." + fractionText }
        // Tiny negatives round to zero; nobody wants to hear "minus zero".
        let isZero = integer == "0" && !fraction.contains(where: { $0 != "0" })
        return negative && !isZero ? "-" + text : text
    }

    /// Integer digits, exactly `places` fraction digits, and the sign, rounded half away from zero.
    /// Integer arithmetic below 2^53 is exact and far cheaper than a C formatter.
    private static func decimalParts(_ value: Double, places: Int) -> (String, String, Bool) {
        let scale = powersOfTen[places]
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 9_007_199_254_740_992 else {
            // Past 2^53 a Double has no fraction left to show: its shortest form says it all.
            var text = "\(abs(value).rounded())"
            if text.hasSuffix(".0") { text.removeLast(2) }
            return (text, String(repeating: "0", count: places), value < 0)
        }
        let whole = Int64(scaled)
        let integer = String(whole / scale)
        var fraction = places == 0 ? "" : String(whole % scale)
        if fraction.count < places { fraction = String(repeating: "0", count: places - fraction.count) + fraction }
        return (integer, fraction, value < 0)
    }

    private static let powersOfTen: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// The shortest plain form for messages: "62.5", "1e+400" never occurs since it is not finite.
    public static func plain(_ value: Double) -> String {
        guard value.isFinite else { return format(value, places: 0) }
        if abs(value) >= 1e15 { return "\(value)" }
        return format(value, places: decimalPlaces(of: value), trimmingZeros: true, grouping: false)
    }

    private static func groupInThrees(_ digits: Substring) -> String {
        let count = digits.utf8.count
        guard count > 3 else { return String(digits) }
        var out = ""
        out.reserveCapacity(count + count / 3)
        var offset = 0
        for character in digits.utf8 {
            if offset > 0 && (count - offset) % 3 == 0 { out.append(",") }
            out.unicodeScalars.append(Unicode.Scalar(character))
            offset += 1
        }
        return out
    }
}
