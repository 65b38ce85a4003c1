import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

/// A control without a name is called the same on focus and when described.
@Suite struct UnnamedControlTests {
    @Test func anEmptyLabelIsSaidAsUnnamedEverywhere() {
        let element = AdjustableElement(identity: ControlIdentity(id: "x", label: ""), control: RulerPicker(minimum: 0, maximum: 10), value: 3)
        #expect(Announcer(verbosity: .normal).focusLine(element) == "Unnamed, 3")
        #expect(ScreenReaderDescription.sentence(for: element) == "Unnamed, 3, 0 to 10 in steps of 1")
    }
}
