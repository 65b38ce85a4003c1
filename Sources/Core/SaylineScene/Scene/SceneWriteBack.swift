import SaylineText
import SaylineControls
import SaylineSession

/// What a session and its scene file last agreed on, control by control: the value the file
/// held and the value the session held when the file was read or last saved. A control the
/// session has moved since is a change of the person's; a control whose value in the file
/// moved since is someone else's.
public struct SceneAgreement: Sendable, Equatable {
    /// Each control's value in the file, by id.
    public private(set) var file: [String: Double]
    /// Each control's value in the session, by id.
    public private(set) var session: [String: Double]

    /// Agreement at the moment `document` was read or written with the session at `elements`.
    public init(_ document: SceneDocument, session elements: [AdjustableElement]) {
        file = document.valuesByID
        session = Dictionary(elements.map { ($0.identity.id, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The session's controls moved since the agreement: what a save has to write.
    /// - Complexity: O(controls).
    public func changes(in elements: [AdjustableElement]) -> [AdjustableElement] {
        elements.filter { session[$0.identity.id] != $0.value }
    }
}

/// Writing a session's values back into its scene file when the file may have changed since it
/// was read: another program's edits are kept, and a control both changed is never decided
/// silently.
public enum SceneWriteBack {
    /// The bytes to write, and what they hold.
    public struct Plan: Sendable, Equatable {
        /// The file's new bytes.
        public let bytes: [UInt8]
        /// The person's changes written.
        public let written: Int
        /// Controls changed in the file since it was read, kept as the file has them.
        public let keptFromFile: Int
    }

    /// Why a save was not made; each is said, and `overwrite` goes past the first two.
    public enum Refusal: Error, Sendable, Equatable {
        /// Controls the person changed that the file changed too, to another value.
        case changedThereToo([String])
        /// Controls the person changed that the file no longer has.
        case removedThere([String])
        /// The file changed and is no longer a scene: its first problem.
        case unreadable(String)
    }

    /// The person's changes written onto the file as it is now.
    /// - Parameters:
    ///   - changes: the session's controls moved since `agreement`.
    ///   - current: the file as it is now, read and decoded.
    ///   - force: `overwrite`: a control changed in both gets the person's value.
    /// - Complexity: O(file size + controls).
    public static func plan(_ changes: [AdjustableElement], agreement: SceneAgreement, current: SceneDocument, force: Bool) -> Result<Plan, Refusal> {
        let now = current.valuesByID
        var conflicts: [String] = []
        var removed: [String] = []
        var writing: [AdjustableElement] = []
        for element in changes {
            let id = element.identity.id
            guard let theirs = now[id] else {
                removed.append(id)
                continue
            }
            let changedThere = theirs != agreement.file[id]
            if changedThere && theirs != element.value && !force { conflicts.append(id) } else { writing.append(element) }
        }
        if !removed.isEmpty && !force { return .failure(.removedThere(removed)) }
        if !conflicts.isEmpty { return .failure(.changedThereToo(conflicts)) }
        let mine = Set(changes.map(\.identity.id))
        let kept = now.filter { !mine.contains($0.key) && agreement.file[$0.key] != $0.value }.count
        return .success(Plan(bytes: current.text(writing: writing), written: writing.count, keptFromFile: kept))
    }
}

/// How a save went, as it is said.
public enum SaveOutcome: Sendable, Equatable {
    case saved(file: String, changes: Int, keptFromFile: Int)
    /// The demo scene has no file, and no name was given.
    case noFile
    case refused(file: String, SceneWriteBack.Refusal)
    /// The path is now a symbolic link, or a link to another file than the one read.
    case swappedForLink(file: String)
    /// The file's mode lets nobody write it.
    case readOnly(file: String)
    /// The system refused: the reason in its words ("Permission denied").
    case cannotWrite(file: String, reason: String)

    /// Whether the values reached the file.
    public var succeeded: Bool { if case .saved = self { true } else { false } }

    /// The sentence a person hears: what happened, and what to type next.
    public var announcement: Announcement {
        switch self {
        case .saved(let file, let changes, let kept):
            let saved = translatedCount("Saved %s change to %s", "Saved %s changes to %s", count: changes, NumberText.spoken(changes), Self.name(file))
            guard kept > 0 else { return Announcement(saved, kind: .info) }
            return Announcement(translatedCount("%s, keeping %s change made there since it was read", "%s, keeping %s changes made there since it was read",
                                                count: kept, saved, NumberText.spoken(kept)), kind: .info)
        case .noFile:
            return Announcement(translated("Nothing to save to, %s. Type save and a file name", failureReason ?? ""), kind: .error)
        default:
            let reason = translated("Not saved, %s", failureReason ?? "")
            return Announcement(remedy.map { translated("%s. %s", reason, $0) } ?? reason, kind: .error)
        }
    }

    /// Why the values did not reach the file, without what to type next: what is said at
    /// exit, when there is nothing left to type into.
    public var failureReason: String? {
        switch self {
        case .saved: nil
        case .noFile: translated("the demo scene has no file")
        case .refused(let file, .changedThereToo(let ids)): translated("%s changed in %s too since it was read", Self.list(ids), Self.name(file))
        case .refused(let file, .removedThere(let ids)):
            translatedCount("%s is no longer in %s", "%s are no longer in %s", count: ids.count, Self.list(ids), Self.name(file))
        case .refused(let file, .unreadable(let problem)): translated("%s changed since it was read and is no longer a scene, %s", Self.name(file), problem)
        case .swappedForLink(let file): translated("%s is now a link to another file", Self.name(file))
        case .readOnly(let file): translated("%s is read-only", Self.name(file))
        case .cannotWrite(let file, let reason): translated("%s cannot be written, %s", Self.name(file), reason)
        }
    }

    /// What to type next, where something would help.
    private var remedy: String? {
        switch self {
        case .saved, .cannotWrite: nil
        case .noFile: translated("Type save and a file name")
        case .refused(_, .changedThereToo): translated("Type overwrite to keep yours, or undo")
        case .refused(_, .removedThere): translated("Type overwrite to save the rest")
        case .refused(_, .unreadable): translated("Type overwrite to write this session's scene over it")
        case .swappedForLink: translated("Type save and a file name to save elsewhere")
        case .readOnly: translated("Type overwrite to write it anyway")
        }
    }

    /// Said instead of quitting, once, when changes would be lost.
    public static func unsavedWarning(_ count: Int) -> Announcement {
        Announcement(translatedCount("%s unsaved change, type save, or quit again", "%s unsaved changes, type save, or quit again", count: count, NumberText.spoken(count)), kind: .info)
    }

    /// The file, cleaned of anything a terminal would act on; whole, as a person typed it.
    private static func name(_ file: String) -> String { TextSanitiser.echo(file, limit: 4_096) }

    /// "weight", "weight and rating", "weight, rating and balance", "weight, rating and 3 more".
    private static func list(_ ids: [String]) -> String {
        let names = ids.map { TextSanitiser.echo($0) }
        switch names.count {
        case 0: return translated("nothing")
        case 1: return names[0]
        case 2, 3: return translated("%s and %s", names.dropLast().joined(separator: ", "), names[names.count - 1])
        default: return translatedCount("%s and %s more", "%s and %s more", count: names.count - 2, names.prefix(2).joined(separator: ", "), NumberText.spoken(names.count - 2))
        }
    }
}
