import Foundation

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
        var text = String(format: "%.\(digits)f", value)
        var negative = false
        if text.hasPrefix("-") {
            negative = true
            text.removeFirst()
        }
        var integer = Substring(text)
        var fraction: Substring = ""
        if let point = text.firstIndex(of: ".") {
            integer = text[..<point]
            fraction = text[text.index(after: point)...]
        }
        if trimmingZeros {
            while fraction.last == "0" { fraction.removeLast() }
        }
        var grouped = grouping ? groupInThrees(integer) : String(integer)
        if !fraction.isEmpty { grouped += "." + fraction }
        // "-0" and "-0.0" come from tiny negatives rounded away; nobody wants to hear "minus zero".
        let isZero = !grouped.contains(where: { $0 != "0" && $0 != "." && $0 != "," })
        return negative && !isZero ? "-" + grouped : grouped
    }

    /// The shortest plain form for messages: "62.5", "1e+400" never occurs since it is not finite.
    public static func plain(_ value: Double) -> String {
        guard value.isFinite else { return format(value, places: 0) }
        if abs(value) >= 1e15 { return "\(value)" }
        return format(value, places: decimalPlaces(of: value), trimmingZeros: true, grouping: false)
    }

    private static func groupInThrees(_ digits: Substring) -> String {
        var out = ""
        out.reserveCapacity(digits.count + digits.count / 3)
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }
}
