// Seed ports the keyboard front does not use: the star slider's drag gesture as a pure state
// machine (onChanged, the delayed reset, onEnded), exact to the seed and held to it by
// StarRatingTests, for a front with a pointer. A key press animates from `DragMotion`'s
// direction alone (StarRating.animation), so nothing in the product calls these.

extension DragMotion {
    /// The relaxed state for a movement.
    public static func nearingEnd(of movement: DragMotion) -> DragMotion {
        movement.direction == .backwards ? .wasBackwards : .wasForwards
    }

    /// The outcome of one drag update: the new state, and whether a reset is scheduled.
    public struct Update: Sendable, Equatable {
        /// The motion the star shows.
        public let motion: DragMotion
        /// When set, after `StarRating.motionResetDelay` call `afterResetDelay(_:movement:)` with it.
        public let scheduledResetMovement: DragMotion?
    }

    /// The seed's `onChanged`, as a pure function.
    /// - Parameters:
    ///   - oldValue: the rating before this update; `newValue` the value under the finger.
    ///   - location: the finger's x; `predictedEndLocation` where the gesture would coast to.
    public static func afterDragChange(current: DragMotion, oldValue: Double, newValue: Double,
                                       location: Double, predictedEndLocation: Double,
                                       sliderWidth: Double, minimum: Double, maximum: Double) -> Update {
        let distanceToSliderEnd = min(newValue - minimum, maximum - newValue)
        let predictedX = max(0, min(predictedEndLocation, sliderWidth))
        let distanceToEndLocation = abs(predictedX - location)
        let isNearingDragEnd = distanceToEndLocation < 20 || distanceToSliderEnd < (maximum - minimum) / 100
        let movement: DragMotion = newValue < oldValue ? .backwards : .forwards
        if current == movement {
            if isNearingDragEnd { return Update(motion: nearingEnd(of: movement), scheduledResetMovement: nil) }
            return Update(motion: current, scheduledResetMovement: movement)
        }
        if current.direction != movement.direction || !isNearingDragEnd {
            return Update(motion: movement, scheduledResetMovement: nil)
        }
        return Update(motion: current, scheduledResetMovement: nil)
    }

    /// The seed's delayed reset: a motion still in full swing relaxes; anything else stays.
    public static func afterResetDelay(_ current: DragMotion, movement: DragMotion) -> DragMotion {
        current.isFullMotion ? nearingEnd(of: movement) : current
    }

    /// The seed's `onEnded`.
    public static func afterDragEnd(_ current: DragMotion) -> DragMotion { .atRest }
}
