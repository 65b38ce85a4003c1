import Testing
import SaylineCore
@testable import SaylineControls
@testable import SaylineSession

@Suite struct BrailleViewTests {
    /// A session and a view of it, each command's reply given to the view as the front does.
    struct Reader {
        var session = Session(elements: DemoScene.elements)
        var view: BrailleView
        var now = 0.0

        init(width: Int, cells: @escaping @Sendable (String) -> String = { $0 }) {
            view = BrailleView(width: width, cells: cells)
            let greeting = session.greeting()
            view.receive(events: greeting.events, spoken: greeting.announcements, focused: session.focused, now: now)
        }

        mutating func perform(_ line: String) -> String {
            let reply = session.perform(line: line)
            view.receive(events: reply.events, spoken: reply.announcements, focused: session.focused, now: now)
            return view.shown
        }

        mutating func press(_ key: BrailleKey) -> String {
            if let command = view.press(key, now: now) {
                let reply = session.perform(command)
                view.receive(events: reply.events, spoken: reply.announcements, focused: session.focused, now: now)
            }
            return view.shown
        }
    }

    @Test func theControlsLineIsTheLabelThenTheValueAsTheScreenShowsIt() {
        var reader = Reader(width: 40)
        #expect(reader.view.shown == "Weight 62.0 kg")
        #expect(reader.perform("inc") == "Weight 62.5 kg")
        #expect(reader.perform("next") == "Rating 0/10")
        #expect(reader.perform("next") == "Balance $12,480")
        #expect(!reader.view.showsMessage)
    }

    @Test func aShortDisplayShowsTheValueFirstAndPansToTheLabel() {
        var reader = Reader(width: 10)
        #expect(reader.view.shown == "62.0 kg")
        #expect(reader.press(.panRight) == "Weight")
        // Past the end of the control's text: the next control, its value first.
        #expect(reader.press(.panRight) == "0/10")
        #expect(reader.press(.panLeft) == "62.0 kg")
        // Before the first control, the last, as Shift Tab goes.
        #expect(reader.press(.panLeft) == "$12,480")
    }

    @Test func aMessageIsShownOverTheControlAndGivesWayAfterItsHoldOrAKey() {
        var reader = Reader(width: 40)
        #expect(reader.perform("set 62,5") == "Use a point for decimals, 62.5")
        #expect(reader.view.deadline == BrailleView.messageHold)
        let early = reader.view.expire(now: BrailleView.messageHold - 0.01)
        #expect(!early)
        let due = reader.view.expire(now: BrailleView.messageHold)
        #expect(due)
        #expect(reader.view.shown == "Weight 62.0 kg")
        #expect(reader.perform("max") == "Weight 120.0 kg")
        #expect(reader.perform("inc") == "maximum")
        // A key other than panning gives the line back and does what it does.
        #expect(reader.press(.lineDown) == "Weight 119.5 kg")
        #expect(!reader.view.showsMessage)
    }

    @Test func aLongMessageIsPannedAndHeldWhileItIsRead() {
        var reader = Reader(width: 20)
        var read = [reader.press(.route)]
        reader.now = 3
        while reader.view.showsMessage, read.count < 10 {
            let before = reader.view.shown
            let next = reader.press(.panRight)
            if next == before { break }
            read.append(next)
            reader.now += 3
        }
        // Every window fits, the words are whole, and after the last comes the control again.
        #expect(read.allSatisfy { $0.count <= 20 })
        #expect(read.dropLast().joined(separator: " ") == "Weight, 62 kilograms, 40 to 120 in steps of 0.5")
        #expect(read.last == "Weight 62.0 kg")
    }

    @Test func homeReturnsToTheControlsFirstWindow() {
        var reader = Reader(width: 40)
        _ = reader.perform("set heavy")
        #expect(reader.view.showsMessage)
        #expect(reader.press(.home) == "Weight 62.0 kg")
    }

    @Test func theDisplaysKeysRunTheKeyboardsCommands() {
        #expect(BrailleKey.lineUp.command == .increment(1))
        #expect(BrailleKey.lineDown.command == .decrement(1))
        #expect(BrailleKey.top.command == .maximum)
        #expect(BrailleKey.bottom.command == .minimum)
        #expect(BrailleKey.route.command == .describe(nil))
        #expect(BrailleKey.panLeft.command == nil && BrailleKey.panRight.command == nil && BrailleKey.home.command == nil)
    }

    @Test func contractedCellsAreFittedAsTheyAreWritten() {
        // A stand-in translator: each word to a shorter form, the space a blank braille cell.
        var reader = Reader(width: 12, cells: { text in
            text.split(separator: " ").map { String($0.prefix(2)) }.joined(separator: "\u{2800}")
        })
        #expect(reader.view.shown == "We 62\u{2800}kg")
        #expect(reader.perform("next") == "Ra 0/")
    }

    @Test func windowsBreakBetweenWordsAndCutAWordLongerThanTheDisplay() {
        #expect(BrailleWindows("Weight 62.5 kg", width: 40).windows == ["Weight 62.5 kg"])
        #expect(BrailleWindows("one two three", width: 7).windows == ["one two", "three"])
        #expect(BrailleWindows("abcdefghij", width: 4).windows == ["abcd", "efgh", "ij"])
        #expect(BrailleWindows("⠁⠃\u{2800}⠉⠙", width: 3).windows == ["⠁⠃", "⠉⠙"])
        #expect(BrailleWindows("", width: 0).windows == [""])
    }

    @Test func aFigureTheScreenCannotShowIsNeverTheValue() {
        let roll = DigitRoll(minimum: -100, maximum: 9_999_999)
        let element = AdjustableElement(identity: ControlIdentity(id: "balance", label: "Balance"), control: roll, value: 1_234_567)
        #expect(element.displayText == "$234,567")
        #expect(BrailleView(width: 40).controlText(for: element) == "Balance $1234567")
    }
}
