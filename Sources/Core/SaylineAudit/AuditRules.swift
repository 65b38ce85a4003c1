/// Every audit rule, in the order reports list them.
public enum AuditRules {
    /// Every rule, in the order reports list them.
    public static let all: [any AuditRule] = [
        NamePresent(),
        NameNoRoleWords(),
        NameUnique(),
        ValueTextPresent(),
        SpokenTextSpeakable(),
        RangeValid(),
        SettingsValid(),
        KeyboardReachable(),
        NoSilentSteps(),
        FigureMatchesValue(),
        ReduceMotionHonoured(),
        AnnouncementLength(),
        LanguageComplete(),
    ]

    /// The audit-rules reference, where each rule has a section named by its id.
    public static let documentation = "https://github.com/sayline/sayline/blob/main/Docs/audit-rules.md"

    /// The rule of an id, if there is one.
    public static func rule(id: String) -> (any AuditRule)? {
        all.first { $0.id == id }
    }
}
