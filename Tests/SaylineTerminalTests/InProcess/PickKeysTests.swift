import Testing
import SaylineCore

/// Pick's rule for the keyboard's bytes, as a value: what cancels, what interrupts, what is typed.
@Suite struct PickKeysTests {
    @Test func aLoneEscapeOnAnEmptyLineCancelsAndControlCInterruptsWhateverIsTyped() {
        #expect(PickRules.keyboard([0x1B][...], lineIsEmpty: true) == .cancel)
        #expect(PickRules.keyboard([0x1B][...], lineIsEmpty: false) == .typed([0x1B]))
        // An arrow's bytes come together: a key, not an Escape.
        #expect(PickRules.keyboard(Array("\u{1B}[A".utf8)[...], lineIsEmpty: true) == .typed(Array("\u{1B}[A".utf8)))
        #expect(PickRules.keyboard(Array("70\u{03}".utf8)[...], lineIsEmpty: false) == .interrupt)
        #expect(PickRules.keyboard([0x03][...], lineIsEmpty: true) == .interrupt)
        // Ctrl-Z and Ctrl-\ are taken out; an Escape left alone by them still cancels.
        #expect(PickRules.keyboard([0x37, 0x1A, 0x30, 0x1C][...], lineIsEmpty: true) == .typed([0x37, 0x30]))
        #expect(PickRules.keyboard([0x1A, 0x1B][...], lineIsEmpty: true) == .cancel)
        #expect(PickRules.keyboard([0x1A][...], lineIsEmpty: true) == .typed([]))
    }
}
