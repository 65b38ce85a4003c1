/// Writes a scene as JSON in the scene format, one control per block: `sayline scene --print`.
public enum SceneEncoder {
    public static func encode(_ scene: Scene) -> String {
        var out = "{\n  \"version\": 1,\n  \"controls\": [\n"
        out += scene.elements.map(control).joined(separator: ",\n")
        out += "\n  ]"
        if !scene.suppressions.isEmpty {
            out += ",\n  \"suppress\": [\n"
            out += scene.suppressions.map { suppression in
                var fields = ["\"rule\": \(JSONWriter.string(suppression.rule))"]
                if let control = suppression.control { fields.append("\"control\": \(JSONWriter.string(control))") }
                fields.append("\"reason\": \(JSONWriter.string(suppression.reason))")
                return "    { " + fields.joined(separator: ", ") + " }"
            }.joined(separator: ",\n")
            out += "\n  ]"
        }
        return out + "\n}\n"
    }

    private static func control(_ element: AdjustableElement) -> String {
        var fields: [(String, String)] = []
        let identity = element.identity
        let scale = element.scale
        fields.append(("kind", JSONWriter.string(element.kind.name)))
        fields.append(("id", JSONWriter.string(identity.id)))
        fields.append(("label", JSONWriter.string(identity.label)))
        if identity.shortName != identity.label { fields.append(("shortName", JSONWriter.string(identity.shortName))) }
        if let unit = identity.unit {
            var parts = ["\"singular\": \(JSONWriter.string(unit.singular))", "\"plural\": \(JSONWriter.string(unit.plural))"]
            if let symbol = unit.symbol { parts.append("\"symbol\": \(JSONWriter.string(symbol))") }
            fields.append(("unit", "{ " + parts.joined(separator: ", ") + " }"))
        }
        if let hint = identity.hint { fields.append(("hint", JSONWriter.string(hint))) }
        fields.append(("value", JSONWriter.number(element.value)))
        fields.append(("min", JSONWriter.number(scale.lowerBound)))
        fields.append(("max", JSONWriter.number(scale.requestedUpperBound)))
        fields.append(("step", JSONWriter.number(scale.step)))
        switch element.kind {
        case .ruler(let ruler):
            fields.append(("majorEvery", String(ruler.majorEvery)))
            fields.append(("tickSpacing", JSONWriter.number(ruler.tickSpacing)))
        case .rating:
            break
        case .digitRoll(let roll):
            fields.append(("digits", String(roll.columns)))
            fields.append(("prefix", JSONWriter.string(roll.prefix)))
            fields.append(("separator", JSONWriter.string(roll.separator)))
            fields.append(("leadingZeros", roll.leadingZeros ? "true" : "false"))
            fields.append(("order", JSONWriter.string(roll.order.rawValue)))
            fields.append(("stagger", JSONWriter.number(roll.stagger)))
            fields.append(("response", JSONWriter.number(roll.response)))
            fields.append(("damping", JSONWriter.number(roll.damping)))
            fields.append(("start", String(roll.startDigit)))
            fields.append(("pageSteps", String(roll.pageStepCount)))
        }
        return "    {\n" + fields.map { "      \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n    }"
    }
}
