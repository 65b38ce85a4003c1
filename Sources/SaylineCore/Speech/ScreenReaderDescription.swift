/// What a screen reader would say for each control, in AccessibilitySnapshot's order:
/// label, value, traits, then hint. `sayline describe` prints it.
public enum ScreenReaderDescription {
    /// "Weight in kilograms: 62 kilograms. Adjustable. Up or down arrow adjusts…"
    public static func line(for element: AdjustableElement) -> String {
        let label = element.identity.label.isEmpty ? "Unnamed" : element.identity.label
        var line = "\(label): \(element.spokenValue). Adjustable. \(element.hint)."
        if let misstatement = element.misstatement { line += " The screen \(misstatement)." }
        return line
    }

    public static func text(for elements: [AdjustableElement]) -> String {
        elements.map { line(for: $0) + "\n" }.joined()
    }

    /// One object per control: id, label, value, traits, hint, and the display text.
    public static func json(for elements: [AdjustableElement]) -> String {
        let entries = elements.map { element in
            let fields = [
                "\"id\": \(JSONWriter.string(element.identity.id))",
                "\"label\": \(JSONWriter.string(element.identity.label))",
                "\"value\": \(JSONWriter.string(element.spokenValue))",
                "\"traits\": [\"adjustable\"]",
                "\"hint\": \(JSONWriter.string(element.hint))",
                "\"display\": \(JSONWriter.string(element.displayText))",
            ]
            return "  {" + fields.joined(separator: ", ") + "}"
        }
        return "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }
}
