import SaylineText
/// A rating slider whose star rotates with the direction of travel (the seed's `StarSlider`).
///
/// Whole-star steps, two stars a page (as the ARIA rating example), "Slide to rate" while empty,
/// shown as "7/10" and spoken as "7 out of 10".
public struct StarRating: AdjustableControl {
    /// The seed's star glide when the value changes.
    public static let starGlideDuration = 1.5
    /// The seed's thumb animation on a value change.
    public static let thumbDuration = 0.2
    /// The seed's `.spring(duration: 1)` for rotation and lift.
    public static let springDuration = 1.0
    /// A full motion relaxes to was-forwards or was-backwards after this long without a new update.
    public static let motionResetDelay = 0.25
    /// The star lifts off the line after this delay when the rating returns to empty.
    public static let settleDownDelay = 0.2
    /// The kind's name in scenes: "rating".
    public static let kindName = "rating"

    /// The grid the value moves on.
    public let scale: TickScale
    /// Repairs the configuration needed, for audits.
    public let repairs: [Repair]

    /// A rating; a bad range is repaired and the repair recorded.
    public init(minimum: Double = 0, maximum: Double = 10, step: Double = 1) {
        scale = TickScale(lowerBound: minimum, upperBound: maximum, step: step, maximumTickCount: TickScale.unboundedTickCap)
        repairs = scale.repairs
    }

    /// Two stars a page, as the ARIA rating example.
    public var pageStepCount: Int { 2 }

    /// The whole number the seed shows: `Int(value.rounded())`, kept in range.
    public func shownNumber(for value: Double) -> String {
        NumberText.format(value.rounded(), places: 0, grouping: false)
    }

    /// What the rating is out of: the maximum the scene asked for, as the seed's `maximum`,
    /// even when the steps stop short of it (0 to 10 in steps of 3 is out of 10, not 9).
    public var outOf: Double { max(scale.requestedUpperBound, scale.upperBound) }

    /// "7/10": the rounded figure out of the maximum.
    public func displayText(for value: Double, unit: UnitWords?) -> String {
        "\(shownNumber(for: value))/\(NumberText.format(outOf, places: 0, grouping: false))"
    }

    /// What a rating counts when a scene names no unit: "7 out of 10 stars", as the ARIA
    /// rating example says it; "set 3 stars" is typed the same way.
    public static let stars = UnitWords(singular: "star", plural: "stars")

    /// "7 out of 10": the figure the screen shows, in words a speech engine says well.
    public func spokenFigure(for value: Double) -> String {
        Phrase.make { appendFigure(value, to: &$0) }
    }

    /// The figure's words and the stars' counted words, for the catalogs; said through the
    /// phrasebook's templates, each number written straight into the line.
    private static let outOfMessage = translatable("%s out of %s")
    private static let starsOutOfMessage = translatableCount("%s out of %s star", "%s out of %s stars")

    /// Writes the value and the scale's top, as said, into `template`'s two places.
    private func append(_ template: MessageTemplate, _ value: Double, to phrase: inout Phrase) {
        template.write(into: &phrase, count: 2) { place, phrase in phrase.append(number: place == 0 ? value.rounded() : outOf, places: 0) }
    }

    private func appendFigure(_ value: Double, to phrase: inout Phrase) {
        guard Phrasebook.speaksEnglish else {
            return append(Phrasebook.reading { $0.template(Self.outOfMessage) }, value, to: &phrase)
        }
        phrase.append(number: value.rounded(), places: 0)
        phrase.append(" out of ")
        phrase.append(number: outOf, places: 0)
    }

    /// Terse speech keeps "out of": it is the number's meaning.
    public func terseValue(for value: Double, places: Int) -> String { spokenFigure(for: value) }

    /// "7 out of 10 stars": the figure and what it counts.
    public func spokenValue(for value: Double, unit: UnitWords?) -> String {
        Phrase.make { appendSpokenValue(for: value, unit: unit, to: &$0) }
    }

