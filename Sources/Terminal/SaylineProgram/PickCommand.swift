import Glibc
import SaylineText
import SaylineControls
import SaylineScene
import SaylineSystem
import SaylineCommandLine
import SaylineOutputs
import SaylineInteractive

/// `sayline pick`: one control, one answer, for shell scripts. The person adjusts it with the
/// REPL's keys, commands, speech and display; Enter accepts and the value alone is written to
/// stdout. Announcements go to the terminal or the speech engine, never into the answer.
package enum PickCommand: Subcommand {
    enum Printed: String, CaseIterable {
        case value
        case json
    }

    static let kind = OptionSpec("--kind", argument: "KIND", completion: .words(SceneKinds.standard.names), defaultValue: "ruler",
                                 // Translators: %s names the kinds as they are typed: "ruler, rating or digitroll".
                                 help: translatable("the control's kind: %s"), helpArguments: { [SceneKinds.standard.namesInWords] })
    static let control = OptionSpec("--control", short: "c", argument: "ID",
                                    help: translatable("with --scene, the control to pick (needed when the scene has more than one)"))
    static let print = OptionSpec("--print", argument: "FORMAT", completion: .words(Printed.allCases.map(\.rawValue)), defaultValue: "value",
                                  help: translatable("what is written when accepted: the value alone, or one JSON object with id, value, display and spoken text"))
    static let requireConfirm = OptionSpec("--require-confirm",
                                           help: translatable("with piped input, the end of input cancels: only an empty line accepts"))

    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "pick", summary: translatable("ask for one value, for shell scripts"),
            description: [
                translatable("Shows one control, from the flags or from a scene, and lets a person adjust it with the\nREPL's keys, or type a value as it is said (70, 70 percent). Enter on an empty line\naccepts: the value alone is written to standard output, in the step's precision, with no\ngrouping and no unit, and the exit status is 0; right after an entry that was refused or\nmoved into the range, Enter says so first and the next Enter accepts. Escape, Ctrl-D or\nquit cancel: nothing is written and the exit status is 1. Ctrl-C cancels with 130 and\nends pick alone: the script that ran it goes on (as with fzf, where Ctrl-C and Escape\ngive 130). Ctrl-Z and Ctrl-\\ do nothing while picking. Announcements go to the\nterminal or the speech engine, never into the answer. An impossible control (--min\nabove --max, --step 0, --digits 12) is refused with 64, naming the flag. With standard\ninput not a terminal, each line is a command or a typed value, an empty line accepts,\nand the end of input accepts too (cancels with --require-confirm); a last entry that was\nrefused or moved into the range accepts nothing (65), and no input at all is an error\n(2: no terminal to ask on, as fzf gives)."),
                // A command to copy, as it is typed in every language.
                "  vol=$(sayline pick --label Volume --min 0 --max 100 --step 5 --value 50 --unit percent) &&\n    pactl set-sink-volume @DEFAULT_SINK@ \"$vol%\"",
            ],
            options: controlFlags.map(\.option) + [SharedOptions.scene, control, print, requireConfirm]
                + SettingTable.options() + [Options.events, LanguageChoice.option, SharedOptions.help, SharedOptions.version])
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        if let extra = arguments.extraOperand() { throw extra }
        let printed = try arguments.choice(print.name, as: Printed.self) ?? .value
        // `v=$(sayline pick … 2>/dev/null)`: the drawing and its speech go to the terminal
        // itself, as dialog and fzf draw on /dev/tty, or the person would wait on nothing.
        // (Given back before a usage error is written, which goes where stderr was sent.)
        let display = BorrowedTerminal.borrowTerminal()
        defer { display.giveBack() }
        let options: Options
        switch SaylineApp.options(arguments, environment: environment) {
        case .failure(let error): throw error
        case .success(let resolved): options = resolved
        }
        for warning in options.warnings { Diagnostics.write("sayline: \(warning)\n") }
        let element: AdjustableElement
        switch try Self.element(arguments) {
        case .failure(let failure): return failure.report()
        case .success(let made): element = made
        }
        if options.eventsTarget == "-" { throw UsageError(translated("--events -: standard output carries the answer; name a file or fd:N")) }
        let events: EventStream?
        switch SessionFront.openEvents(options, command: "sayline pick") {
        case .failure(let failed): return failed.status
        case .success(let stream): events = stream
        }
        if let events, events.sharesFile(with: STDOUT_FILENO) {
            throw UsageError(translated("--events %s: that is standard output, which carries the answer; name a file or another descriptor", TextSanitiser.echo(options.eventsTarget ?? "-")))
        }
        let ended = SessionFront.run(SceneDocument(path: nil, bytes: nil, scene: Scene(elements: [element])), options: options,
                                     environment: environment, events: events, pick: arguments.has(requireConfirm.name))
        let (answer, status) = outcome(status: ended.status, accepted: ended.accepted, chosen: ended.element, printed: printed)
        guard let answer else { return status }
        let answered = writeAnswer(answer, command: "sayline pick")
        return answered != 0 ? answered : status
    }

    /// What a pick that has ended comes to: the line written to stdout (nil: nothing is) and
    /// the exit status, once that line is written whole.
    static func outcome(status: Int32, accepted: Bool, chosen: AdjustableElement, printed: Printed) -> (answer: String?, status: Int32) {
        // A signal ends the pick as it ends the REPL: the terminal restored, nothing written.
        if status > 128 { return (nil, status) }
        // Cancelled (1), or refused with a status of its own (no terminal, an answer in doubt).
        guard accepted else { return (nil, status != 0 ? status : ExitStatus.failed.rawValue) }
        // A status other than 0 here: the value was chosen, but what should have followed it
        // (its change command, its events) did not all happen, said on stderr already.
        return (answer(chosen, printed) + "\n", status)
    }

    /// The value in the step's precision, no grouping, no unit: what a script passes on.
    static func answer(_ element: AdjustableElement, _ printed: Printed) -> String {
        let number = element.answerText
        switch printed {
        case .value:
            return number
        case .json:
            return JSONWriter.line(.object(element.jsonMembers(includingText: true)))
        }
    }
}
