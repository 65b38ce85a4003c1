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
}
