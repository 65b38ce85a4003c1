import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene
import SaylineSystem
import SaylineCommandLine

/// The scene file behind a session: `save`, `overwrite`, `--autosave`, and the changes not yet
/// saved. A save is not a change: undo and redo go on as before it.
///
/// The file is read again before every save: another program's changes to it are kept, a
/// control changed both here and there is not saved over without `overwrite`, and a path that
/// has become a link to some other file is refused.
package final class SceneKeeper {
    package private(set) var document: SceneDocument
    /// What the file and the session held when the file was last read or written.
    private var agreement: SceneAgreement
    /// What the scene's path named when it was read.
    private var identity: FileKeeping.Identity?
    /// Quitting with unsaved changes is refused once, with a warning; the second quit goes.
    private var warned = false

    /// Where `save ~/name.json` points: `~` is the home folder, as in a shell.
    private let home: String?
    /// The other files the session read (a script, a transcript to check): never saved over.
    private let inputs: [String]

    package init(_ document: SceneDocument, home: String? = nil, inputs: [String] = []) {
        self.document = document
        self.inputs = inputs
        self.home = home.flatMap { $0.isEmpty ? nil : $0 }
        agreement = SceneAgreement(document, session: document.scene.elements)
        identity = document.path.map(FileKeeping.identity)
    }

    /// `~` and `~/…` with the home folder put in; any other path as it is.
    private func expandingHome(_ path: String) -> String {
        guard let home, path == "~" || path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
    }

    func unsavedCount(_ elements: [AdjustableElement]) -> Int {
        agreement.changes(in: elements).count
    }

    /// Writes the session's values to the scene's own file, or to `request.file`, which is then
    /// the scene's file from then on. What happened, to be said and reported.
    /// How the last save failed, if it did (a later save that succeeds clears it): a session
    /// whose last save failed does not end in success.
    package private(set) var lastSaveFailed: SaveOutcome?

    package func save(_ elements: [AdjustableElement], _ request: SaveRequest) -> (outcome: SaveOutcome, file: String?) {
        guard let target = request.file.map(expandingHome) ?? document.path else { return (.noFile, nil) }
        let outcome = target == document.path ? saveOwnFile(target, elements, overwrite: request.overwrite)
                                              : saveAs(target, elements)
        if outcome.succeeded { warned = false }
        lastSaveFailed = outcome.succeeded ? nil : outcome
        return (outcome, target)
    }

    private func saveOwnFile(_ path: String, _ elements: [AdjustableElement], overwrite: Bool) -> SaveOutcome {
        let now = FileKeeping.identity(path)
        // A path that was a plain file and is now a link (or a link now leading elsewhere)
        // names another file than the one read: writing would replace that one.
        if let identity, now.isLink != identity.isLink || (now.isLink && now.target != identity.target) {
            return .swappedForLink(file: path)
        }
        let changes = agreement.changes(in: elements)
        let current: SceneDocument
        let previous: [UInt8]
        switch FileAccess.read(now.target, limit: Scene.maximumFileSize) {
        case .failure(.missing):
            // Deleted meanwhile: the scene as this session has it is written anew.
            (current, previous) = (document, [])
        case .failure(let failure):
            return .cannotWrite(file: path, reason: failure.message)
        case .success(let bytes) where bytes == document.bytes:
            (current, previous) = (document, bytes)
        case .success(let bytes):
            switch SceneFile.decode(bytes) {
            case .success(let scene): (current, previous) = (SceneDocument(path: path, bytes: bytes, scene: scene), bytes)
            case .failure(let error) where !overwrite:
                // Translators: stands where a file's name would, before its line number: "line:12: controls[2].step: must be a number".
                let place = translatedIn("before a line number", "line")
                return .refused(file: path, .unreadable(error.problems.first?.formatted(file: place) ?? translated("it cannot be read")))
            case .failure: (current, previous) = (document, bytes)
            }
        }
        let plan: SceneWriteBack.Plan
        switch SceneWriteBack.plan(changes, agreement: agreement, current: current, force: overwrite) {
        case .failure(let refusal): return .refused(file: path, refusal)
        case .success(let made): plan = made
        }
        if !overwrite && FileKeeping.isReadOnly(now.target) { return .readOnly(file: path) }
        // The name itself goes to the door, which refuses a link: one read through a link it
        // named then is refused now as any link is (never written through).
        if case .failure(let failure) = FileKeeping.replace(path, with: plan.bytes, previous: previous, inputs: inputs) {
            return .cannotWrite(file: path, reason: failure.reason)
        }
        agreeOn(SceneDocument(path: path, bytes: plan.bytes, scene: decoded(plan.bytes) ?? current.scene), elements)
        return .saved(file: path, changes: plan.written, keptFromFile: plan.keptFromFile)
    }

    /// The demo scene has no file, and holds its labels in the session's language alone: saved,
    /// it is written with them in every language with a catalog, as `scene --print` writes it.
    private static func demoWords(_ elements: [AdjustableElement], document: SceneDocument) -> [AdjustableElement] {
        guard document.path == nil, document.bytes == nil else { return elements }
        let demo = Dictionary(DemoScene.elements(in: LanguageChoice.catalogued()).map { ($0.identity.id, $0) }, uniquingKeysWith: { first, _ in first })
        return elements.map { element in demo[element.identity.id].map { $0.holding(element.value) } ?? element }
    }

    /// `save FILE`: the session's scene as it stands, written to another file.
    private func saveAs(_ path: String, _ elements: [AdjustableElement]) -> SaveOutcome {
        let changes = unsavedCount(elements)
        let values = document.valuesByID
        let bytes = document.text(writing: Self.demoWords(elements.filter { values[$0.identity.id] != $0.value }, document: document))
        // The scene read is an input too: saving as another name for it would lose what the
        // session's own file holds (`save` writes that one).
        // A scene is read back (the session's scene is this file from now on): never a stream.
        if case .failure(let failure) = FileDoor.write(bytes, to: path, as: .keptFile(newFileMode: nil),
                                                       inputs: inputs + (document.path.map { [$0] } ?? [])) {
            return .cannotWrite(file: path, reason: failure.reason)
        }
        agreeOn(SceneDocument(path: path, bytes: bytes, scene: decoded(bytes) ?? Scene(elements: elements)), elements)
        identity = FileKeeping.identity(path)
        return .saved(file: path, changes: changes, keptFromFile: 0)
    }

    private func agreeOn(_ written: SceneDocument, _ elements: [AdjustableElement]) {
        document = written
        agreement = SceneAgreement(written, session: elements)
    }

    private func decoded(_ bytes: [UInt8]) -> Scene? {
        if case .success(let scene) = SceneFile.decode(bytes) { return scene }
        return nil
    }

    /// The saves a reply asks for, made; each is said and written to the event stream.
    package func performSaves(of events: [SessionEvent], _ elements: [AdjustableElement], stream: EventStream?) -> [Announcement] {
        var said: [Announcement] = []
        for case .saveRequested(let request) in events {
            let (outcome, file) = save(elements, request)
            said.append(outcome.announcement)
            stream?.saved(outcome, file: file)
        }
        return said
    }

    /// Asked on quit: the warning to say instead of quitting (once), or nil to quit now.
    /// The demo scene has no file to lose changes from, and `--autosave` saves them at exit.
    package func warningBeforeQuitting(_ elements: [AdjustableElement], autosave: Bool) -> Announcement? {
        let count = unsavedCount(elements)
        guard count > 0, !autosave, !warned, document.path != nil else { return nil }
        warned = true
        return SaveOutcome.unsavedWarning(count)
    }

    /// At the end of piped input, where nobody was asked to quit twice: the changes that are
    /// dropped, in words, or nil when none are.
    package func droppedChanges(_ elements: [AdjustableElement]) -> String? {
        let count = unsavedCount(elements)
        guard count > 0, let path = document.path else { return nil }
        return translatedCount("%s change was not saved to %s (save, or --autosave)", "%s changes were not saved to %s (save, or --autosave)",
                               count: count, NumberText.spoken(count), TextSanitiser.echo(path, limit: 4_096))
    }

    /// At exit with `--autosave`: the save, when there is anything to save.
    package func saveAtExit(_ elements: [AdjustableElement], autosave: Bool) -> (outcome: SaveOutcome, file: String?)? {
        guard autosave, document.path != nil, unsavedCount(elements) > 0 else { return nil }
        return save(elements, SaveRequest(file: nil))
    }
}
