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
        for position in range {
            let element = scene.elements[position]
            let source = position < scene.sources.count ? scene.sources[position] : nil
            // The control as its file has it, or as the scene format writes it: once a control.
            let html = source?.text ?? SceneEncoder.encode(element)
            // Made to its size: grown while written, its room was up to twice its bytes, ten
            // thousand times over.
            var quoting: [UInt8] = []
            JSONWriter.appendString(html, to: &quoting)
            let quotedHTML = [UInt8](unsafeUninitializedCapacity: quoting.count) { buffer, count in
                count = buffer.initialize(fromContentsOf: quoting)
            }
            let began = clock?() ?? 0
            let probe = ElementProbe(element)
            // The shared walk is charged to the control's first check.
            var lap = began
            for (index, rule) in rules.enumerated() {
                let result = rule.check(probe, in: context)
                let now = clock?() ?? 0
                // Taken now: the closure below would read `lap` after it moves on, and every
                // check would take no time.
                let nanoseconds = now &- lap
                let node = { (message: String?) in
                    AuditReport.Node(file: file, control: element.identity.id, label: element.identity.label, message: message,
                                     line: source?.line, column: source?.column,
                                     html: html, nanoseconds: nanoseconds, quotedHTML: quotedHTML, language: language)
                }
                lap = now
                switch result {
                case .pass:
                    outcomes[index].passes.append(node(nil))
                case .inapplicable:
                    break
                case .incomplete(let reason):
                    outcomes[index].incomplete.append(node(reason))
                case .violation(let message):
                    if let suppression = scene.suppressions.first(where: { $0.rule == rule.id && ($0.control == nil || $0.control?.lowercased() == element.identity.id.lowercased()) }) {
                        outcomes[index].suppressed.append(AuditReport.SuppressedNode(node: node(message), reason: suppression.reason))
                    } else {
                        outcomes[index].violations.append(node(message))
                    }
                }
            }
        }
        var report = AuditReport(controlCount: range.count, files: [file])
        report.rules = outcomes
        return report
    }
}
