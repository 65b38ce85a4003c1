import SaylineText
import SaylineControls

extension SceneKind {
    /// The star rating in scene files: `"kind": "rating"`; it takes only the shared keys.
    public static let rating = SceneKind(StarRating.self, fields: [], minimumWords: translatable("rating 0"), maximumWords: translatable("rating 10")) { values in
        StarRating(minimum: values.given("min") ?? 0, maximum: values.given("max") ?? 10, step: values.number("step"))
    }
}
