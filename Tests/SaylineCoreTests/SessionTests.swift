import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct SessionTests {
    func heard(_ session: inout Session, _ line: String) -> [String] {
        session.perform(line: line).announcements.map(\.text)
    }

    @Test func greetsWithTheFocusedControl() {
        #expect(Session(elements: []).greeting().announcements.map(\.text) == ["Weight, 62 kilograms"])
    }

    @Test func commandsAdjustTheFocusedControl() {
        var session = Session(elements: DemoScene.elements)
        #expect(heard(&session, "inc") == ["62.5 kilograms"])
        #expect(heard(&session, "inc 3") == ["64 kilograms"])
        #expect(heard(&session, "page down") == ["59 kilograms"])
        #expect(heard(&session, "max") == ["120 kilograms max"])
        #expect(heard(&session, "inc") == ["maximum"])
        #expect(heard(&session, "set 62,5") == ["Use a point for decimals, 62.5"])
        #expect(session.focused.value == 120)
        #expect(heard(&session, "next") == ["Rating, 0 out of 10 stars"])
        #expect(heard(&session, "inc") == ["1 out of 10 stars"])
        #expect(heard(&session, "focus balance") == ["Balance, 12480 dollars"])
        #expect(heard(&session, "set $12,500") == ["12500 dollars"])
        #expect(heard(&session, "focus 1") == ["Weight, 120 kilograms"])
        #expect(heard(&session, "prev") == ["Balance, 12500 dollars"])
    }

    /// A front that keeps one reply for command after command (a long script) hears exactly what
    /// a new reply for each would say, and nothing of the command before.
    @Test func aReplyKeptFromCommandToCommandHoldsOnlyTheLastCommand() {
        let lines = ["inc", "max", "inc", "next", "motion reduce", "inc", "undo", "undo", "redo", "tour", "set 3,5", "list", "quit"]
        var fresh = Session(elements: DemoScene.elements)
        var kept = Session(elements: DemoScene.elements)
        var reply = Reply()
        for line in lines {
            guard case .success(let command)? = CommandTable.parse(line) else {
                Issue.record("\(line) does not parse")
                continue
            }
            let expected = fresh.perform(command)
            kept.perform(command, into: &reply)
            #expect(reply == expected, "after \(line)")
        }
        #expect(reply.quit)
        #expect(kept.elements == fresh.elements)
    }

    @Test func mistakesAreSpokenWithASuggestion() {
        var session = Session(elements: DemoScene.elements)
        #expect(heard(&session, "incc") == ["Unknown command, incc. Did you mean inc?"])
        #expect(heard(&session, "focus wieght") == ["No control named wieght. Did you mean weight?"])
        #expect(heard(&session, "inc 0") == ["Steps count from 1, not 0"])
        #expect(heard(&session, "inc 99999999999999999999999") == ["Not a whole number, 99999999999999999999999"])
        #expect(heard(&session, "say hello") == ["Too many words, say hello"])
        #expect(heard(&session, "set") == ["set needs a value"])
        #expect(heard(&session, "  ").isEmpty)
        #expect(heard(&session, "# a comment").isEmpty)
        #expect(session.focused.value == 62)
    }

    @Test func undoAndRedoPutValuesBack() {
        var session = Session(elements: DemoScene.elements)
        _ = heard(&session, "inc")
        _ = heard(&session, "next")
        _ = heard(&session, "inc 4")
        #expect(heard(&session, "undo") == ["0 out of 10 stars"])
        // The undo moves focus back to the ruler, so it names the control.
        #expect(heard(&session, "undo") == ["Weight, 62 kilograms"])
        #expect(heard(&session, "undo") == ["Nothing to undo"])
        #expect(heard(&session, "redo") == ["62.5 kilograms"])
        #expect(session.focusIndex == 0)
    }

    @Test func reduceMotionJumpsButSaysTheSame() {
        var full = Session(elements: DemoScene.elements)
        var reduced = Session(elements: DemoScene.elements, motion: .reduce)
        for line in ["inc", "page up", "next", "inc 3", "next", "dec 5", "set 1,000", "undo"] {
            let animated = full.perform(line: line)
            let jumped = reduced.perform(line: line)
            #expect(animated.announcements == jumped.announcements)
            if let transition = jumped.transition {
                #expect(transition.transition == .jump)
                #expect(transition.transition.intermediateFrameCount() == 0)
            }
            if let transition = animated.transition {
                #expect(transition.transition.intermediateFrameCount() > 10)
            }
        }
    }

    @Test func theTourVisitsItsStopsAndStopsForGoodWhenThePersonTakesOver() {
        var session = Session(elements: DemoScene.elements)
        #expect(heard(&session, "tour") == ["Tour of Weight started. Any change of yours stops it"])
        #expect(session.advanceTour().announcements.map(\.text) == ["Weight, 78.5 kilograms"])
        #expect(session.advanceTour().announcements.map(\.text) == ["Weight, 55 kilograms"])
        #expect(heard(&session, "inc") == ["55.5 kilograms", "Tour stopped"])
        #expect(session.tour == nil)
        #expect(session.advanceTour().announcements.isEmpty)
    }

    @Test func theTourRunsTwelveStopsThenFinishes() {
        var session = Session(elements: DemoScene.elements)
        _ = session.perform(.tour)
        var visited: [Double] = []
        for _ in 0..<12 {
            let reply = session.advanceTour()
            #expect(reply.transition != nil)
            visited.append(session.elements[0].value)
        }
        #expect(visited == Array(repeating: DemoTour.stops, count: 3).flatMap { $0 })
        #expect(session.advanceTour().announcements.map(\.text) == ["Tour finished"])
    }

    @Test func theTourNeverRunsWithReduceMotion() {
        var session = Session(elements: DemoScene.elements, motion: .reduce)
        #expect(heard(&session, "tour") == ["The tour does not run with reduce motion"])
        #expect(session.tour == nil)
        var running = Session(elements: DemoScene.elements)
        _ = running.perform(.tour)
        #expect(heard(&running, "motion reduce") == ["Reduce motion on, changes jump", "Tour stopped"])
    }

    /// Only reduce motion stops the tour: full motion said again leaves it running, and with
    /// no tour, reduce motion says only itself.
    @Test func fullMotionLeavesTheTourRunning() {
        var running = Session(elements: DemoScene.elements)
        _ = running.perform(.tour)
        #expect(heard(&running, "motion full") == ["Full motion, changes animate"])
        #expect(running.tour != nil)
        var still = Session(elements: DemoScene.elements)
        #expect(heard(&still, "motion reduce") == ["Reduce motion on, changes jump"])
    }

    /// `describe` refuses a control the scene has not as `focus` does, with the nearest id,
    /// and moves nothing.
    @Test func describeRefusesAnUnknownControlAsFocusDoes() {
        var session = Session(elements: DemoScene.elements)
        #expect(heard(&session, "describe wieght") == ["No control named wieght. Did you mean weight?"])
        #expect(heard(&session, "focus wieght") == ["No control named wieght. Did you mean weight?"])
        #expect(session.focusIndex == 0)
    }

    @Test func changesToOtherControlsLeaveTheTourRunning() {
        var session = Session(elements: DemoScene.elements)
        _ = session.perform(.tour)
        _ = session.advanceTour()
        _ = session.perform(.next)
        _ = session.perform(.increment(2))
        #expect(session.tour != nil)
        #expect(session.advanceTour().announcements.map(\.text) == ["Weight, 55 kilograms"])
    }

    @Test func listAndDescribeSpeakEveryControl() {
        var session = Session(elements: DemoScene.elements)
        #expect(heard(&session, "list") == [
            "1 of 3, Weight, 62 kilograms, focused",
            "2 of 3, Rating, 0 out of 10 stars",
            "3 of 3, Balance, 12480 dollars",
        ])
        #expect(heard(&session, "describe rating") == ["Rating, 0 out of 10 stars, 0 to 10 in steps of 1. Slide to rate"])
    }

    @Test func helpIsSpokenInShortLinesWithoutSymbolsAndQuitEnds() {
        var session = Session(elements: DemoScene.elements)
        let help = session.perform(line: "help inc")
        #expect(help.announcements.map(\.text) == ["inc, or inc and a number. Increase the focused control by one step, or by N steps.",
                                                    "Also typed as up or increment.", "Keys, Up, Right, plus, on an empty line."])
        #expect(help.announcements.allSatisfy { $0.kind == .reference })
        // The summary, the keys and the commands: lines a reader says without naming a symbol,
        // and the summary few enough to hear before it scrolls.
        let summary = session.perform(line: "help").announcements.map(\.text)
        #expect(summary.count <= 4)
        for topic in ["", " keys", " commands"] {
            for line in session.perform(line: "help" + topic).announcements.map(\.text) {
                #expect(line.count <= 104, "\(line)")
                #expect(!line.contains { ":;>/*[]|-".contains($0) }, "help\(topic): \(line)")
            }
        }
        #expect(session.perform(line: "help commands").announcements.count == CommandTable.all.count)
        #expect(session.perform(line: "quit").quit)
    }

    @Test func undoHistoryIsBounded() {
        var session = Session(elements: DemoScene.elements)
        for _ in 0..<3_000 { _ = session.perform(.increment(1)); _ = session.perform(.decrement(1)) }
        var undone = 0
        while case .restored = session.perform(.undo).events.first { undone += 1 }
        #expect(undone == Session.historyLimit)
    }
}

