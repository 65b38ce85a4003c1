import SaylineText
import SaylineControls

/// What a screen reader would say for each slider of a running application, as `sayline
/// describe --app` says it (the REPL's `describe` and `?` say an application's control as
/// they say a scene's): the name, the role and the value text in
/// Orca's order, the range as the application reports it, and what keeps a keyboard user out.
public enum LiveDescription {
    /// "Volume, slider, 50 percent, 0 to 100 in steps of 1", then what a reader adds: "not
    /// focusable", "dimmed".
    public static func sentence(for slider: AccessibleSlider) -> String {
        let element = LiveSlider.element(slider)
        var line = translated("%1$s, %2$s, %3$s", slider.name.isEmpty ? translated("no name") : slider.name, slider.role.spokenName,
                              slider.spokenValue.isEmpty ? translated("no value") : slider.spokenValue)
        if slider.minimum != nil, slider.maximum != nil {
            line = (slider.increment ?? 0) > 0 ? translated("%s, %s", line, element.rangeWithStep)
                : translated("%1$s, %2$s with no step given", line, element.rangeSentence)
        }
        if !slider.focusable { line = translated("%s, not focusable", line) }
        if !slider.sensitive { line = translated("%s, dimmed", line) }
        return line
    }

    /// The application's line, then each control's sentence with its path below it.
    public static func text(application: String, processID: UInt32?, sliders: [AccessibleSlider]) -> String {
        var out = processID.map { translated("%1$s (process %2$s)", application, String($0)) } ?? application
        out += ": " + translatedCount("%s slider or spin button", "%s sliders and spin buttons", count: sliders.count, NumberText.spoken(sliders.count)) + "\n"
        for slider in sliders {
            out += sentence(for: slider) + "\n    " + slider.path.withinApplication + "\n"
        }
        return out
    }

    /// One object per control: where it is, what the bus says, and what a reader says.
    public static func json(application: String, processID: UInt32?, sliders: [AccessibleSlider]) -> String {
        func number(_ value: Double?) -> JSONTree { value.map { .number($0) } ?? .null }
        return JSONWriter.write(.object([
            JSONMember("application", .string(application)),
            JSONMember("processID", processID.map { .number(Double($0)) } ?? .null),
            JSONMember("controls", .array(sliders.map { slider in
                .object([
                    JSONMember("path", .string(slider.path.text)),
                    JSONMember("name", .string(slider.name)),
                    JSONMember("role", .string(slider.role.rawValue)),
                    JSONMember("value", number(slider.current)),
                    JSONMember("minimum", number(slider.minimum)),
                    JSONMember("maximum", number(slider.maximum)),
                    JSONMember("increment", number(slider.increment)),
                    JSONMember("valueText", .string(slider.spokenValue)),
                    JSONMember("valueTextFrom", .string(slider.valueTextSource.rawValue)),
                    JSONMember("focusable", .bool(slider.focusable)),
                    JSONMember("sensitive", .bool(slider.sensitive)),
                    JSONMember("description", .string(sentence(for: slider))),
                ])
            })),
        ]), inlineFrom: 3)
    }
}
