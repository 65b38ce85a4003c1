import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct SpeechPacerTests {
    func change(_ text: String) -> Announcement { Announcement(text, kind: .change) }

    @Test func aHeldKeySpeaksTheFirstAndTheSettledValue() {
        var pacer = SpeechPacer(settleInterval: 0.3)
        #expect(pacer.submit(change("62.5"), at: 0).map(\.text) == ["62.5"])
        #expect(pacer.submit(change("63"), at: 0.03).isEmpty)
        #expect(pacer.submit(change("63.5"), at: 0.06).isEmpty)
        #expect(pacer.submit(change("64"), at: 0.09).isEmpty)
        #expect(pacer.deadline == 0.39)
        #expect(pacer.flush(at: 0.2).isEmpty)
        #expect(pacer.flush(at: 0.39).map(\.text) == ["64"])
        #expect(pacer.deadline == nil)
        // After a pause, the next change is spoken at once again.
        #expect(pacer.submit(change("64.5"), at: 1).map(\.text) == ["64.5"])
    }

    @Test func otherLinesReleaseTheHeldValueFirst() {
        var pacer = SpeechPacer(settleInterval: 0.3)
        _ = pacer.submit(change("1"), at: 0)
        _ = pacer.submit(change("2"), at: 0.01)
        #expect(pacer.submit(Announcement("Rating, 0 out of 10 stars", kind: .info), at: 0.02).map(\.text) == ["2", "Rating, 0 out of 10 stars"])
        _ = pacer.submit(change("3"), at: 1)
        _ = pacer.submit(change("4"), at: 1.01)
        #expect(pacer.drain().map(\.text) == ["4"])
    }

    @Test func aRunThatReturnsToTheSpokenValueIsNotSpokenTwice() {
        var pacer = SpeechPacer(settleInterval: 0.3)
        _ = pacer.submit(change("62.5"), at: 0)
        _ = pacer.submit(change("63"), at: 0.05)
        _ = pacer.submit(change("62.5"), at: 0.1)
        #expect(pacer.flush(at: 1).isEmpty)
    }

    @Test func zeroSettleSpeaksEveryChange() {
        var pacer = SpeechPacer(settleInterval: 0)
        #expect(pacer.submit(change("1"), at: 0).count == 1)
        #expect(pacer.submit(change("2"), at: 0).count == 1)
    }
}