/// Faults that only an audit noticed before: End on a range the grid or the cap cuts short,
/// and typed values snapped to the nearest step (not the one below).
extension SessionTests {
    static func ruler(_ minimum: Double, _ maximum: Double, step: Double) -> AdjustableElement {
        AdjustableElement(identity: ControlIdentity(id: "r", label: "Length", unit: UnitWords(singular: "metre", plural: "metres")),
                          control: RulerPicker(minimum: minimum, maximum: maximum, step: step), value: minimum)
    }

    @Test func endOnAPartialStepRangeGoesToTheLastTickAndSaysMaximum() {
        // 0 to 10 in steps of 3: the last tick is 9, and 10 cannot be reached.
        var session = Session(elements: [Self.ruler(0, 10, step: 3)])
        #expect(heard(&session, "max") == ["9 metres max"])
        #expect(session.focused.value == 9)
        #expect(heard(&session, "inc") == ["maximum"])
        #expect(heard(&session, "set 10") == ["Too high, 9 metres max"])
        #expect(session.focused.value == 9)
    }

    @Test func endOnACappedRangeGoesToTheLastTickTheCapAllows() {
        // 30,000 ticks asked for; the ruler lays out 20,000, so End is tick 19,999.
        var session = Session(elements: [Self.ruler(0, 30_000, step: 1)])
        #expect(heard(&session, "max") == ["19999 metres max"])
        #expect(session.focused.value == 19_999)
        #expect(heard(&session, "inc") == ["maximum"])
        #expect(heard(&session, "dec") == ["19998 metres"])
    }