    public func appendSpokenValue(for value: Double, unit: UnitWords?, to phrase: inout Phrase) {
        let unit = unit ?? Self.stars
        if !Phrasebook.speaksEnglish, let known = unit.known, known != .star, unit.languages.isEmpty || Phrasebook.current.entry(in: unit.languages) == nil {
            // Another unit the phrasebook knows: "3 von 10 Prozent".
            appendFigure(value, to: &phrase)
            phrase.append(" ")
            phrase.append(unit.words(count: outOf.magnitude < 1e18 ? Int(outOf.magnitude.rounded()) : 1_000_000))
            return
        }
        guard !Phrasebook.speaksEnglish, unit.known == .star, !unit.ownWords || unit.languages.isEmpty || Phrasebook.current.entry(in: unit.languages) == nil else {
            // The scene's own words, or English: "7 out of 10 stars".
            appendFigure(value, to: &phrase)
            phrase.append(" ")
            phrase.append(Phrasebook.current.entry(in: unit.languages)?.plural ?? unit.plural)
            return
        }
        // The stars are counted by the scale's top: "7 z 10 gwiazdek", "3 von 5 Sternen".
        let count = outOf.magnitude < 1e18 ? Int(outOf.magnitude.rounded()) : 1_000_000
        append(Phrasebook.reading { $0.template(Self.starsOutOfMessage.singular, plural: Self.starsOutOfMessage.plural, count: count) }, value, to: &phrase)
    }

    /// A rating counts stars unless the scene names another unit.
    public var defaultUnit: UnitWords? { Self.stars }

    /// "Slide to rate" while nothing is rated.
    public func hintLead(for value: Double) -> String? {
        value <= scale.lowerBound ? translated("Slide to rate") : nil
    }

    /// The seed's `hasValue`: the star lifts off the line once the rating is above its minimum.
    public func hasValue(_ value: Double) -> Bool { value > scale.lowerBound }

    /// The seed's `dragValue(xDrag:)`: a point on the slider's width as a continuous value.
    /// A width that is zero or not finite yields the minimum instead of dividing by it.
    public func dragValue(xDrag: Double, sliderWidth: Double) -> Double {
        guard sliderWidth.isFinite, sliderWidth > 0, xDrag.isFinite else { return scale.lowerBound }
        let fraction = max(0, min(1, xDrag / sliderWidth))
        return scale.lowerBound + fraction * (scale.upperBound - scale.lowerBound)
    }

    /// The star glides and turns with the direction of travel, and lifts off or settles.
    public func animation(from oldValue: Double, to newValue: Double) -> MotionTimeline {
        let movement: DragMotion = newValue < oldValue ? .backwards : .forwards
        return MotionTimeline(motion: .rating(StarRatingMotion(
            from: oldValue, to: newValue, movement: movement,
            wasRated: hasValue(oldValue), isRated: hasValue(newValue))))
    }
}

/// Where the star and thumb are at one moment of a change.
public struct StarRatingPose: Sendable, Equatable {
    /// The thumb's position, in value units.
    public let thumb: Double
    /// The star's position, in value units; it trails the thumb.
    public let star: Double
    /// Degrees the star is turned: −36 while moving forwards, 36 backwards, 0 at rest.
    public let rotation: Double
    /// 0 on the line, 1 lifted a star's height above it.
    public let lift: Double
}

/// The animations one rating change sets off, as the seed's modifiers chain them.
public struct StarRatingMotion: Sendable, Equatable {
    /// The value the change starts from.
    public let from: Double
    /// The value it ends on.
    public let to: Double
    /// Which way the star travels.
    public let movement: DragMotion
    /// Whether the rating was above its minimum before.
    public let wasRated: Bool
    /// Whether it is after.
    public let isRated: Bool

    /// Seconds until every part of the motion has come to rest.
    public var duration: Double {
        let lift = wasRated == isRated ? 0 : (isRated ? 0 : StarRating.settleDownDelay) + StarRating.springDuration
        return max(StarRating.starGlideDuration, StarRating.motionResetDelay + StarRating.springDuration, lift)
    }

    /// - Complexity: O(1).
    public func pose(at time: Double) -> StarRatingPose {
        let thumb = from + (to - from) * Curve.easeInOut(duration: StarRating.thumbDuration).progress(at: time)
        let star = from + (to - from) * Curve.easeInOut(duration: StarRating.starGlideDuration).progress(at: time)
        // A step is a full motion at once, relaxed after the seed's 250 ms reset; both ride one spring.
        let spring = Curve.smooth(duration: StarRating.springDuration)
        let turned = movement.rotationDegrees * spring.progress(at: time)
        let rotation: Double
        if time < StarRating.motionResetDelay {
            rotation = turned
        } else {
            let atReset = movement.rotationDegrees * spring.progress(at: StarRating.motionResetDelay)
            rotation = atReset * (1 - spring.progress(at: time - StarRating.motionResetDelay))
        }
        let lift: Double
        switch (wasRated, isRated) {
        case (false, true): lift = spring.progress(at: time)
        case (true, false): lift = 1 - spring.progress(at: time - StarRating.settleDownDelay)
        case (true, true): lift = 1
        case (false, false): lift = 0
        }
        return StarRatingPose(thumb: thumb, star: star, rotation: rotation, lift: lift)
    }
}
