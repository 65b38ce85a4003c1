import SaylineText
import SaylineControls
import SaylineScene

/// Runs every rule on every control of a scene and sorts the results as axe-core does.
public struct Auditor: Sendable {
    /// The audit's limits.
    public let options: AuditOptions

    /// An auditor with limits.
    public init(options: AuditOptions = AuditOptions()) {
        self.options = options
    }

    /// Audits the controls of `scene` in `controls` (all of them by default). Reports of
    /// consecutive ranges joined with `append` equal the report of the whole scene, so a front
    /// may audit the ranges on several cores.
    /// - Parameters:
    ///   - file: the scene's name in the report, as the front shows it.
    ///   - rules: the rules, before `options.ruleSettings` switches some off or re-grades them.
    ///   - clock: nanoseconds from any fixed start, for each check's time; the core reads no
    ///     clock of its own. Without one, times are zero.
    ///   - context: the scene's context, made once by a front that audits a scene in several
    ///     runs (each run made its own over the whole scene before); nil makes it here.
    /// - Complexity: O(controls × rules × samples); samples per control are bounded
    ///   (`AuditContext.stepsToCheck`), so the audit grows linearly with the scene.
    public func audit(_ scene: Scene, file: String = "", rules all: [any AuditRule] = AuditRules.all,
                      controls: Range<Int>? = nil, clock: (@Sendable () -> UInt64)? = nil, context: AuditContext? = nil) -> AuditReport {
        // Heard in another language, on whatever thread runs it: only the rules about words,
        // each finding named by the language.
        // The scene's own words are heard as the source language's: a German person's audit
        // of a scene checks its own words, and its German ones in a pass of their own.
        let book = options.language ?? .english
        if Phrasebook.current.code != book.code || Phrasebook.current.regional != book.regional {
            return Phrasebook.using(book) { audit(scene, file: file, rules: all, controls: controls, clock: clock, context: options.language == nil ? context : nil) }
        }
        // A project's settings: rules switched off are not run at all, as with axe's `rules`.
        let rules = options.rules(from: all).filter { options.language == nil || $0.perLanguage }
        let context = context ?? AuditContext(elements: scene.elements, options: options)
        // Named as the scene names it: "de", or "de_AT" heard through the German catalog.
        let language = options.language.map { $0.regional ?? $0.code }
        // A language the scene gives no words in is heard only when it was asked for.
        if let language, !options.everyScene, !context.claimedLanguages.contains(language) {
            var report = AuditReport(controlCount: 0, files: [file])
            report.rules = rules.map { AuditReport.RuleOutcome(rule: $0.info) }
            return report
        }
        var outcomes = rules.map { AuditReport.RuleOutcome(rule: $0.info) }
        let range = controls.map { $0.clamped(to: scene.elements.indices) } ?? scene.elements.indices
        let checks = ControlChecks(scene: scene, file: file, rules: rules, context: context, language: language, clock: clock)
        for position in range { checks.check(position, into: &outcomes) }
        var report = AuditReport(controlCount: range.count, files: [file])
        report.rules = outcomes
        return report
    }
}