    @Test func typedValuesOutsideTheRangeSayTheyWereClamped() {
        var session = Session(elements: DemoScene.elements)
        #expect(heard(&session, "set 200") == ["Too high, 120 kilograms max"])
        #expect(heard(&session, "set 200") == ["Too high, 120 kilograms max"])
        #expect(heard(&session, "set 10") == ["Too low, 40 kilograms min"])
        // (value - minimum) / step overflows to infinity: still the maximum, never the minimum.
        #expect(heard(&session, "set 1e308") == ["Too high, 120 kilograms max"])
        #expect(session.focused.value == 120)
    }

    @Test func theRatingCountsStarsAndTakesThemTyped() {
        var session = Session(elements: DemoScene.elements)
        _ = heard(&session, "focus rating")
        #expect(heard(&session, "set 3 stars") == ["3 out of 10 stars"])
        #expect(heard(&session, "set 1 star") == ["1 out of 10 stars"])
        _ = heard(&session, "verbosity terse")
        #expect(heard(&session, "inc") == ["2 out of 10"])
    }

    @Test func typedValuesSnapToTheNearestStep() {
        var session = Session(elements: DemoScene.elements)
        // 62.8 lies nearer 63 than 62.5; a floor would land on 62.5.
        #expect(heard(&session, "set 62.8") == ["63 kilograms, nearest step to 62.8"])
        #expect(heard(&session, "set 62.2") == ["62 kilograms, nearest step to 62.2"])
    }
}

