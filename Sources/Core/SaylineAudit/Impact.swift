import SaylineText

/// How much a finding hurts, as axe-core grades it.
public enum Impact: String, Sendable, Equatable, Comparable, CaseIterable {
    case minor
    case moderate
    case serious
    case critical

    /// Minor is below moderate, below serious, below critical.
    public static func < (lhs: Impact, rhs: Impact) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// The impact's name as a report's sentences say it, in the language of this thread's
    /// phrasebook ("kritisch"); `rawValue` is the word typed (`--fail-on critical`) and written
    /// to programs.
    public var translatedName: String {
        switch self {
        // Translators: the impact of an audit finding, as axe-core grades them, from least to
        // most: minor, moderate, serious, critical. Said alone ("critical: name-present on
        // weight") and inside sentences ("at or above serious impact").
        case .minor: translatedIn("impact", "minor")
        case .moderate: translatedIn("impact", "moderate")
        case .serious: translatedIn("impact", "serious")
        case .critical: translatedIn("impact", "critical")
        }
    }
}
