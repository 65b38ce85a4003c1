import SaylineSession
import SaylineScene

/// Saving as an output: each `save` or `overwrite` of a reply is made, and how it went is
/// said and reported with the reply, to the outputs after it.
extension SceneKeeper: ReplyOutput {
    package func receive(_ reply: inout OutgoingReply) {
        for case .saveRequested(let request) in reply.events {
            let (outcome, file) = save(reply.elements, request)
            reply.spoken.append(outcome.announcement)
            reply.saves.append((outcome, file))
        }
    }
}
