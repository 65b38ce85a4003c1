import SaylineText
import SaylineControls

extension SceneKind {
    /// The digit roll in scene files: `"kind": "digitroll"`.
    public static let digitRoll = SceneKind(DigitRoll.self, fields: [
        roll("digits", .wholeNumber, 6, translatable("columns, 1 to 9")) { .number(Double($0.columns)) },
        roll("prefix", .text, "", translatable("text before the figure that never rolls (`\"$\"`); may also be typed before a value")) { .string($0.prefix) },
        roll("separator", .text, ",", translatable("between groups of three digits")) { .string($0.separator) },
        roll("leadingZeros", .onOff, false, translatable("draw leading zeros instead of dropping them")) { .bool($0.leadingZeros) },
        roll("order", .choice(DigitRollOrder.allCases.map(\.rawValue)), .string(DigitRollOrder.rtl.rawValue),
             // Translators: keep the words in backticks as they are typed.
             translatable("which column rolls first: `rtl`, `ltr`, `all`")) { .string($0.order.rawValue) },
        roll("stagger", .number, 60, translatable("milliseconds between neighbouring columns starting")) { .number($0.stagger) },
        roll("response", .number, .number(0.55), translatable("seconds the settle spring takes to respond")) { .number($0.response) },
        roll("damping", .number, .number(0.82), translatable("the settle spring's damping, 0.05 to 1 (at 0.82 it overshoots by about one percent)")) { .number($0.damping) },
        roll("start", .wholeNumber, 0, translatable("the digit the strips start from")) { .number(Double($0.startDigit)) },
        roll("pageSteps", .wholeNumber, 10, translatable("steps in one Page Up/Down")) { .number(Double($0.pageStepCount)) },
    ], minimumWords: translatable("roll 0"), maximumWords: translatable("roll the widest figure")) { values in
        DigitRoll(columns: values.whole("digits"), prefix: values.text("prefix"),
                  separator: values.text("separator"), leadingZeros: values.flag("leadingZeros"),
                  startDigit: values.whole("start"), order: DigitRollOrder(rawValue: values.text("order")) ?? .rtl,
                  stagger: values.number("stagger"), response: values.number("response"),
                  damping: values.number("damping"), step: values.number("step"),
                  pageStepCount: values.whole("pageSteps"), minimum: values.given("min"), maximum: values.given("max"))
    }

    private static func roll(_ key: String, _ type: SceneField.ValueType, _ fallback: JSONTree, _ meaning: String,
                             _ written: @escaping @Sendable (DigitRoll) -> JSONTree) -> SceneField {
        .of(DigitRoll.self, key, type, fallback: fallback, meaning, written: written)
    }
}
