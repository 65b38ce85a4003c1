import Testing
import PseudoTerminal
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct NumberTextTests {
    @Test func numbersFollowTheStepsPrecisionWithoutFloatNoise() {
        #expect(NumberText.format(0.1 + 0.2, places: 1) == "0.3")
        #expect(NumberText.format(62, places: 1) == "62.0")
        #expect(NumberText.format(62, places: 1, trimmingZeros: true) == "62")
        #expect(NumberText.format(12_480, places: 0) == "12,480")
        #expect(NumberText.format(-1_234_567.25, places: 2) == "-1,234,567.25")
        #expect(NumberText.format(-0.01, places: 1) == "0.0")
        #expect(NumberText.decimalPlaces(of: 0.5) == 1)
        #expect(NumberText.decimalPlaces(of: 0.25) == 2)
        #expect(NumberText.decimalPlaces(of: 0.1) == 1)
        #expect(NumberText.decimalPlaces(of: 5) == 0)
    }

    /// The digits written straight into the string read as the number does, digit for digit:
    /// checked against the number's digits taken apart with integer arithmetic, over values
    /// of every size below 2^53, every precision, both signs, with and without grouping.
    @Test func writtenDigitsMatchTheNumbersDigits() {
        var random = SplitMix(seed: 22)
        for _ in 0..<5_000 {
            let places = Int(random.next() % 6)
            let whole = Int64(random.next() % (Int64(1) << Int64(10 + random.next() % 42)).magnitude)
            let scale = (0..<places).reduce(Int64(1)) { product, _ in product * 10 }
            let negative = random.next() % 2 == 0
            let value = (negative ? -1 : 1) * Double(whole) / Double(scale)
            // What the digits must be: the integer part grouped, then exactly `places` decimals.
            let rounded = Int64((abs(value) * Double(scale)).rounded())
            let integer = String(rounded / scale)
            var fraction = places == 0 ? "" : String(rounded % scale)
            fraction = String(repeating: "0", count: places - fraction.count) + fraction
            var grouped = ""
            for (offset, digit) in integer.enumerated() {
                if offset > 0 && (integer.count - offset) % 3 == 0 { grouped.append(",") }
                grouped.append(digit)
            }
            let sign = negative && rounded != 0 ? "-" : ""
            let expected = sign + grouped + (fraction.isEmpty ? "" : "." + fraction)
            #expect(NumberText.format(value, places: places) == expected, "\(value) at \(places) places")
            let trimmed = fraction.replacing(/0+$/, with: "")
            let plain = sign + integer + (trimmed.isEmpty ? "" : "." + trimmed)
            #expect(NumberText.format(value, places: places, trimmingZeros: true, grouping: false) == plain, "\(value) at \(places) places")
        }
    }
}
