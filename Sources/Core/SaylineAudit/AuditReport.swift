import SaylineText

/// What an audit found, by rule: violations, passes, incomplete, inapplicable, suppressed;
/// over one scene, or several joined.
public struct AuditReport: Sendable, Equatable {
    /// A rule's description, kept with its results.
    public typealias RuleInfo = AuditRuleInfo

    /// One control's result under one rule.
    public struct Node: Sendable, Equatable {
        /// The scene's name as the front gave it; empty for the demo scene.
        public let file: String
        /// The control's id.
        public let control: String
        /// The control's label.
        public let label: String
        /// What the rule found, if it said: said in the report's language when it is written.
        public let finding: FindingMessage?
        /// Where the control starts in its file; nil for a scene not read from a file.
        public let line: Int?
        /// The column the control starts at, when its file is known.
        public let column: Int?
        /// The control's JSON as written.
        public let html: String
        /// How long the rule took on this control (the first rule also carries the shared walk).
        public let nanoseconds: UInt64

        /// The control as reports key it, the same in every language: "weight", or "weight in
        /// de" heard in German. What baselines hold, JUnit's testcase names, axe's targets.
        public var shownControl: String { language.map { control + " in " + $0 } ?? control }
        /// What the rule found, in the language of this thread's phrasebook.
        public var message: String? { finding?.text }
        /// The control in a report's sentence, in the language of this thread's phrasebook:
        /// "weight", or "weight in de".
        public var controlWords: String { Self.controlWords(control, language) }

        /// `controlWords` of a control as reports key it (`shownControl`): a baseline's entry.
        public static func controlWords(ofKey key: String) -> String {
            // An id is one word: what follows its first space names the language.
            guard let space = key.firstRange(of: " in ") else { return key }
            return controlWords(String(key[..<space.lowerBound]), String(key[space.upperBound...]))
        }

        private static func controlWords(_ control: String, _ language: String?) -> String {
            guard let language else { return control }
            // Translators: a control heard in another language by an audit: %1$s is its id,
            // %2$s a language code ("de"), both kept as they are.
            return translated("%1$s in %2$s", control, language)
        }
        /// `html` as a JSON string, quoted and escaped once for every node of its control (a
        /// dozen rules quote the same text); empty when it was not made.
        var quotedHTML: [UInt8] = []
        /// The language the control was heard in, when not in the scene's own words: "de".
        public var language: String? = nil

        /// A node of what a rule found on a control.
        public init(file: String, control: String, label: String, finding: FindingMessage?, line: Int?, column: Int?, html: String,
                    nanoseconds: UInt64, language: String? = nil) {
            self.file = file
            self.control = control
            self.label = label
            self.finding = finding
            self.line = line
            self.column = column
            self.html = html
            self.nanoseconds = nanoseconds
            self.language = language
        }

        /// A node whose finding is words already made, said as they are.
        public init(file: String, control: String, label: String, message: String?, line: Int?, column: Int?, html: String, nanoseconds: UInt64) {
            self.init(file: file, control: control, label: label, finding: message.map { FindingMessage(verbatim: $0) }, line: line, column: column,
                      html: html, nanoseconds: nanoseconds)
        }

        /// A node whose control's JSON is already quoted, once for all its nodes.
        init(file: String, control: String, label: String, finding: FindingMessage?, line: Int?, column: Int?, html: String,
             nanoseconds: UInt64, quotedHTML: [UInt8], language: String?) {
            self.init(file: file, control: control, label: label, finding: finding, line: line, column: column, html: html,
                      nanoseconds: nanoseconds, language: language)
            self.quotedHTML = quotedHTML
        }

        /// "scene.json:4:5", "scene.json" or "".
        public var place: String {
            guard let line else { return file }
            return "\(file):\(line):\(column ?? 1)"
        }
    }

    /// A violation the scene has accepted, with its reason.
    public struct SuppressedNode: Sendable, Equatable {
        /// The control.
        public let node: Node
        /// Why the scene accepts the finding.
        public let reason: String
    }

    /// One rule over every control.
    public struct RuleOutcome: Sendable, Equatable {
        /// The rule.
        public let rule: RuleInfo
        /// Controls that broke the rule.
        public var violations: [Node] = []
        /// Controls that kept it.
        public var passes: [Node] = []
        /// Controls a person should check.
        public var incomplete: [Node] = []
        /// Findings the scene accepts.
        public var suppressed: [SuppressedNode] = []
        /// Violations the baseline holds: reported as known, never failing.
        public var known: [Node] = []

