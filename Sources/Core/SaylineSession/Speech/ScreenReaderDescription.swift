import SaylineText
import SaylineControls

/// What a screen reader would say for a control, in AccessibilitySnapshot's order: label,
/// value, traits, then hint, and what the screen gets wrong if anything: the REPL's `describe`
/// and `?`, and `sayline describe`. The focus line (`Announcer.focusLine`) is its short form,
/// and names the control the same way.
public enum ScreenReaderDescription {
    /// "Weight, 62 kilograms, 40 to 120 in steps of 0.5": short enough to hear in six seconds;
    /// the trait and the keys are for the verbose description (and `help keys`).
    public static func sentence(for element: AdjustableElement, verbose: Bool = false) -> String {
        var line = verbose
            ? translated("%s, %s, adjustable, %s", element.identity.spokenLabel, element.spokenValue, element.rangeWithStep)
            : translated("%s, %s, %s", element.identity.spokenLabel, element.spokenValue, element.rangeWithStep)
        if let lead = element.control.hintLead(for: element.value) { line = translated("%s. %s", line, lead) }
        if let extra = element.identity.hint { line = translated("%s. %s", line, extra) }
        if verbose { line = translated("%s. %s", line, element.keysHint) }
        if let misstatement = element.misstatement { line = translated("%s. The screen %s", line, misstatement) }
        return line
    }

    /// One sentence a line, for `sayline describe`.
    public static func text(for elements: [AdjustableElement]) -> String {
        elements.map { sentence(for: $0) + "\n" }.joined()
    }

    /// One object per control: id, label, value, traits, hint, the display text and the sentence.
    public static func json(for elements: [AdjustableElement]) -> String {
        JSONWriter.write(.array(elements.map { element in
            .object([
                JSONMember("id", .string(element.identity.id)),
                JSONMember("label", .string(element.identity.label)),
                JSONMember("value", .string(element.spokenValue)),
                JSONMember("traits", ["adjustable"]),
                JSONMember("hint", .string(element.hint)),
                JSONMember("display", .string(element.displayText)),
                JSONMember("description", .string(sentence(for: element))),
            ])
        }), inlineFrom: 1)
    }
}
