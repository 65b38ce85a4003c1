import SaylineCore

/// The scene file behind a session: `save`, `--autosave`, and the changes not yet saved.
/// A save is not a change: undo and redo go on as before it.
final class SceneKeeper {
    private(set) var document: SceneDocument
    /// The values as the file has them now.
    private var savedValues: [Double]
    /// Quitting with unsaved changes is refused once, with a warning; the second quit goes.
    private var warned = false

    init(_ document: SceneDocument) {
        self.document = document
        savedValues = document.scene.elements.map(\.value)
    }

    func unsavedCount(_ elements: [AdjustableElement]) -> Int {
        zip(elements, savedValues).filter { $0.value != $1 }.count
    }

    /// Writes the scene with the values of `elements`, atomically, to `path` or the scene's own
    /// file; saving to another file makes that the scene's file from then on. What happened,
    /// in words, to be said.
    func save(_ elements: [AdjustableElement], to path: String?) -> Announcement {
        guard let target = path ?? document.path else {
            return Announcement("Nothing to save to: the demo scene has no file. Type save and a file name", kind: .error)
        }
        let name = TextSanitiser.echo(target, limit: 200)
        let text = document.text(with: elements)
        if case .failure(let failure) = FileAccess.writeReplacing(text, to: target) {
            return Announcement("Not saved: \(name) \(failure.message)", kind: .error)
        }
        let changed = unsavedCount(elements)
        // The file as written is the scene from now on: its values' places have moved.
        if case .success(let scene) = SceneDecoder.decode(Array(text.utf8)) {
            document = SceneDocument(path: target, bytes: Array(text.utf8), scene: scene)
        }
        savedValues = elements.map(\.value)
        warned = false
        return Announcement("Saved \(changed == 1 ? "1 change" : "\(changed) changes") to \(name)", kind: .info)
    }

    /// Asked on quit: the warning to say instead of quitting (once), or nil to quit now.
    /// The demo scene has no file to lose changes from, and `--autosave` saves them at exit.
    func warningBeforeQuitting(_ elements: [AdjustableElement], autosave: Bool) -> Announcement? {
        let count = unsavedCount(elements)
        guard count > 0, !autosave, !warned, document.path != nil else { return nil }
        warned = true
        return Announcement("\(count == 1 ? "1 unsaved change" : "\(count) unsaved changes"): type save, or quit again", kind: .info)
    }

    /// At exit with `--autosave`: the save, said, when there is anything to save.
    func saveAtExit(_ elements: [AdjustableElement], autosave: Bool) -> Announcement? {
        guard autosave, document.path != nil, unsavedCount(elements) > 0 else { return nil }
        return save(elements, to: nil)
    }
}
