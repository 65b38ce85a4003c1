import SaylineText
import SaylineControls
/// Runs `decode` for each of `count` runs of a scene's controls, on as many threads as the front
/// has, and returns the results in order: the core has no threads of its own.
public typealias SceneParallelDecode = (_ count: Int, _ decode: @escaping @Sendable (Int) -> SceneDecoder.ControlRun) -> [SceneDecoder.ControlRun]

/// Reads a scene file into elements, reporting every problem with its line and JSON path.
///
/// Structure and types are checked strictly (a typo in a key is an error, not a silent default);
/// values that are usable but out of range are passed to the controls, which repair them and
/// record it for the audit.
public struct SceneDecoder: Sendable {
    /// A control's id is one word of visible characters: `focus ID` and completion split on
    /// white space of any kind, and an id is printed in reports and on terminals as it is.
    /// Visible ASCII settles it without a Unicode property looked up a character.
    public static func isControlID(_ id: String) -> Bool {
        if id.isEmpty { return false }
        if id.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return true }
        return !id.unicodeScalars.contains {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
        }
    }

    private var problems: [SceneProblem] = []
    /// The audit rules a suppression may name, when the caller knows them.
    private var knownRules: Set<String>?
    /// The file's bytes, to quote each control as written.
    private var input: [UInt8] = []
    /// The kinds a control may name.
    private var kinds = SceneKinds.standard
    /// Each kind's fields, shared ones first, looked up once a kind rather than once a control.
    private var fieldsByKind: [String: [SceneField]] = [:]
    /// The same fields' places by key, to look up a key a control has in one step.
    private var positionsByKind: [String: [String: Int]] = [:]

    /// - Parameters:
    ///   - knownRules: the ids a suppression's rule may be; nil leaves rules unchecked.
    ///   - kinds: the kinds a control may be.
    ///   - parallel: threads the front lends for reading the controls of a long list (the core
    ///     has none); nil reads them on this one. The scene and its problems are the same.
    /// - Complexity: O(n) in the file's size.
    public static func decode(_ bytes: [UInt8], knownRules: Set<String>? = nil, kinds: SceneKinds = .standard,
                              parallel: SceneParallelDecode? = nil) -> Result<Scene, SceneError> {
        guard bytes.count <= Scene.maximumFileSize else {
            return .failure(SceneError([SceneProblem(line: 1, path: "", message: translated("the file is %s bytes, more than the limit of %s (16 MiB)", String(bytes.count), String(Scene.maximumFileSize)))]))
        }
        let root: JSONNode
        // No list in a scene may be longer than its controls may: an oversized scene is refused
        // where its 10,001st control starts, not after the whole file is read into a tree.
        switch JSONParser.parse(bytes, maximumArrayLength: Scene.maximumControls) {
        case .failure(let error) where error.message == JSONParser.arrayLimitMessage(Scene.maximumControls):
            return .failure(SceneError([SceneProblem(line: error.line, path: "controls", message: translated("has more than %s controls, the limit", String(Scene.maximumControls)))]))
        case .failure(let error): return .failure(SceneError([SceneProblem(line: error.line, path: "", message: translated("not valid JSON: %s", error.message))]))
        case .success(let node): root = node
        }
        return decode(root, input: bytes, knownRules: knownRules, kinds: kinds, parallel: parallel)
    }

    /// A scene given as a tree rather than as text (`pick` makes one control from its flags):
    /// the same checks, repairs and messages as a file's.
    public static func decode(tree root: JSONNode, kinds: SceneKinds = .standard) -> Result<Scene, SceneError> {
        decode(root, input: [], knownRules: nil, kinds: kinds, parallel: nil)
    }

    private static func decode(_ root: JSONNode, input bytes: [UInt8], knownRules: Set<String>?, kinds: SceneKinds,
                               parallel: SceneParallelDecode?) -> Result<Scene, SceneError> {
        var decoder = SceneDecoder()
        decoder.knownRules = knownRules
        decoder.input = bytes
        decoder.kinds = kinds
        for kind in kinds.all {
            let fields = kinds.fields(of: kind.name)
            decoder.fieldsByKind[kind.name] = fields
            decoder.positionsByKind[kind.name] = SceneValues.positions(of: fields)
        }
        let scene = decoder.scene(root, parallel: parallel)
        if decoder.problems.isEmpty, let scene { return .success(scene) }
        return .failure(SceneError(decoder.problems))
    }

    private mutating func problem(_ node: JSONNode, _ path: String, _ message: String) {
        problems.append(SceneProblem(line: node.line, path: path, message: message))
    }

    private mutating func scene(_ root: JSONNode, parallel: SceneParallelDecode?) -> Scene? {
        // "$schema" is how editors attach the scene's schema to a file.
        guard let members = object(root, "", allowed: ["$schema", "version", "controls", "suppress"]) else { return nil }
        if let schema = members["$schema"], case .string = schema.value {} else if let schema = members["$schema"] {
            problem(schema, "$schema", translated("must be a string"))
        }
        if let version = members["version"] {
            if case .number(let number) = version.value, number == 1 {} else { problem(version, "version", translated("must be 1")) }
        }
        guard let controlsNode = members["controls"] else {
            problem(root, "", translated("a scene needs \"controls\": a list of controls"))
            return nil
        }
        guard case .array(let list) = controlsNode.value else {
            problem(controlsNode, "controls", translated("must be an array"))
            return nil
        }
        guard !list.isEmpty else {
            problem(controlsNode, "controls", translated("needs at least one control"))
            return nil
        }
        guard list.count <= Scene.maximumControls else {
            problem(controlsNode, "controls", translated("has %s controls, more than the limit of %s", String(list.count), String(Scene.maximumControls)))
            return nil
        }
        var elements: [AdjustableElement] = []
        elements.reserveCapacity(list.count)
        var sources: [ControlSource] = []
        sources.reserveCapacity(list.count)
        var seen: [String: Int] = [:]
        // Each control is read on its own; only whether its id was seen before depends on the
        // others, so a long list is read in runs on the threads lent, and joined in order.
        let read: [DecodedControl]
        if let parallel, list.count >= Self.parallelFrom {
            let runLength = max(Self.parallelFrom / 4, (list.count + 15) / 16)
            let runs = (list.count + runLength - 1) / runLength
            let worker = self
            read = parallel(runs) { run in
                var decoder = worker
                return ControlRun(controls: (run * runLength..<min((run + 1) * runLength, list.count)).map { decoder.decoded(list[$0], offset: $0) })
            }.flatMap(\.controls)
        } else {
            read = list.indices.map { decoded(list[$0], offset: $0) }
        }
        for (offset, control) in read.enumerated() {
            problems += control.problems
            guard let element = control.element, let source = control.source else { continue }
            let key = element.identity.id.lowercased()
            if let first = seen[key] {
                problem(list[offset], "controls[\(offset)].id", translated("\"%s\" is already the id of controls[%s]", element.identity.id, String(first)))
            } else {
                seen[key] = offset
            }
            elements.append(element)
            sources.append(source)
        }
        var suppressions: [Suppression] = []
        if let node = members["suppress"] {
            if case .array(let entries) = node.value {
                for (offset, entry) in entries.enumerated() {
                    let path = "suppress[\(offset)]"
                    guard let suppression = suppression(entry, path) else { continue }
                    // A suppression that names nothing hides nothing, and was meant to.
                    if let knownRules, !knownRules.contains(suppression.rule) {
                        problem(entry, path + ".rule", translated("\"%s\" is not an audit rule (man 7 sayline-audit-rules)", suppression.rule))
                    }
                    if let control = suppression.control, seen[control.lowercased()] == nil {
                        problem(entry, path + ".control", translated("\"%s\" is not the id of a control in this scene", control))
                    }
                    suppressions.append(suppression)
                }
            } else {
                problem(node, "suppress", translated("must be an array"))
            }
        }
        return Scene(elements: elements, suppressions: suppressions, sources: sources)
    }

    /// Lists this long are read in parallel when threads are lent.
    static let parallelFrom = 512

    /// One control as read: the element, where it is in the file, and what was wrong with it.
    struct DecodedControl: Sendable {
        let element: AdjustableElement?
        let source: ControlSource?
        let problems: [SceneProblem]
    }

    /// The controls of one run, in order.
    public struct ControlRun: Sendable {
        let controls: [DecodedControl]
    }

    private mutating func decoded(_ node: JSONNode, offset: Int) -> DecodedControl {
        let before = problems.count
        let element = control(node, "controls[\(offset)]")
        var found: [SceneProblem] = []
        if problems.count > before {
            found = Array(problems[before...])
            problems.removeSubrange(before...)
        }
        guard element != nil else { return DecodedControl(element: nil, source: nil, problems: found) }
        var valueBytes: Range<Int>?
        if case .object(let pairs) = node.value, let value = pairs.last(where: { $0.key == "value" }) { valueBytes = value.node.bytes }
        let source = ControlSource(line: node.line, column: node.column, text: String(decoding: input[node.bytes], as: UTF8.self),
                                   bytes: node.bytes, valueBytes: valueBytes)
        return DecodedControl(element: element, source: source, problems: found)
    }

    private mutating func suppression(_ node: JSONNode, _ path: String) -> Suppression? {
        guard let members = object(node, path, allowed: ["rule", "control", "reason"]) else { return nil }
        guard let rule = requiredText(members, "rule", node, path) else { return nil }
        guard let reason = requiredText(members, "reason", node, path), !reason.isEmpty else {
            if members["reason"] != nil { problem(node, path + ".reason", translated("must not be empty: say why the finding is accepted")) }
            return nil
        }
        // A reason is written into every report as it is: nothing in it may act on a terminal.
        return Suppression(rule: rule, control: text(members, "control", path), reason: TextSanitiser.clean(reason))
    }

    private mutating func control(_ node: JSONNode, _ path: String) -> AdjustableElement? {
        guard case .object(let pairs) = node.value else {
            problem(node, path, translated("must be an object"))
            return nil
        }
        var members: [String: JSONNode] = [:]
        for (key, child) in pairs {
            if members[key] != nil { problem(child, path + "." + key, translated("appears twice")) } else { members[key] = child }
        }
        // The kinds in words only for a message: joining them was a sixth of reading a scene.
        guard let kindNode = members["kind"] else {
            problem(node, path + ".kind", translated("is missing: %s", kinds.namesInWords))
            return nil
        }
        guard case .string(let kind) = kindNode.value, let sceneKind = kinds.kind(named: kind), let fields = fieldsByKind[kind],
              let positions = positionsByKind[kind] else {
            problem(kindNode, path + ".kind", translated("must be %s", kinds.namesInWords))
            return nil
        }
        for (key, child) in pairs where positions[key] == nil {
            problem(child, path + "." + key, translated("is not a setting of a %s", kind))
        }
        var values = SceneValues(fields: fields, positions: positions)
        var languageUnits: [String: LanguageUnitWords] = [:]
        // By place, not `for field in fields`: each field copied out was a key, a default, its
        // words and a closure counted up and down, two dozen times a control.
        for position in fields.indices {
            let key = fields[position].key
            if case .kind = fields[position].type { continue }
            guard members[key] != nil else {
                if fields[position].required { problem(node, path + "." + key, translated("is missing")) }
                continue
            }
            switch fields[position].type {
            case .kind: break
            case .identifier, .text: values[key] = text(members, key, path).map(SceneValues.Value.text)
            case .number: values[key] = number(members, key, path).map(SceneValues.Value.number)
            case .wholeNumber: values[key] = whole(members, key, path).map(SceneValues.Value.whole)
            case .onOff: values[key] = flag(members, key, path).map(SceneValues.Value.flag)
            case .unit: values.unit = unit(members[key], path + "." + key)
            case .languages:
                if let node = members[key] {
                    let (texts, units) = languages(node, path + "." + key)
                    values.languages = texts
                    languageUnits = units
                }
            case .choice(let words):
                if let choiceNode = members[key], case .string(let word) = choiceNode.value, words.contains(word) {
                    values[key] = .text(word)
                } else if let choiceNode = members[key] {
                    problem(choiceNode, path + "." + key, words.count > 1 ? translated("must be %s or %s", words.dropLast().joined(separator: ", "), words.last ?? "") : translated("must be %s", words.joined()))
                }
            }
        }
        guard let id = values.givenText("id") else { return nil }
        if !Self.isControlID(id) {
            problem(members["id"] ?? node, path + ".id", translated("must be one word of visible characters, with no spaces, tabs or no-break spaces"))
        }
        if !languageUnits.isEmpty, values.unit == nil, let node = members["languages"] {
            problem(node, path + ".languages", translated("gives unit words, but the control has no unit"))
        }
        let identity = ControlIdentity(id: id, label: values.text("label"), shortName: values.givenText("shortName"),
                                       unit: values.unit.map { $0.adding(languages: languageUnits) }, hint: values.givenText("hint"),
                                       languages: values.languages)
        // The kind builds its control, with the range's defaults that depend on it.
        let control = sceneKind.build(values)
        return AdjustableElement(identity: identity, control: control, value: values.given("value") ?? control.scale.lowerBound)
    }

    private mutating func unit(_ node: JSONNode?, _ path: String) -> UnitWords? {
        guard let node else { return nil }
        // A unit the phrasebook knows, by name: said in every language.
        if case .string(let name) = node.value {
            guard let known = UnitWords(known: name) else {
                problem(node, path, translated("is not a unit Sayline knows (%s and their English words); give {singular, plural, symbol}", KnownUnit.allCases.compactMap(\.symbol).joined(separator: " ")))
                return nil
            }
            return known
        }
        guard case .object = node.value else {
            problem(node, path, translated("must be a unit's name, such as \"kg\", or {singular, plural, symbol}"))
            return nil
        }
        guard let members = object(node, path, allowed: ["singular", "plural", "symbol"]) else { return nil }
        guard let singular = requiredText(members, "singular", node, path),
              let plural = requiredText(members, "plural", node, path) else { return nil }
        return UnitWords(singular: singular, plural: plural, symbol: text(members, "symbol", path))
    }

    /// `{"de": {"label": …, "shortName": …, "hint": …, "unit": {"singular": …, "plural": …}}}`.
    private mutating func languages(_ node: JSONNode, _ path: String) -> ([String: LanguageTexts], [String: LanguageUnitWords]) {
        var texts: [String: LanguageTexts] = [:]
        var units: [String: LanguageUnitWords] = [:]
        guard case .object(let pairs) = node.value else {
            problem(node, path, translated("must be an object of language codes"))
            return (texts, units)
        }
        for (code, child) in pairs {
            let childPath = path + "." + code
            // A language code as catalogs name one: de, pt_BR.
            let parts = code.split(separator: "_", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), parts[0].count >= 2, parts[0].count <= 3, parts[0].allSatisfy({ $0.isASCII && $0.isLowercase }),
                  parts.count == 1 || (parts[1].count == 2 && parts[1].allSatisfy({ $0.isASCII && $0.isUppercase })) else {
                problem(child, childPath, translated("is not a language code such as de, fr or pt_BR"))
                continue
            }
            guard let members = object(child, childPath, allowed: ["label", "shortName", "hint", "unit"]) else { continue }
            texts[code] = LanguageTexts(label: text(members, "label", childPath), shortName: text(members, "shortName", childPath),
                                        hint: text(members, "hint", childPath))
            if let unitNode = members["unit"], let unitMembers = object(unitNode, childPath + ".unit", allowed: ["singular", "plural"]),
               let singular = requiredText(unitMembers, "singular", unitNode, childPath + ".unit"),
               let plural = requiredText(unitMembers, "plural", unitNode, childPath + ".unit") {
                units[code] = LanguageUnitWords(singular: singular, plural: plural)
            }
        }
        return (texts, units)
    }

    private mutating func object(_ node: JSONNode, _ path: String, allowed: [String]) -> [String: JSONNode]? {
        guard case .object(let pairs) = node.value else {
            problem(node, path, translated("must be an object"))
            return nil
        }
        var members: [String: JSONNode] = [:]
        for (key, child) in pairs {
            let childPath = path.isEmpty ? key : path + "." + key
            if !allowed.contains(key) {
                problem(child, childPath, translated("is not a known key (expected one of: %s)", allowed.joined(separator: ", ")))
            } else if members[key] != nil {
                problem(child, childPath, translated("appears twice"))
            } else {
                members[key] = child
            }
        }
        return members
    }

    private mutating func requiredText(_ members: [String: JSONNode], _ key: String, _ parent: JSONNode, _ path: String) -> String? {
        guard members[key] != nil else {
            problem(parent, path.isEmpty ? key : path + "." + key, translated("is missing"))
            return nil
        }
        return text(members, key, path)
    }

    private mutating func text(_ members: [String: JSONNode], _ key: String, _ path: String) -> String? {
        guard let node = members[key] else { return nil }
        let childPath = path.isEmpty ? key : path + "." + key
        guard case .string(let value) = node.value else {
            problem(node, childPath, translated("must be a string, not %s", node.value.kindName))
            return nil
        }
        // Code points, as the schema's maxLength counts them.
        guard value.unicodeScalars.count <= Scene.maximumTextLength else {
            problem(node, childPath, translated("is %s characters, more than the limit of %s", String(value.unicodeScalars.count), String(Scene.maximumTextLength)))
            return nil
        }
        return value
    }

    private mutating func number(_ members: [String: JSONNode], _ key: String, _ path: String) -> Double? {
        guard let node = members[key] else { return nil }
        guard case .number(let value) = node.value else {
            problem(node, path + "." + key, translated("must be a number, not %s", node.value.kindName))
            return nil
        }
        // A number too large for a Double arrives as infinity: the control repairs it and the audit says so.
        return value
    }

    private mutating func whole(_ members: [String: JSONNode], _ key: String, _ path: String) -> Int? {
        guard let value = number(members, key, path) else { return nil }
        guard value.isFinite, value == value.rounded() else {
            problem(members[key] ?? JSONNode(value: .null, line: 1), path + "." + key, translated("must be a whole number"))
            return nil
        }
        // Far outside any sane setting, but kept inside Int so the control can repair it.
        return Int(min(max(value, -1e9), 1e9))
    }

    private mutating func flag(_ members: [String: JSONNode], _ key: String, _ path: String) -> Bool? {
        guard let node = members[key] else { return nil }
        guard case .bool(let value) = node.value else {
            problem(node, path + "." + key, translated("must be true or false, not %s", node.value.kindName))
            return nil
        }
        return value
    }
}

