import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

/// The seed shows a rating out of its maximum, even when the steps stop short of it.
@Suite struct RatingOutOfTests {
    @Test func aRatingIsOutOfItsMaximumNotItsTopTick() {
        var element = AdjustableElement(identity: ControlIdentity(id: "r", label: "Rating"),
                                        control: StarRating(minimum: 0, maximum: 10, step: 3), value: 0)
        _ = element.apply(.toMaximum)
        #expect(element.value == 9)
        #expect(element.displayText == "9/10")
        #expect(element.spokenValue == "9 out of 10 stars")
        #expect(element.terseValue == "9 out of 10")
        // A maximum below the minimum is repaired to the minimum: out of that, not of the bad bound.
        #expect(StarRating(minimum: 5, maximum: 2).displayText(for: 5, unit: nil) == "5/5")
    }
}
