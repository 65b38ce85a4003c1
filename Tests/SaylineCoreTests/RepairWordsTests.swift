import Testing
@testable import SaylineText
@testable import SaylineControls

/// A repair keeps what was wrong, not a sentence: its words are made in the language in use
/// when they are read, so a scene read in one language is reported in another whole.
@Suite struct RepairWordsTests {
    @Test func aRepairIsSaidInTheLanguageInUseWhenItIsRead() {
        // Made while Polish is in use, read in English and in Polish.
        let ruler = Phrasebook.using(PhrasebookTests.polish) { RulerPicker(minimum: 5, maximum: 0, step: -3) }
        #expect(ruler.repairs.map(\.problem) == ["-3 is not a positive finite number", "0 is below the minimum"])
        #expect(ruler.repairs.map(\.sentence) == ["step -3 is not a positive finite number; 1 is used instead",
                                                  "maximum 0 is below the minimum; the minimum is used instead"])
        Phrasebook.using(PhrasebookTests.polish) {
            // The table has no sentence for it: the English words, with Polish numbers.
            #expect(ruler.repairs[0].problem == "minus 3 is not a positive finite number")
            #expect(DigitRoll(step: 0.5).repairs.first?.problem == "0,5 is not a whole number of at least 1")
        }
        #expect(DigitRoll(step: 0.5).repairs.first?.problem == "0.5 is not a whole number of at least 1")
    }

    /// A whole number in a sentence: the language's minus, no grouping, every digit kept.
    @Test func aWholeNumberIsSaidWithTheLanguagesMinus() {
        #expect(NumberText.spoken(-3) == "-3")
        #expect(NumberText.spoken(12480) == "12480")
        Phrasebook.using(PhrasebookTests.polish) {
            #expect(NumberText.spoken(-3) == "minus 3")
            #expect(NumberText.spoken(1_000_000) == "1000000")
            #expect(NumberText.spoken(Int.min) == "minus 9223372036854775808")
            #expect(NumberText.spoken(Int.max) == "9223372036854775807")
        }
    }
}
