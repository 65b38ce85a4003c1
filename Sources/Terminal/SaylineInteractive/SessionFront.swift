import Glibc
import SaylineControls
import SaylineSession
import SaylineScene
import SaylineSystem
import SaylineCommandLine
import SaylineOutputs

/// How a session starts, the same for `sayline` and `sayline pick`: its outputs made from the
/// options, then the REPL at a terminal or the line reader for piped input.
package enum SessionFront {
    /// How a session ended.
    package struct Ending {
        package let status: Int32
        /// Whether a pick was accepted (always false for a session that is no pick).
        package let accepted: Bool
        /// The focused control as it was left.
        package let element: AdjustableElement
    }

    /// A failure already said on stderr, and the status to exit with.
    package struct Failed: Error {
        package let status: Int32
    }

    /// Opens `--events`, if given; a target that cannot be opened is said on stderr.
    package static func openEvents(_ options: Options, command: String) -> Result<EventStream?, Failed> {
        guard let target = options.eventsTarget else { return .success(nil) }
        switch EventStream.open(target, settle: options.settings.settle) {
        case .failure(let error):
            Diagnostics.write("\(command): \(error.message)\n")
            return .failure(Failed(status: ExitStatus.ioError.rawValue))
        case .success(let stream):
            return .success(stream)
        }
    }

    /// Runs a session on a scene's controls.
    /// - Parameter pick: for `sayline pick`, whether piped input must confirm with an empty line.
    package static func run(_ document: SceneDocument, options: Options, environment: [String: String],
                            events: EventStream?, pick requireConfirm: Bool? = nil, live: (any LiveControlSource)? = nil) -> Ending {
        let picking = requireConfirm != nil
        var session = Session(elements: document.scene.elements, motion: options.settings.motion, verbosity: options.settings.verbosity)
        session.isPick = picking
        let interactive = isatty(STDIN_FILENO) == 1
        let outputs = SessionOutputs(document: document, settings: options.settings, environment: environment, events: events,
                                     interactive: interactive, picking: picking, autosave: options.settings.autosave && !picking)
        if interactive {
            let ended = InteractiveLoop.run(session: session, outputs: outputs, options: options, environment: environment, picking: picking, live: live)
            return Ending(status: ended.status, accepted: ended.accepted, element: ended.element)
        }
        var reader = LineReader(session: session, outputs: outputs, pick: requireConfirm.map { PickAnswer(requireConfirm: $0) }, live: live)
        let status = reader.run()
        return Ending(status: status, accepted: reader.pick?.accepted == true, element: reader.session.focused)
    }
}
