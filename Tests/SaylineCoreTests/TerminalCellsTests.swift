import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

/// Lines are measured in terminal cells: wide labels and narrow terminals never wrap.
@Suite struct TerminalCellsTests {
    @Test func wideCharactersAndEmojiTakeTwoCellsAndEscapesNone() {
        #expect(TerminalCells.width(of: "体重") == 4)
        #expect(TerminalCells.width(of: "a🙂b") == 4)
        #expect(TerminalCells.width(of: "e\u{301}") == 1)
        #expect(TerminalCells.width(of: "\u{1B}[35mv\u{1B}[0m") == 1)
        #expect(TerminalCells.fit("体重体重体重", to: 5) == "体重…")
        #expect(TerminalCells.width(of: TerminalCells.fit("\u{1B}[33m**********\u{1B}[0m", to: 4)) <= 4)
    }

    @Test(arguments: [80, 30, 19, 10, 5, 2])
    func noLineIsWiderThanTheTerminal(columns: Int) {
        let renderer = ControlRenderer(width: columns, color: true)
        let wide = AdjustableElement(identity: ControlIdentity(id: "w", label: "体重（公斤）と🙂の長いラベル"),
                                     control: RulerPicker(minimum: 0, maximum: 100), value: 50)
        for element in DemoScene.elements + [wide] {
            for line in renderer.lines(for: element) {
                #expect(TerminalCells.width(of: line) <= columns - 1, "\(columns) columns: \(line.debugDescription)")
            }
        }
    }
}
