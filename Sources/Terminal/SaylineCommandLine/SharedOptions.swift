import SaylineText

/// Options more than one command takes, defined once.
package enum SharedOptions {
    package static let help = OptionSpec("--help", short: "h", help: translatable("show this help and exit"))
    package static let version = OptionSpec("--version", help: translatable("show the version and exit"))
    package static let scene = OptionSpec("--scene", short: "s", argument: "FILE", completion: .sceneFiles, defaultWords: translatable("the demo scene"),
                                  help: translatable("the controls, from a scene file (man 5 sayline-scene)"))
    package static let app = OptionSpec("--app", argument: "NAME",
        // Translators: keep "sayline apps" as it is typed.
        help: translatable("the sliders and spin buttons of a running application instead, by its accessible name or process id, over the accessibility bus (sayline apps lists them)"))
    package static let output = OptionSpec("--output", short: "o", argument: "FILE", completion: .files, defaultWords: translatable("standard output"),
                                   help: translatable("write to FILE instead, whole (never through a link to a file, into a device, or over an input); a pipe, a FIFO with a reader, a terminal or /dev/stdout is written as a stream; - is standard output"))

    /// `--format`; `help` is a message of the catalogs.
    package static func format(_ formats: [String], help: String) -> OptionSpec {
        OptionSpec("--format", short: "f", argument: "FORMAT", completion: .words(formats), defaultValue: formats.first, help: help)
    }
}
