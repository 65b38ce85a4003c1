import SaylineText
import SaylineControls

extension SceneDecoder {
    /// One control: an object of its kind's keys, each read as its field's type, built by its
    /// kind.
    mutating func control(_ node: JSONNode, _ path: String) -> AdjustableElement? {
        guard case .object(let pairs) = node.value else {
            problem(node, path, translated("must be an object"))
            return nil
        }
        var members: [String: JSONNode] = [:]
        for (key, child) in pairs {
            if members[key] != nil { problem(child, path + "." + key, translated("appears twice")) } else { members[key] = child }
        }
        guard let kind = kind(of: node, members, pairs, path) else { return nil }
        var values = SceneValues(fields: kind.fields, positions: kind.positions)
        let languageUnits = read(kind.fields, of: members, into: &values, node, path)
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
        let control = kind.kind.build(values)
        return AdjustableElement(identity: identity, control: control, value: values.given("value") ?? control.scale.lowerBound)
    }

    /// The control's kind, when it names one of the table's; every key the kind does not take
    /// is a problem.
    private mutating func kind(of node: JSONNode, _ members: [String: JSONNode], _ pairs: [(key: String, node: JSONNode)],
                               _ path: String) -> KindFields? {
        // The kinds in words only for a message: joining them was a sixth of reading a scene.
        guard let kindNode = members["kind"] else {
            problem(node, path + ".kind", translated("is missing: %s", kinds.namesInWords))
            return nil
        }
        guard case .string(let name) = kindNode.value, let kind = kindFields[name] else {
            problem(kindNode, path + ".kind", translated("must be %s", kinds.namesInWords))
            return nil
        }
        for (key, child) in pairs where kind.positions[key] == nil {
            problem(child, path + "." + key, translated("is not a setting of a %s", name))
        }
        return kind
    }

    /// Each of the kind's keys the control gives, read as its field's type into `values`; a
    /// required key it leaves out is a problem.
    /// - Returns: the unit's words in other languages, given under `languages`.
    private mutating func read(_ fields: [SceneField], of members: [String: JSONNode], into values: inout SceneValues,
                               _ node: JSONNode, _ path: String) -> [String: LanguageUnitWords] {
        var languageUnits: [String: LanguageUnitWords] = [:]
        // By place, not `for field in fields`: each field copied out was a key, a default, its
        // words and a closure counted up and down, two dozen times a control.
        for position in fields.indices {
            let key = fields[position].key
            if case .kind = fields[position].type { continue }
            guard let member = members[key] else {
                if fields[position].required { problem(node, path + "." + key, translated("is missing")) }
                continue
            }
            switch fields[position].type {
            case .kind: break
            case .identifier, .text: values[key] = text(members, key, path).map(SceneValues.Value.text)
            case .number: values[key] = number(members, key, path).map(SceneValues.Value.number)
            case .wholeNumber: values[key] = whole(members, key, path).map(SceneValues.Value.whole)
            case .onOff: values[key] = flag(members, key, path).map(SceneValues.Value.flag)
            case .unit: values.unit = unit(member, path + "." + key)
            case .languages:
                let (texts, units) = languages(member, path + "." + key)
                values.languages = texts
                languageUnits = units
            case .choice(let words):
                if case .string(let word) = member.value, words.contains(word) {
                    values[key] = .text(word)
                } else {
                    problem(member, path + "." + key, words.count > 1 ? translated("must be %s or %s", words.dropLast().joined(separator: ", "), words.last ?? "") : translated("must be %s", words.joined()))
                }
            }
        }
        return languageUnits
    }
}
