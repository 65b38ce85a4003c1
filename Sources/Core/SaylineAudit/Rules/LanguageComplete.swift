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
        description: translatable("Checks that every control has its label and unit words in each language the scene gives words in"),
        help: translatable("Give each control its label, and unit words unless the unit is one Sayline knows, in every language of the scene's languages"),
        // Translators: where the rule comes from. Keep the names of specifications, tools,
        // files and rules as they are (WAI-ARIA, axe-core, Docs/speech.md); name WCAG success
        // criteria as your language's translation of WCAG does.
        source: translatable("WCAG 2.2 SC 3.1.2 Language of Parts and 4.1.2 Name, Role, Value; gettext's untranslated messages"),
        criteria: [.languageOfParts, .nameRoleValue])

    /// The rule; it has nothing to configure.
    public init() {}

    /// The rule's verdict on one control: inapplicable in a scene of one language.
    public func check(_ probe: ElementProbe, in context: AuditContext) -> RuleResult {
        // A running application's settings, motion and languages are its own, out of reach.
        guard probe.observation == nil else { return .inapplicable }
        guard !context.claimedLanguages.isEmpty else { return .inapplicable }
        let identity = probe.element.identity
        let noLabel = context.claimedLanguages.filter { identity.languages[$0]?.label == nil }
        var noUnit: [String] = []
        // A unit Sayline knows is said in every language; words of the scene's own are not.
        if let unit = identity.unit, unit.ownWords, unit.known == nil {
            noUnit = context.claimedLanguages.filter { unit.languages[$0] == nil }
        }
        // A scene may claim many languages: a finding names five, and counts the rest.
        func named(_ codes: [String]) -> FindingMessage.Argument {
            guard codes.count > 5 else { return .text(codes.joined(separator: ", ")) }
            // Translators: %1$s lists five language codes ("de, fr, es, pl, it"), %2$s counts the
            // codes left out.
            return .message(FindingMessage(counting: translatableCount("%1$s and %2$s more", "%1$s and %2$s more"), count: codes.count - 5,
                                           .text(codes.prefix(5).joined(separator: ", ")), .number(Double(codes.count - 5))))
        }
        let id = FindingMessage.Argument.text(identity.id)
        switch (noLabel.isEmpty, noUnit.isEmpty) {
        case (true, true): return .pass
        // Translators: %1$s is a control's id, %2$s and %3$s lists of language codes ("de, pl"):
        // the languages the scene gives words in where this control has none.
        case (false, false): return .violation(FindingMessage(translatable("The control %1$s has no label in %2$s and no unit words in %3$s: there it is heard in the scene's own words"),
                                                              id, named(noLabel), named(noUnit)))
        // Translators: %1$s is a control's id, %2$s a list of language codes ("de, pl").
        case (false, true): return .violation(FindingMessage(translatable("The control %1$s has no label in %2$s: there it is heard in the scene's own words"), id, named(noLabel)))
        // Translators: %1$s is a control's id, %2$s a list of language codes ("de, pl").
        case (true, false): return .violation(FindingMessage(translatable("The control %1$s has no unit words in %2$s: there it is heard in the scene's own words"), id, named(noUnit)))
        }
    }
}
