import SaylineText

extension SceneDecoder {
    /// The scene's `suppress` list: each entry names an audit rule the caller knows, and a
    /// control of this scene when it names one.
    /// - Parameter ids: the scene's ids, lowercased.
    mutating func suppressions(_ node: JSONNode, ids: [String: Int]) -> [Suppression] {
        guard case .array(let entries) = node.value else {
            problem(node, "suppress", translated("must be an array"))
            return []
        }
        var suppressions: [Suppression] = []
        for (offset, entry) in entries.enumerated() {
            let path = "suppress[\(offset)]"
            guard let suppression = suppression(entry, path) else { continue }
            // A suppression that names nothing hides nothing, and was meant to.
            if let knownRules, !knownRules.contains(suppression.rule) {
                problem(entry, path + ".rule", translated("\"%s\" is not an audit rule (man 7 sayline-audit-rules)", suppression.rule))
            }
            if let control = suppression.control, ids[control.lowercased()] == nil {
                problem(entry, path + ".control", translated("\"%s\" is not the id of a control in this scene", control))
            }
            suppressions.append(suppression)
        }
        return suppressions
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
}
