import SaylineText
import SaylineControls
import SaylineScene
import SaylineSystem
import SaylineCommandLine

/// The control a pick asks about: one of a scene's (`--scene`, `--control`), or one described
/// by flags made from the kinds' scene keys and read as a scene's control is.
extension PickCommand {
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
        // The scene key's meaning is a message of the catalogs, written in Markdown.
        var option = OptionSpec(name, argument: argument, completion: completion, help: field.meaning)
        option.markdown = true
        if field.key == "label" {
            // Without a label the control is still named: ", 0 out of 10 stars" names nothing.
            option.fallback = .made { translatedIn("the label of a control given none", "Value") }
        } else if field.key == "min" || field.key == "max" {
            // Each kind's own default, in the words of the moment: "ruler 0, rating 0, roll 0".
            let minimum = field.key == "min"
            option.fallback = .made { SceneKinds.standard.all.map { Phrasebook.current.text(minimum ? $0.minimumWords : $0.maximumWords) }.joined(separator: ", ") }
        } else if !field.required {
            // Words (`the minimum`), or a value as a scene types it (`"rtl"`, `60`).
            let words = plain(field.defaultWords)
            option.fallback = field.fallbackWords != nil || field.fallback == nil ? .words(words) : .typed(words)
        }
        return option
    }

    /// The control: one of a scene's, or one made from the flags and read as a scene's control
    /// is, with the same checks, repairs and messages.
    static func element(_ arguments: ParsedArguments) throws(UsageError) -> Result<AdjustableElement, SceneLoadFailure> {
        if let path = arguments.value(SharedOptions.scene.name) { return try sceneElement(path, arguments) }
        if arguments.has(control.name) { throw UsageError(translated("--control picks from a scene: give --scene FILE too")) }
        return try flagsElement(arguments)
    }

    /// The control `--control` names in the scene at `path`, or its only one.
    private static func sceneElement(_ path: String, _ arguments: ParsedArguments) throws(UsageError) -> Result<AdjustableElement, SceneLoadFailure> {
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

    /// A control made from the flags and read as a scene's control is, with the same checks,
    /// repairs and messages; an impossible one refused, naming the flag.
    private static func flagsElement(_ arguments: ParsedArguments) throws(UsageError) -> Result<AdjustableElement, SceneLoadFailure> {
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
