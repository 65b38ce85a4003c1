import Testing
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineSession
@testable import SaylineScene
@testable import SaylineAudit

@Suite struct StarRatingTests {
    let rating = StarRating()

    @Test func showsTheRoundedFigureAndSaysOutOf() {
        #expect(rating.displayText(for: 7, unit: nil) == "7/10")
        #expect(rating.displayText(for: 6.6, unit: nil) == "7/10")
        #expect(rating.spokenValue(for: 7, unit: nil) == "7 out of 10 stars")
        #expect(rating.spokenFigure(for: 7) == "7 out of 10")
        #expect(rating.spokenValue(for: 3, unit: UnitWords(singular: "star", plural: "stars")) == "3 out of 10 stars")
    }

    @Test func invitesASlideOnlyWhileEmpty() {
        #expect(rating.hintLead(for: 0) == "Slide to rate")
        #expect(rating.hintLead(for: 1) == nil)
        #expect(!rating.hasValue(0))
        #expect(rating.hasValue(0.1))
    }

    @Test func wholeStarStepsAndTwoStarPages() {
        var element = AdjustableElement(identity: ControlIdentity(id: "r", label: "Rating"), control: rating, value: 0)
        _ = element.apply(.increment(1))
        #expect(element.value == 1)
        _ = element.apply(.pageUp)
        #expect(element.value == 3)
    }

    @Test func dragPositionsBecomeContinuousValues() {
        #expect(rating.dragValue(xDrag: 150, sliderWidth: 300) == 5)
        #expect(rating.dragValue(xDrag: -20, sliderWidth: 300) == 0)
        #expect(rating.dragValue(xDrag: 900, sliderWidth: 300) == 10)
        #expect(rating.dragValue(xDrag: 10, sliderWidth: 0) == 0)
        #expect(rating.dragValue(xDrag: .nan, sliderWidth: 300) == 0)
    }

    @Test func aStepFromADraggedValueLandsOnTheNextWholeStar() {
        var element = AdjustableElement(identity: ControlIdentity(id: "r", label: "Rating"), control: rating, value: 7)
        _ = element.apply(.increment(1))
        #expect(element.value == 8)
    }

    @Test func rotationFollowsTheDirectionOfTravel() {
        #expect(DragMotion.forwards.rotationDegrees == -36)
        #expect(DragMotion.backwards.rotationDegrees == 36)
        #expect(DragMotion.wasForwards.rotationDegrees == 0)
        #expect(DragMotion.atRest.rotationDegrees == 0)
        #expect(DragMotion.wasBackwards.direction == .backwards)
        #expect(DragMotion.atRest.direction == .atRest)
    }

    func update(_ current: DragMotion, from old: Double, to new: Double, at x: Double, predicted: Double) -> DragMotion.Update {
        DragMotion.afterDragChange(current: current, oldValue: old, newValue: new, location: x,
                                   predictedEndLocation: predicted, sliderWidth: 300, minimum: 0, maximum: 10)
    }

    @Test func aDragStartsAFullMotionAndRelaxesNearItsEnd() {
        // Far from the predicted end and from both ends of the slider: full motion.
        #expect(update(.atRest, from: 3, to: 4, at: 120, predicted: 250) == .init(motion: .forwards, scheduledResetMovement: nil))
        // Same direction, still far: keep turning, and schedule the 250 ms reset.
        #expect(update(.forwards, from: 4, to: 5, at: 150, predicted: 250) == .init(motion: .forwards, scheduledResetMovement: .forwards))
        // Within 20 points of where the drag will end: straighten early.
        #expect(update(.forwards, from: 5, to: 6, at: 180, predicted: 195) == .init(motion: .wasForwards, scheduledResetMovement: nil))
        // Within 1% of the range of an end of the slider counts as nearing the end too.
        #expect(update(.backwards, from: 1, to: 0.05, at: 2, predicted: 100) == .init(motion: .wasBackwards, scheduledResetMovement: nil))
        // Reversing turns the other way at once.
        #expect(update(.wasForwards, from: 6, to: 5, at: 150, predicted: 155) == .init(motion: .backwards, scheduledResetMovement: nil))
        // Nearing the end in the same direction keeps the relaxed state.
        #expect(update(.wasForwards, from: 6, to: 7, at: 200, predicted: 205) == .init(motion: .wasForwards, scheduledResetMovement: nil))
        // Relaxed, then moving on far from the end: full motion again.
        #expect(update(.wasForwards, from: 6, to: 7, at: 100, predicted: 250) == .init(motion: .forwards, scheduledResetMovement: nil))
    }

    @Test func theDelayedResetOnlyRelaxesAFullMotion() {
        #expect(DragMotion.afterResetDelay(.forwards, movement: .forwards) == .wasForwards)
        #expect(DragMotion.afterResetDelay(.backwards, movement: .forwards) == .wasForwards)
        #expect(DragMotion.afterResetDelay(.atRest, movement: .forwards) == .atRest)
        #expect(DragMotion.afterResetDelay(.wasBackwards, movement: .backwards) == .wasBackwards)
        #expect(DragMotion.afterDragEnd(.forwards) == .atRest)
    }

    @Test func aStepTurnsTheStarLiftsItAndLetsItGlide() throws {
        let timeline = rating.animation(from: 0, to: 1)
        #expect(timeline.duration == 1.5)
        let early = try #require(timeline.frame(at: 0.2).starPose, "not a rating motion")
        let late = try #require(timeline.frame(at: 1.5).starPose, "not a rating motion")
        let start = try #require(timeline.frame(at: 0).starPose, "not a rating motion")
        #expect(start.thumb == 0 && start.lift == 0 && start.rotation == 0)
        #expect(early.rotation < -10)
        #expect(early.thumb == 1)
        #expect(early.star > 0 && early.star < 1)
        #expect(late.rotation == 0 && late.lift == 1 && late.star == 1)
        // A step down turns the star the other way; a frame of another kind is a failure, not a pass.
        let back = try #require(rating.animation(from: 3, to: 2).frame(at: 0.2).starPose, "not a rating motion")
        #expect(back.rotation > 10)
    }
}

extension MotionFrame {
    /// The star's pose, when this is a rating's frame.
    var starPose: StarRatingPose? {
        if case .rating(let pose) = self { pose } else { nil }
    }
}
