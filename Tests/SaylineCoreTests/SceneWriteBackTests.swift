import Testing
import SaylineCore

/// Writing a session's values back onto a scene file that may have changed since it was read.
@Suite struct SceneWriteBackTests {
    static let text = #"{"controls": [{"kind": "ruler", "id": "a", "label": "A", "max": 10, "value": 1}, {"kind": "ruler", "id": "b", "label": "B", "max": 10, "value": 1}]}"#

    func document(_ text: String) throws -> SceneDocument {
        SceneDocument(path: "s.json", bytes: Array(text.utf8), scene: try SceneDecoder.decode(Array(text.utf8)).get())
    }

    /// The session's elements with `a` moved up `steps`.
    func moved(_ document: SceneDocument, _ id: String, by steps: Int) -> [AdjustableElement] {
        document.scene.elements.map { element in
            var element = element
            if element.identity.id == id { for _ in 0..<steps { _ = element.apply(.increment(1)) } }
            return element
        }
    }

    @Test func anUnchangedFileGetsThePersonsChangesOnly() throws {
        let read = try document(Self.text)
        let agreement = SceneAgreement(read, session: read.scene.elements)
        let session = moved(read, "a", by: 2)
        let changes = agreement.changes(in: session)
        #expect(changes.map(\.identity.id) == ["a"])
        let plan = try SceneWriteBack.plan(changes, agreement: agreement, current: read, force: false).get()
        #expect(String(decoding: plan.bytes, as: UTF8.self) == Self.text.replacingOccurrences(of: #""A", "max": 10, "value": 1"#, with: #""A", "max": 10, "value": 3"#))
        #expect(plan.written == 1 && plan.keptFromFile == 0)
    }

    @Test func anotherProgramsChangeToAnotherControlIsKept() throws {
        let read = try document(Self.text)
        let agreement = SceneAgreement(read, session: read.scene.elements)
        let edited = Self.text.replacingOccurrences(of: #""B", "max": 10, "value": 1"#, with: #""B", "max": 10, "value": 7"#)
        let plan = try SceneWriteBack.plan(agreement.changes(in: moved(read, "a", by: 1)), agreement: agreement, current: try document(edited), force: false).get()
        let written = String(decoding: plan.bytes, as: UTF8.self)
        #expect(written.contains(#""A", "max": 10, "value": 2"#) && written.contains(#""B", "max": 10, "value": 7"#))
        #expect(plan.keptFromFile == 1)
    }

    @Test func aControlChangedInBothToDifferentValuesIsRefusedUnlessForced() throws {
        let read = try document(Self.text)
        let agreement = SceneAgreement(read, session: read.scene.elements)
        let session = moved(read, "a", by: 1)
        let theirs = try document(Self.text.replacingOccurrences(of: #""A", "max": 10, "value": 1"#, with: #""A", "max": 10, "value": 9"#))
        #expect(throws: SceneWriteBack.Refusal.changedThereToo(["a"])) {
            try SceneWriteBack.plan(agreement.changes(in: session), agreement: agreement, current: theirs, force: false).get()
        }
        let forced = try SceneWriteBack.plan(agreement.changes(in: session), agreement: agreement, current: theirs, force: true).get()
        #expect(String(decoding: forced.bytes, as: UTF8.self).contains(#""A", "max": 10, "value": 2"#))
        // Both made the same change: nothing to decide.
        let same = try document(Self.text.replacingOccurrences(of: #""A", "max": 10, "value": 1"#, with: #""A", "max": 10, "value": 2"#))
        #expect(throws: Never.self) { try SceneWriteBack.plan(agreement.changes(in: session), agreement: agreement, current: same, force: false).get() }
    }

    @Test func aControlRemovedFromTheFileIsRefusedAndNamed() throws {
        let read = try document(Self.text)
        let agreement = SceneAgreement(read, session: read.scene.elements)
        let without = try document(#"{"controls": [{"kind": "ruler", "id": "b", "label": "B", "max": 10, "value": 1}]}"#)
        #expect(throws: SceneWriteBack.Refusal.removedThere(["a"])) {
            try SceneWriteBack.plan(agreement.changes(in: moved(read, "a", by: 1)), agreement: agreement, current: without, force: false).get()
        }
        #expect(SaveOutcome.refused(file: "s.json", .removedThere(["a"])).announcement.text == "Not saved, a is no longer in s.json. Type overwrite to save the rest")
    }

    @Test func aValueIsWrittenInItsStepsPrecision() throws {
        // Tick 82 from 20 in steps of 0.1 is 28.200000000000003 in binary.
        let text = #"{"controls": [{"kind": "ruler", "id": "a", "label": "A", "min": 20, "max": 30, "step": 0.1, "value": 28.1}]}"#
        let read = try document(text)
        let agreement = SceneAgreement(read, session: read.scene.elements)
        let session = moved(read, "a", by: 1)
        #expect(session[0].value != 28.2)
        let plan = try SceneWriteBack.plan(agreement.changes(in: session), agreement: agreement, current: read, force: false).get()
        #expect(String(decoding: plan.bytes, as: UTF8.self).contains(#""step": 0.1, "value": 28.2}"#))
    }

    @Test func everyOutcomeIsSaidInWordsNamingTheFile() {
        #expect(SaveOutcome.saved(file: "s.json", changes: 2, keptFromFile: 1).announcement.text == "Saved 2 changes to s.json, keeping 1 change made there since it was read")
        #expect(SaveOutcome.refused(file: "s.json", .changedThereToo(["a", "b", "c", "d"])).announcement.text.hasPrefix("Not saved, a, b and 2 more changed in s.json too"))
        #expect(SaveOutcome.readOnly(file: "s\u{1B}[2J.json").announcement.text == "Not saved, s.json (control characters removed) is read-only. Type overwrite to write it anyway")
        #expect(!SaveOutcome.swappedForLink(file: "s.json").succeeded)
    }
}
