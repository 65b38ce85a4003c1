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

    static let kind = OptionSpec("--kind", argument: "KIND", completion: .words(SceneKinds.standard.names), defaultWords: "ruler",
                                 help: "the control's kind: " + SceneKinds.standard.namesInWords)
    static let control = OptionSpec("--control", short: "c", argument: "ID",
                                    help: "with --scene, the control to pick (needed when the scene has more than one)")
    static let print = OptionSpec("--print", argument: "FORMAT", completion: .words(Printed.allCases.map(\.rawValue)), defaultWords: "value",
                                  help: "what is written when accepted: the value alone, or one JSON object with id, value, display and spoken text")
    /// The flags that describe the control: one for each scene key of every kind (the keys
    /// every control takes, then each kind's own, in the kinds' order), each with the field
    /// it becomes, so a new kind's keys are flags here too. The control is given to the scene
    /// decoder as a scene's, and has its checks, repairs and messages. `id` is made from the
    /// label.
    static let controlFlags: [(option: OptionSpec, field: SceneField)] = {
        let kinds = SceneKinds.standard
        var flags: [(option: OptionSpec, field: SceneField)] = []
        // Other languages' words belong in a scene file: one pick is asked in one language.
        for field in SceneField.shared(for: kinds) + kinds.all.flatMap(\.fields) where field.key != "id" && field.type != .languages {
            guard !flags.contains(where: { $0.field.key == field.key }) else { continue }
            flags.append((field.key == "kind" ? kind : option(for: field), field))
        }
        return flags
    }()

    /// `--short-name TEXT` for `shortName`: the key in the words of a flag, its argument and
    /// completion from its type, its help and default from the scene's own words.
    private static func option(for field: SceneField) -> OptionSpec {
        var name = "--"
        for character in field.key {
            if character.isUppercase { name += "-" + character.lowercased() } else { name.append(character) }
        }
        let (argument, completion): (String, ArgumentCompletion) = switch field.type {
        case .kind: ("KIND", .words(SceneKinds.standard.names))
        case .identifier: ("WORD", .none)
        case .text: ("TEXT", .none)
        case .number, .wholeNumber: ("N", .none)
        case .onOff: ("true|false", .words(["true", "false"]))
        case .unit: ("SINGULAR[/PLURAL]", .none)
        case .languages: ("JSON", .none)
        case .choice(let words): (words.joined(separator: "|"), .words(words))
        }
        let plain = { (text: String) in text.replacing("`", with: "") }
        // Without a label the control is still named: ", 0 out of 10 stars" names nothing.
        let defaultWords = field.key == "label" ? "Value" : field.required ? nil : plain(field.defaultWords)
        return OptionSpec(name, argument: argument, completion: completion, defaultWords: defaultWords, help: plain(field.meaning))
    }

    static let requireConfirm = OptionSpec("--require-confirm",
                                           help: "with piped input, the end of input cancels: only an empty line accepts")

    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "pick", summary: "ask for one value, for shell scripts",
            description: """
            Shows one control, from the flags or from a scene, and lets a person adjust it with the
            REPL's keys, or type a value as it is said (70, 70 percent). Enter on an empty line
            accepts: the value alone is written to standard output, in the step's precision, with no
            grouping and no unit, and the exit status is 0; right after an entry that was refused or
            moved into the range, Enter says so first and the next Enter accepts. Escape, Ctrl-D or
            quit cancel: nothing is written and the exit status is 1. Ctrl-C cancels with 130 and
            ends pick alone: the script that ran it goes on (as with fzf, where Ctrl-C and Escape
            give 130). Ctrl-Z and Ctrl-\\ do nothing while picking. Announcements go to the
            terminal or the speech engine, never into the answer. An impossible control (--min
            above --max, --step 0, --digits 12) is refused with 64, naming the flag. With standard
            input not a terminal, each line is a command or a typed value, an empty line accepts,
            and the end of input accepts too (cancels with --require-confirm); a last entry that was
            refused or moved into the range accepts nothing (65), and no input at all is an error
            (2: no terminal to ask on, as fzf gives).

              vol=$(sayline pick --label Volume --min 0 --max 100 --step 5 --value 50 --unit percent) &&
                pactl set-sink-volume @DEFAULT_SINK@ "$vol%"
            """,
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
        let (status, accepted, chosen) = (ended.status, ended.accepted, ended.element)
        // A signal ends the pick as it ends the REPL: the terminal restored, nothing written.
        if status > 128 { return status }
        // Cancelled (1), or refused with a status of its own (no terminal, an answer in doubt).
        guard accepted else { return status != 0 ? status : ExitStatus.failed.rawValue }
        let answered = writeAnswer(Self.answer(chosen, printed) + "\n", command: "sayline pick")
        // The value was chosen, but what should have followed it (its change command, its
        // events) did not all happen: said on stderr already, and not a success.
        return answered != 0 ? answered : status
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

    /// The control: one of a scene's, or one made from the flags and read as a scene's control
    /// is, with the same checks, repairs and messages.
    private static func element(_ arguments: ParsedArguments) throws(UsageError) -> Result<AdjustableElement, SceneLoadFailure> {
        if let path = arguments.value(SharedOptions.scene.name) {
            for (option, _) in controlFlags where arguments.has(option.name) {
                throw UsageError(translated("%s describes a control of its own; with --scene, choose one with --control", option.name))
            }
            let scene: Scene
            switch SceneFile.load(path) {
            case .failure(let failure): return .failure(failure)
            case .success(let loaded): scene = loaded
            }
            let ids = scene.elements.map(\.identity.id)
            let index: Int
            if let id = arguments.value(control.name) {
                guard let found = scene.elements.firstIndex(where: { $0.identity.id.lowercased() == id.lowercased() }) else {
                    let name = FileAccess.shown(path)
                    return .failure(SceneLoadFailure(lines: [name + ": " + translated("no control %s; its controls: %s", TextSanitiser.echo(id), ids.joined(separator: ", "))]))
                }
                index = found
            } else {
                guard scene.elements.count == 1 else {
                    let count = scene.elements.count
                    throw UsageError(translatedCount("the scene has %s control; choose one with --control: %s", "the scene has %s controls; choose one with --control: %s",
                                                     count: count, String(count), ids.joined(separator: ", ")))
                }
                index = 0
            }
            // A control that could only be used repaired is refused, as `scene --check` refuses it.
            let place = "controls[\(index)]."
            let problems = scene.settingProblems.filter { $0.path.hasPrefix(place) }
            guard problems.isEmpty else { return .failure(SceneLoadFailure(lines: problems.map { $0.formatted(file: FileAccess.shown(path)) })) }
            return .success(scene.elements[index])
        }
        if arguments.has(control.name) { throw UsageError(translated("--control picks from a scene: give --scene FILE too")) }
        // The id names the prompt and the JSON answer: the label's words, or "value".
        let labelFlag = option(named: "label")
        let words = (labelFlag.flatMap { arguments.value($0.name) } ?? "").lowercased().split { !$0.isLetter && !$0.isNumber }
        let id = words.isEmpty ? "value" : words.joined(separator: "-")
        var members: [(key: String, node: JSONNode)] = [("kind", node(.string(arguments.value(kind.name) ?? "ruler"))), ("id", node(.string(id))),
                                                        ("label", node(.string(labelFlag.flatMap { arguments.value($0.name) } ?? translatedIn("the label of a control given none", "Value"))))]
        for (option, field) in controlFlags where field.key != "kind" && field.key != "label" {
            guard let given = arguments.given.last(where: { $0.option.name == option.name }), let word = given.value else { continue }
            members.append((field.key, node(try value(word, for: field, spelled: given.spelled))))
        }
        switch SceneDecoder.decode(tree: node(.object([("controls", node(.array([node(.object(members))])))]))) {
        case .success(let scene):
            guard let made = scene.elements.first else { throw UsageError(translated("no control could be made from the flags")) }
            // An impossible control is refused, naming the flag, never silently reshaped.
            let problems = made.settingProblems
            guard problems.isEmpty else {
                throw UsageError(problems.map { problem in
                    let key = Scene.key(forSetting: problem.field)
                    return "\(controlFlags.first { $0.field.key == key }?.option.name ?? key) \(problem.problem)"
                }.joined(separator: "; "))
            }
            return .success(made)
        case .failure(let error):
            // A flag that does not fit the kind (--digits for a ruler) reads as the flag, not a JSON path.
            let message = error.problems.map { problem in
                let key = problem.path.split(separator: ".").first { part in controlFlags.contains { $0.field.key == part } }.map(String.init)
                let flag = controlFlags.first { $0.field.key == key }?.option.name ?? problem.path
                return "\(flag) \(problem.message)"
            }.joined(separator: "; ")
            throw UsageError(message)
        }
    }

    private static func option(named key: String) -> OptionSpec? {
        controlFlags.first { $0.field.key == key }?.option
    }

    private static func node(_ value: JSONValue) -> JSONNode { JSONNode(value: value, line: 1) }

    /// A flag's word as its key's value: what the scene decoder then checks as a file's.
    private static func value(_ word: String, for field: SceneField, spelled: String) throws(UsageError) -> JSONValue {
        switch field.type {
        case .number, .wholeNumber:
            guard let number = Double(word), number.isFinite else { throw UsageError(translated("%s takes a number, not %s", spelled, TextSanitiser.echo(word))) }
            return .number(number)
        case .onOff:
            switch word.lowercased() {
            case "true", "on", "yes": return .bool(true)
            case "false", "off", "no": return .bool(false)
            default: throw UsageError(translated("%s takes true or false, not %s", spelled, TextSanitiser.echo(word)))
            }
        case .unit:
            // A unit Sayline knows, by name: said in every language with its plural forms.
            if !word.contains("/"), UnitWords(known: word) != nil { return .string(word) }
            let parts = word.split(separator: "/", maxSplits: 1).map(String.init)
            guard let singular = parts.first, !singular.isEmpty else { throw UsageError(translated("%s takes a word, or SINGULAR/PLURAL", spelled)) }
            return .object([("singular", node(.string(singular))), ("plural", node(.string(parts.count > 1 ? parts[1] : singular)))])
        case .kind, .identifier, .text, .choice, .languages:
            return .string(word)
        }
    }
}
