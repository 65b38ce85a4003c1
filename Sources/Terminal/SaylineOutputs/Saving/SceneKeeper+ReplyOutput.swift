import SaylineText
import SaylineSession
import SaylineScene

/// Saving as an output: each `save` or `overwrite` of a reply is made, and how it went is
/// said and reported with the reply, to the outputs after it. At the end, the autosave.
extension SceneKeeper: ReplyOutput {
    package func receive(_ reply: inout OutgoingReply) {
        guard reply.asksToSave else { return }
        for case .saveRequested(let request) in reply.events {
            let (outcome, file) = save(reply.elements, request)
            reply.spoken.append(outcome.announcement)
            reply.saves.append((outcome, file))
        }
    }

    package func finish(_ ending: inout SessionEnding, say: (OutgoingReply) -> Void) {
        if ending.dropsUnsaved, !ending.autosave, let dropped = droppedChanges(ending.elements) {
            ending.problems.append(dropped)
        }
        if ending.autosave, let (outcome, file) = saveAtExit(ending.elements, autosave: true) {
            ending.said.append(outcome.announcement)
            ending.saves.append((outcome, file))
            if !outcome.succeeded {
                ending.failed = true
                ending.problems.append(translated("the changes were not saved: %s", outcome.failureReason ?? ""))
            }
        }
        if !ending.autosave, let failure = lastSaveFailed {
            ending.failed = true
            ending.problems.append(translated("the last save failed: %s", failure.failureReason ?? ""))
        }
    }
}
