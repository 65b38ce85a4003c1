import SaylineText
import SaylineControls

extension SceneDecoder {
    /// A control's `unit`: a unit the phrasebook knows, by name, or its words given whole.
    mutating func unit(_ node: JSONNode, _ path: String) -> UnitWords? {
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
    mutating func languages(_ node: JSONNode, _ path: String) -> ([String: LanguageTexts], [String: LanguageUnitWords]) {
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
}
