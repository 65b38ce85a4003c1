import SaylineText
import SaylineSystem
import SaylineCommandLine
import SaylineAccessibilityBus

/// `--app NAME`: a running application's sliders and spin buttons in place of a scene file,
/// for `describe`, `audit`, `run` and the REPL.
package enum LiveSource {
    package static let option = SharedOptions.app

    /// The application asked for, or nil; with a scene file too, a usage error.
    package static func wanted(_ arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let wanted = arguments.value(option.name) else { return nil }
        if arguments.value(SharedOptions.scene.name) != nil {
            throw UsageError(translated("--app and --scene name two sources of controls; give one"))
        }
        return wanted
    }

    /// Opens the application and runs `body` on its controls; a desktop, bus or application
    /// that cannot be used is one line on stderr and exit status 2.
    package static func run(_ wanted: String, environment: [String: String], _ body: (LiveControls) -> Int32) -> Int32 {
        do {
            let live = try LiveControls.open(wanted, environment: environment, noticed: notice)
            return body(live)
        } catch {
            Diagnostics.write("sayline: " + error.message + "\n")
            return ExitStatus.malformed.rawValue
        }
    }

    /// A line a person should know, on stderr, going on.
    package static func notice(_ text: String) {
        Diagnostics.write("sayline: " + text + "\n")
    }
}
