import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct TypedValueTests {
    let kilograms = UnitWords(singular: "kilogram", plural: "kilograms", symbol: "kg")

    func number(_ text: String, prefix: String? = nil) -> Double? {
        if case .success(.number(let value)) = TypedValue.parse(text, unit: kilograms, prefix: prefix) { return value }
        return nil
    }

    func reason(_ text: String) -> Rejection.Reason? {
        if case .failure(let rejection) = TypedValue.parse(text, unit: kilograms) { return rejection.reason }
        return nil
    }

    @Test func acceptsWhatPeopleType() {
        #expect(number("62.5") == 62.5)
        #expect(number("  62.5  ") == 62.5)
        #expect(number("12,480") == 12_480)
        #expect(number("1,234,567.5") == 1_234_567.5)
        #expect(number("62.5 kilograms") == 62.5)
        #expect(number("1 kilogram") == 1)
        #expect(number("62.5kg") == 62.5)
        #expect(number("62.5 KG") == 62.5)
        #expect(number("-3") == -3)
        #expect(number("+3") == 3)
        #expect(number(".5") == 0.5)
        #expect(number("5.") == 5)
        #expect(number("1e3") == 1000)
        #expect(number("$12,480", prefix: "$") == 12_480)
        #expect(TypedValue.parse("max", unit: nil) == .success(.bound(.maximum)))
        #expect(TypedValue.parse("Minimum", unit: nil) == .success(.bound(.minimum)))
    }

    @Test func refusesWithAReasonNeverATrap() {
        #expect(reason("62,5") == .decimalComma)
        #expect(reason("1,23,456") == .badGrouping)
        #expect(reason("12,4800") == .badGrouping)
        // A first group longer than three digits is no grouping either.
        #expect(reason("1234,567") == .badGrouping)
        #expect(reason("abc") == .notANumber)
        #expect(reason("nan") == .notANumber)
        #expect(reason("NaN") == .notANumber)
        #expect(reason("inf") == .notANumber)
        #expect(reason("-infinity") == .notANumber)
        #expect(reason("0x10") == .notANumber)
        // Past every Double: the largest one, so it goes to the bound as "1e3" does.
        #expect(TypedValue.parse("1e400", unit: nil) == .success(.number(.greatestFiniteMagnitude)))
        #expect(TypedValue.parse("-1e400", unit: nil) == .success(.number(-.greatestFiniteMagnitude)))
        #expect(reason("") == .empty)
        #expect(reason("   ") == .empty)
        #expect(reason("-") == .notANumber)
        #expect(reason("1e") == .notANumber)
        #expect(reason("62.5 pounds") == .wrongUnit(number: "62.5", unit: "pounds", expected: "62.5 kilograms"))
        #expect(reason("1 pound") == .wrongUnit(number: "1", unit: "pound", expected: "1 kilogram"))
        #expect(reason(String(repeating: "9", count: 10_000)) == .tooLong(characters: 10_000))
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        guard case .failure(let rejection) = TypedValue.parse(bytes: [0x36, 0xFF, 0x32], unit: nil) else {
            Issue.record("invalid UTF-8 was accepted"); return
        }
        #expect(rejection.reason == .notText)
        #expect(TypedValue.parse(bytes: Array("62".utf8), unit: nil) == .success(.number(62)))
    }

    @Test func rejectionMessagesEchoCleanedInput() {
        let rejection = Rejection(.notANumber, input: "ab\u{1B}[31mc")
        // What was removed is said, so the echo still makes sense.
        #expect(rejection.message == "Not a number, abc (control characters removed)")
        #expect(Rejection(.unknownCommand(suggestion: "set"), input: "set\u{07}").message == "Unknown command, set (control characters removed). Did you mean set?")
        #expect(Rejection(.notANumber, input: String(repeating: "x", count: 500)).message.count < 60)
    }
}
