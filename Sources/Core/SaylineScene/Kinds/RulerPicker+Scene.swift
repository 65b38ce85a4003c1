import SaylineText
import SaylineControls

extension SceneKind {
    /// The ruler in scene files: `"kind": "ruler"`.
    public static let ruler = SceneKind(RulerPicker.self, fields: [
        .of(RulerPicker.self, "majorEvery", .wholeNumber, fallback: 10,
            translatable("a labelled major tick every N ticks (at least 1); Page Up/Down move one major interval")) { .number(Double($0.majorEvery)) },
        .of(RulerPicker.self, "tickSpacing", .number, fallback: 12,
            translatable("points between ticks in the source design (at least 4)")) { .number($0.tickSpacing) },
    ], minimumWords: translatable("ruler 0"), maximumWords: translatable("ruler 100")) { values in
        RulerPicker(minimum: values.given("min") ?? 0, maximum: values.given("max") ?? 100, step: values.number("step"),
                    majorEvery: values.whole("majorEvery"), tickSpacing: values.number("tickSpacing"))
    }
}
