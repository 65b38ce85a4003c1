import SaylineText
import SaylineControls

/// A scene that speaks a language speaks it for every control.
///
/// Flags: a control with no label in a language the scene gives other controls' words in, or
/// with unit words of its own (not a unit Sayline knows) but none in that language. A person
/// who reads German hears the rest of the scene in German and this control in English.
public struct LanguageComplete: AuditRule {
    /// What reports say of the rule.
    public let info = AuditRuleInfo(
        id: "language-complete", impact: .serious,
        description: "Checks that every control has its label and unit words in each language the scene gives words in",
        help: "Give each control its label, and unit words unless the unit is one Sayline knows, in every language of the scene's languages",
        source: "WCAG 2.2 SC 3.1.2 Language of Parts and 4.1.2 Name, Role, Value; gettext's untranslated messages",
        criteria: [.languageOfParts, .nameRoleValue])

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control: inapplicable in a scene of one language.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        guard !context.claimedLanguages.isEmpty else { return .inapplicable }
        let identity = probe.element.identity
        let noLabel = context.claimedLanguages.filter { identity.languages[$0]?.label == nil }
        var noUnit: [String] = []
        // A unit Sayline knows is said in every language; words of the scene's own are not.
        if let unit = identity.unit, unit.ownWords, unit.known == nil {
            noUnit = context.claimedLanguages.filter { unit.languages[$0] == nil }
        }
        // A scene may claim many languages: a finding names five, and counts the rest.
        func named(_ codes: [String]) -> String {
            codes.count <= 5 ? codes.joined(separator: ", ") : codes.prefix(5).joined(separator: ", ") + " and \(codes.count - 5) more"
        }
        var missing: [String] = []
        if !noLabel.isEmpty { missing.append("no label in " + named(noLabel)) }
        if !noUnit.isEmpty { missing.append("no unit words in " + named(noUnit)) }
        guard !missing.isEmpty else { return .pass }
        return .violation("The control \(identity.id) has " + missing.joined(separator: " and ") + ": there it is heard in the scene's own words")
    }
}
