import SaylineText
import SaylineControls

/// Writes a scene as JSON in the scene format, one control per block: `sayline scene --print`.
public enum SceneEncoder {
    /// The whole scene; `kinds` gives the keys of each kind (a kind outside it is written with
    /// the shared keys only).
    public static func encode(_ scene: Scene, kinds: SceneKinds = .standard) -> String {
        var document = [JSONMember("version", 1), JSONMember("controls", .array(scene.elements.map { control($0, kinds: kinds) }))]
        if !scene.suppressions.isEmpty {
            document.append(JSONMember("suppress", .array(scene.suppressions.map { suppression in
                var fields = [JSONMember("rule", .string(suppression.rule))]
                if let control = suppression.control { fields.append(JSONMember("control", .string(control))) }
                fields.append(JSONMember("reason", .string(suppression.reason)))
                return .object(fields)
            })))
        }
        // A unit or a suppression reads best on one line, a control as a block.
        return JSONWriter.write(.object(document), inlineFrom: 3)
    }

    /// One control on one line: `{ "kind": "ruler", "id": "weight", … }`, as a report quotes it.
    public static func encode(_ element: AdjustableElement, kinds: SceneKinds = .standard) -> String {
        String(JSONWriter.write(control(element, kinds: kinds), inlineFrom: 0).dropLast())
    }

    /// The control's keys in the field table's order; keys at their defaults that say nothing
    /// (a short name equal to the label, no unit, no hint) are left out.
    private static func control(_ element: AdjustableElement, kinds: SceneKinds) -> JSONTree {
        .object(kinds.fields(of: element.kindName).compactMap { field in
            field.written(element).map { JSONMember(field.key, $0) }
        })
    }
}
