import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct ControlRendererTests {
    @Test func theRulerShowsTheValueUnderTheIndicatorWithLabelsAtMajors() {
        let lines = ControlRenderer(width: 41, color: false).lines(for: DemoScene.elements[0])
        #expect(lines[0] == "Weight  62.0 kg")
        #expect(lines[1] == String(repeating: " ", count: 20) + "v")
        let ticks = Array(lines[2])
        #expect(ticks[20] == ".")     // 62 is tick 44: a minor tick
        #expect(ticks[26] == "|")     // 65 is tick 50: a major
        #expect(ticks[21] == ":")     // 62.5 is tick 45: a middle
        #expect(lines[3].contains("65"))
    }

    @Test func drawingCostFollowsTheWidthNotTheTickCount() {
        let huge = AdjustableElement(identity: ControlIdentity(id: "h", label: "Huge"),
                                     control: RulerPicker(minimum: 0, maximum: 19_999), value: 10_000)
        for width in [20, 80, 200] {
            let lines = ControlRenderer(width: width, color: false).lines(for: huge)
            #expect(lines.allSatisfy { $0.count < width })
        }
    }

    @Test func theRatingAndTheRollDrawTheirFigures() {
        let renderer = ControlRenderer(width: 60, color: false)
        let rating = DemoScene.elements[1]
        #expect(renderer.lines(for: rating) == ["Rating  0/10", " Slide to rate", "[..........] 0/10"])
        let rated = rating.with(value: 3)
        #expect(renderer.lines(for: rated)[2] == "[***.......] 3/10")
        #expect(renderer.lines(for: DemoScene.elements[2]) == ["Balance  $12,480", "  $12,480"])
        let rolling = renderer.lines(for: DemoScene.elements[2], frame: .digits([1, 2, 4, 8.6, 0]))
        #expect(rolling[1] == "  $12,490")
    }

    @Test func colourIsOnlyPaintedWhenAsked() {
        let plain = ControlRenderer(width: 60, color: false).lines(for: DemoScene.elements[0]).joined()
        let painted = ControlRenderer(width: 60, color: true).lines(for: DemoScene.elements[0]).joined()
        #expect(!plain.contains("\u{1B}"))
        #expect(painted.contains("\u{1B}["))
    }
}
