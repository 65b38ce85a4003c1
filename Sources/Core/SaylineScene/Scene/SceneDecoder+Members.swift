import SaylineText

/// A member of an object read as the type its key wants, or a problem saying what it is
/// instead: the same words for the same mistake wherever a scene makes it.
extension SceneDecoder {
    /// An object's members by key, when `node` is an object of `allowed` keys, each once.
    mutating func object(_ node: JSONNode, _ path: String, allowed: [String]) -> [String: JSONNode]? {
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

    /// A text member the object must have.
    mutating func requiredText(_ members: [String: JSONNode], _ key: String, _ parent: JSONNode, _ path: String) -> String? {
        guard members[key] != nil else {
            problem(parent, path.isEmpty ? key : path + "." + key, translated("is missing"))
            return nil
        }
        return text(members, key, path)
    }

    /// A text member, when given: a string no longer than a scene's texts may be.
    mutating func text(_ members: [String: JSONNode], _ key: String, _ path: String) -> String? {
        guard let node = members[key] else { return nil }
        let childPath = path.isEmpty ? key : path + "." + key
        guard case .string(let value) = node.value else {
            problem(node, childPath, translated("must be a string, not %s", node.value.kindName))
            return nil
        }
        // Code points, as the schema's maxLength counts them.
        guard value.unicodeScalars.count <= Scene.maximumTextLength else {
            problem(node, childPath, translated("is %s characters, more than the limit of %s", NumberText.spoken(value.unicodeScalars.count), NumberText.spoken(Scene.maximumTextLength)))
            return nil
        }
        return value
    }

    /// A number member, when given.
    mutating func number(_ members: [String: JSONNode], _ key: String, _ path: String) -> Double? {
        guard let node = members[key] else { return nil }
        guard case .number(let value) = node.value else {
            problem(node, path + "." + key, translated("must be a number, not %s", node.value.kindName))
            return nil
        }
        // A number too large for a Double arrives as infinity: the control repairs it and the audit says so.
        return value
    }

    /// A whole-number member, when given.
    mutating func whole(_ members: [String: JSONNode], _ key: String, _ path: String) -> Int? {
        guard let value = number(members, key, path) else { return nil }
        guard value.isFinite, value == value.rounded() else {
            problem(members[key] ?? JSONNode(value: .null, line: 1), path + "." + key, translated("must be a whole number"))
            return nil
        }
        // Far outside any sane setting, but kept inside Int so the control can repair it.
        return Int(min(max(value, -1e9), 1e9))
    }

    /// An on/off member, when given.
    mutating func flag(_ members: [String: JSONNode], _ key: String, _ path: String) -> Bool? {
        guard let node = members[key] else { return nil }
        guard case .bool(let value) = node.value else {
            problem(node, path + "." + key, translated("must be true or false, not %s", node.value.kindName))
            return nil
        }
        return value
    }
}
