import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct AnnouncerTests {
    let weight = DemoScene.elements[0]

    func lines(_ event: SessionEvent, _ verbosity: Verbosity) -> [String] {
        Announcer(verbosity: verbosity).announcements(for: event).map(\.text)
    }

    @Test func focusFollowsLabelValueTraitsThenHintOnlyWhenVerbose() {
        #expect(lines(.focused(weight), .normal) == ["Weight, 62 kilograms"])
        #expect(lines(.focused(weight), .terse) == ["Weight, 62"])
        #expect(lines(.focused(weight), .verbose) == ["Weight, 62 kilograms, adjustable. Up or down arrow adjusts by 0.5, Page Up or Page Down by 5, Home and End go to 40 and 120"])
    }

    @Test func aChangeSaysTheValueFirst() {
        let moved = weight.with(value: 62.5)
        let change = ValueChange(old: 62, new: 62.5, reachedBound: nil, correction: nil)
        #expect(lines(.changed(moved, change), .normal) == ["62.5 kilograms"])
        #expect(lines(.changed(moved, change), .terse) == ["62.5"])
        #expect(lines(.changed(moved, change), .verbose) == ["Weight, 62.5 kilograms"])
    }

    @Test func boundsAreNamed() {
        let top = weight.with(value: 120)
        let change = ValueChange(old: 119.5, new: 120, reachedBound: .maximum, correction: nil)
        #expect(lines(.changed(top, change), .normal) == ["120 kilograms max"])
        #expect(lines(.changed(top, change), .terse) == ["120 max"])
        #expect(lines(.unchanged(top, .atBound(.maximum)), .normal) == ["maximum"])
        #expect(lines(.unchanged(top, .atBound(.maximum)), .terse) == ["maximum"])
        #expect(lines(.unchanged(top, .atBound(.maximum)), .verbose) == ["Already at maximum, 120 kilograms"])
    }

    @Test func aRejectionSaysWhyAndWhatTheControlTakes() {
        let rejection = Rejection(.notANumber, input: "abc")
        #expect(lines(.rejected(rejection, weight), .normal) == ["Not a number, abc. 40 to 120"])
        #expect(lines(.rejected(Rejection(.decimalComma, input: "62,5"), weight), .terse) == ["Use a point for decimals, 62.5"])
    }

    @Test func snappingIsSpoken() {
        let moved = weight.with(value: 62.5)
        let change = ValueChange(old: 62, new: 62.5, reachedBound: nil, correction: .snapped(requested: 62.7))
        #expect(lines(.changed(moved, change), .normal) == ["62.5 kilograms, nearest step to 62.7"])
    }

    @Test func theOtherControlsSpeakInWords() {
        let rating = DemoScene.elements[1].with(value: 7)
        #expect(lines(.focused(rating), .normal) == ["Rating, 7 out of 10 stars"])
        #expect(lines(.focused(rating), .terse) == ["Rating, 7 out of 10"])
        let balance = DemoScene.elements[2]
        #expect(lines(.focused(balance), .normal) == ["Balance, 12480 dollars"])
        #expect(lines(.focused(balance), .terse) == ["Balance, 12480"])
    }

    @Test func everyLineIsPlainShortAndFreeOfControlCharacters() {
        let hostile = AdjustableElement(identity: ControlIdentity(id: "x", label: "Evil\u{1B}]0;owned\u{07} label\u{1B}[2J " + String(repeating: "long ", count: 100)),
                                        control: RulerPicker(minimum: 0, maximum: 10), value: 3)
        for line in lines(.focused(hostile), .verbose) {
            #expect(line.count <= Announcement.maximumLength)
            #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control })
            #expect(line.hasPrefix("Evil label long"))
        }
    }
}

extension AnnouncerTests {
    /// The audit's shortcut says exactly what a change says, at every verbosity, at the
    /// bounds and for corrected typed values.
    @Test func aChangeWithItsSpokenValueInHandSaysTheSame() {
        for verbosity in Verbosity.allCases {
            let announcer = Announcer(verbosity: verbosity)
            for element in DemoScene.elements {
                for adjustment in [Adjustment.increment(1), .toMaximum, .typed("1e9"), .typed("63.3"), .toMinimum] {
                    var moved = element
                    guard case .changed(let change) = moved.apply(adjustment) else { continue }
                    #expect([announcer.changeAnnouncement(moved, change, spokenValue: moved.spokenValue)] == announcer.announcements(for: .changed(moved, change)))
                }
            }
        }
    }
}

extension AnnouncerTests {
    /// What is written straight into an output buffer is, line for line, what the
    /// announcements say: for every verbosity and kind, at the bounds, for corrected values,
    /// and for words the sanitiser must clean or a line past the longest an announcement may be.
    @Test func wordsWrittenIntoABufferAreTheAnnouncementsLines() {
        let messy = AdjustableElement(identity: ControlIdentity(id: "m", label: "Tab\tin  label", unit: UnitWords(singular: "grain", plural: "grains")),
                                      control: RulerPicker(minimum: 0, maximum: 10), value: 3)
        let long = AdjustableElement(identity: ControlIdentity(id: "l", label: String(repeating: "Long label ", count: 40)),
                                     control: StarRating(), value: 2)
        // Empty unit words leave a space at the end, which the sanitiser takes away.
        let blank = AdjustableElement(identity: ControlIdentity(id: "b", label: "Blank", unit: UnitWords(singular: "", plural: "")),
                                      control: RulerPicker(minimum: 0, maximum: 10), value: 3)
        #expect(Announcer(verbosity: .normal).announcements(for: .focused(blank)).map(\.text) == ["Blank, 3"])
        for verbosity in Verbosity.allCases {
            let announcer = Announcer(verbosity: verbosity)
            for element in DemoScene.elements + [messy, long, blank] {
                var events: [SessionEvent] = [.focused(element), .unchanged(element, .atBound(.minimum)), .described(element)]
                for adjustment in [Adjustment.increment(1), .toMaximum, .typed("1e9"), .typed("2.3"), .toMinimum] {
                    var moved = element
                    if case .changed(let change) = moved.apply(adjustment) { events.append(.changed(moved, change)) }
                }
                for event in events {
                    var bytes = Array("before\n".utf8)
                    announcer.writeAnnouncements(for: event, into: &bytes)
                    let expected = "before\n" + announcer.announcements(for: event).map { $0.text + "\n" }.joined()
                    #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(verbosity) \(event)")
                }
            }
        }
    }
}