/// Numbers that broke before: every digit of a large value, a figure's spaces, the star's lean.
extension SessionTests {
    @Test func largeValuesAreWrittenWithAllTheirDigits() {
        #expect(NumberText.format(5.1e19, places: 0) == "51,000,000,000,000,000,000")
        #expect(NumberText.format(1e20, places: 0) == "100,000,000,000,000,000,000")
        #expect(NumberText.plain(1e16) == "10000000000000000")
        #expect(NumberText.integerDigits(Double(UInt64(1) << 60)) == "1152921504606846976")
        #expect(NumberText.format(-9_007_199_254_740_994, places: 0) == "-9,007,199,254,740,994")
        let huge = AdjustableElement(identity: ControlIdentity(id: "d", label: "Distance", unit: UnitWords(singular: "metre", plural: "metres")),
                                     control: RulerPicker(minimum: 0, maximum: 1e20, step: 1e16), value: 0)
        var session = Session(elements: [huge])
        #expect(heard(&session, "max") == ["100000000000000000000 metres max"])
        #expect(!huge.displayText.contains("e+"))
    }

    @Test func boundsOfOppositeSignNearTheLargestDoubleKeepTheirRange() {
        let scale = TickScale(lowerBound: -1e308, upperBound: 1e308, step: 1e307)
        #expect(scale.tickCount == 21)
        #expect(scale.upperBound == 1e308)
    }

    @Test func aDigitRollKeepsTheSpacesOfItsFigureAndSpeaksTheValue() {
        let roll = AdjustableElement(identity: ControlIdentity(id: "b", label: "Balance"),
                                     control: DigitRoll(columns: 6, prefix: "USD ", separator: " "), value: 12_480)
        #expect(roll.displayText == "USD 12 480")
        #expect(roll.spokenValue == "USD 12480")
        var session = Session(elements: [roll])
        #expect(heard(&session, "set USD 12 490") == ["USD 12490"])
        let noBreak = AdjustableElement(identity: ControlIdentity(id: "b", label: "Balance"),
                                        control: DigitRoll(columns: 6, prefix: "", separator: "\u{A0}"), value: 12_480)
        #expect(noBreak.displayText == "12\u{A0}480")
    }

    @Test func theStarLeansBackWhileItMovesForwards() {
        let renderer = ControlRenderer(width: 80, color: false)
        let rating = DemoScene.elements[1]
        let forwards = StarRatingPose(thumb: 3, star: 3, rotation: -36, lift: 1)
        let lines = renderer.lines(for: rating, frame: .rating(forwards))
        #expect(lines[1].contains("\\"), "\(lines)")
        let backwards = StarRatingPose(thumb: 3, star: 3, rotation: 36, lift: 1)
        #expect(renderer.lines(for: rating, frame: .rating(backwards))[1].contains("/"))
    }
}

extension SessionTests {
    @Test func theStepsOwnDecimalsAreKept() {
        #expect(NumberText.decimalPlaces(of: 1.0000001) == 7)
        #expect(NumberText.decimalPlaces(of: 1e-7) == 7)
        #expect(NumberText.decimalPlaces(of: 0.25) == 2)
        #expect(NumberText.decimalPlaces(of: 5) == 0)
        let fine = AdjustableElement(identity: ControlIdentity(id: "f", label: "Fine"),
                                     control: RulerPicker(minimum: 0, maximum: 10, step: 1.0000001), value: 0)
        var session = Session(elements: [fine])
        #expect(heard(&session, "inc 5") == ["5.0000005"])
    }

    /// Far from zero a computed tick position is off by thousandths of a tick: each step must
    /// still land on the very next tick, each page on the tick a page away.
    @Test func stepsOfATenMillionthAtAMillionLandOnTheirTicks() {
        let scale = RulerPicker(minimum: -1_000_000, maximum: 1_000_000, step: 1e-7).scale
        let element = AdjustableElement(identity: ControlIdentity(id: "f", label: "Fine"), control: RulerPicker(minimum: 999_999.999, maximum: 1_000_000, step: 1e-7), value: 999_999.9995)
        var moving = element
        let start = moving.index
        for offset in 1...20 {
            guard case .changed = moving.apply(.increment(1)) else { Issue.record("step \(offset) did not move"); return }
            #expect(moving.index == start + offset)
        }
        for offset in 1...20 {
            guard case .changed = moving.apply(.decrement(1)) else { Issue.record("step back \(offset) did not move"); return }
            #expect(moving.index == start + 20 - offset)
        }
        _ = moving.apply(.pageUp)
        #expect(moving.index == start + 10)
        #expect(scale.tickCount == TickScale.rulerTickCap)
    }
}
