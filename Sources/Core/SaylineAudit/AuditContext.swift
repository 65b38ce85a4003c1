import SaylineControls

/// What rules may know about the whole scene.
public struct AuditContext: Sendable {
    /// Every control of the scene, for rules that compare controls.
    public let elements: [AdjustableElement]
    /// The audit's limits.
    public let options: AuditOptions
    /// How many controls carry each name, compared without case.
    let nameCounts: [String: Int]
    /// The languages the scene gives words in, besides its own: each control should have them.
    public let claimedLanguages: [String]

    /// The context of one audit.
    public init(elements: [AdjustableElement], options: AuditOptions) {
        self.elements = elements
        self.options = options
        var counts: [String: Int] = [:]
        for element in elements { counts[Self.nameKey(element.identity.label), default: 0] += 1 }
        nameCounts = counts
        var claimed: Set<String> = []
        for element in elements {
            claimed.formUnion(element.identity.languages.keys)
            if let unit = element.identity.unit { claimed.formUnion(unit.languages.keys) }
        }
        // English words are the scene's own already: not a language it claims besides them.
        claimedLanguages = claimed.filter { $0 != "en" && !$0.hasPrefix("en_") }.sorted()
    }

    static func nameKey(_ label: String) -> String { label.lowercased() }

    /// Small scales are walked step by step. Larger ones are walked at both ends and at
    /// evenly spaced points between: every step is the same arithmetic on the same grid, so
    /// the samples speak for the rest while the cost per control stays bounded.
    public static let fullWalkLimit = 128
    static let samplesPerEnd = 8
    static let middleSamples = 16

    /// Indices i whose step to i + 1 a rule should check.
    public static func stepsToCheck(_ scale: TickScale) -> [Int] {
        let steps = scale.tickCount - 1
        guard steps > 0 else { return [] }
        if steps <= fullWalkLimit { return Array(0..<steps) }
        var indices = Array(0..<samplesPerEnd) + Array((steps - samplesPerEnd)..<steps)
        let stride = steps / (middleSamples + 1)
        for sample in 1...middleSamples { indices.append(sample * stride) }
        return indices.sorted()
    }

    /// The element moved to tick `index`.
    static func element(_ element: AdjustableElement, at index: Int) -> AdjustableElement {
        var copy = element
        _ = copy.apply(.exactly(element.scale.value(at: index)))
        return copy
    }
}