        /// No control to which the rule applies.
        public var isInapplicable: Bool { violations.isEmpty && passes.isEmpty && incomplete.isEmpty && suppressed.isEmpty && known.isEmpty }
    }

    /// How many controls were audited.
    public var controlCount: Int
    /// The scenes audited, in order, as the front named them.
    public var files: [String]
    /// Each rule's results, in the order rules run.
    public var rules: [RuleOutcome] = []
    /// Whether `files` names running applications (`audit --app`), not scene files: a SARIF
    /// log then lists no artifact and locates findings by their path alone.
    public var filesAreApplications = false
    /// A baseline was applied (`applying`): violations are the new ones.
    public var baselineApplied = false
    /// Baseline entries this audit no longer finds, sorted.
    public var fixed: [AuditBaseline.Entry] = []

    init(controlCount: Int, files: [String]) {
        self.controlCount = controlCount
        self.files = files
    }

    /// Joins another audit (the next range of a scene, or another scene) after this one.
    /// Both must have run the same rules in the same order.
    /// The findings of the same scenes heard in another language, joined rule by rule: the
    /// controls are not counted again.
    public mutating func adding(language other: AuditReport) {
        for outcome in other.rules {
            guard let index = rules.firstIndex(where: { $0.rule.id == outcome.rule.id }) else { continue }
            rules[index].violations += outcome.violations
            rules[index].passes += outcome.passes
            rules[index].incomplete += outcome.incomplete
            rules[index].suppressed += outcome.suppressed
            rules[index].known += outcome.known
        }
    }

    public mutating func append(_ other: AuditReport) {
        controlCount += other.controlCount
        for file in other.files where !files.contains(file) { files.append(file) }
        if rules.isEmpty { rules = other.rules; return }
        for (index, outcome) in other.rules.enumerated() where index < rules.count && rules[index].rule.id == outcome.rule.id {
            rules[index].violations += outcome.violations
            rules[index].passes += outcome.passes
            rules[index].incomplete += outcome.incomplete
            rules[index].suppressed += outcome.suppressed
            rules[index].known += outcome.known
        }
        fixed = (fixed + other.fixed).sorted()
        baselineApplied = baselineApplied || other.baselineApplied
    }

    /// Reports of consecutive runs joined in order, as `append` joins them, with each rule's
    /// lists given their whole size at once: appended run by run they doubled as they grew,
    /// megabytes of room to spare at the peak of a long audit. Nil for no reports.
    public static func joined(_ reports: [AuditReport]) -> AuditReport? {
        guard var whole = reports.first else { return nil }
        for index in whole.rules.indices {
            let same = reports.compactMap { index < $0.rules.count && $0.rules[index].rule.id == whole.rules[index].rule.id ? $0.rules[index] : nil }
            whole.rules[index].violations.reserveCapacity(same.reduce(0) { $0 + $1.violations.count })
            whole.rules[index].passes.reserveCapacity(same.reduce(0) { $0 + $1.passes.count })
            whole.rules[index].incomplete.reserveCapacity(same.reduce(0) { $0 + $1.incomplete.count })
        }
        for report in reports.dropFirst() { whole.append(report) }
        return whole
    }

    /// Violations over every rule.
    public var violationCount: Int { rules.reduce(0) { $0 + $1.violations.count } }
    /// Passes over every rule.
    public var passCount: Int { rules.reduce(0) { $0 + $1.passes.count } }
    /// Incomplete results over every rule.
    public var incompleteCount: Int { rules.reduce(0) { $0 + $1.incomplete.count } }
    /// Known findings (in the baseline) over every rule.
    public var knownCount: Int { rules.reduce(0) { $0 + $1.known.count } }
    /// Suppressed findings over every rule.
    public var suppressedCount: Int { rules.reduce(0) { $0 + $1.suppressed.count } }
    /// Rules that applied to no control.
    public var inapplicableRules: [RuleInfo] { rules.filter(\.isInapplicable).map(\.rule) }

    /// Violations at or above `threshold`: each fails the audit. Those below are reported only.
    public func failingCount(at threshold: Impact) -> Int {
        rules.filter { $0.rule.impact >= threshold }.reduce(0) { $0 + $1.violations.count }
    }

    /// Whether any unsuppressed violation is at or above `threshold`: the audit then fails.
    public func fails(at threshold: Impact) -> Bool { failingCount(at: threshold) > 0 }
}
