import Testing
import SaylineCore
@testable import SaylineControls

/// The scanner's phases one at a time, with English marks: sign, grouped digits, fraction,
/// exponent, and the end.
@Suite struct TypedNumberScannerTests {
    func scanned(_ text: String) -> Result<Double, Rejection.Reason> {
        TypedNumberScanner.scan(Array(text.utf8), original: text).mapError(\.reason)
    }

    @Test(arguments: [
        ("62.5", 62.5), ("-3", -3), ("+4", 4), ("12,480", 12_480), ("1,234,567.25", 1_234_567.25),
        (".5", 0.5), ("5.", 5), ("1e3", 1_000), ("2.5E-1", 0.25), ("-1.5e+2", -150), ("0", 0),
    ])
    func readsEachPhase(text: String, value: Double) {
        #expect(scanned(text) == .success(value), "\(text)")
    }

    @Test(arguments: [
        ("62,5", Rejection.Reason.decimalComma), ("12,48", .decimalComma), ("1,2345", .badGrouping),
        ("1234,567", .badGrouping), (",5", .decimalComma), ("1,234,5", .decimalComma), ("1,234,5678", .badGrouping),
        ("", .notANumber), ("-", .notANumber), (".", .notANumber), ("1e", .notANumber), ("1e+", .notANumber),
        ("5-", .notANumber), ("--5", .notANumber), ("1.2.3", .notANumber), ("e3", .notANumber), ("1 000", .notANumber),
    ])
    func refusesWithItsReason(text: String, reason: Rejection.Reason) {
        #expect(scanned(text) == .failure(reason), "\(text)")
    }

    /// Past a Double's range is the largest one, with its sign: the control says it is too high.
    @Test func aNumberPastEveryRangeIsTheLargestDouble() {
        #expect(scanned("1e400") == .success(.greatestFiniteMagnitude))
        #expect(scanned("-1e400") == .success(-.greatestFiniteMagnitude))
    }
}
