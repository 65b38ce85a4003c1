import SaylineText
import SaylineScene
import SaylineControls

/// Findings a team has accepted for now, so an audit can be turned on before they are fixed:
/// those are reported as known and do not fail; new ones do; entries no longer found are
/// reported as fixed, so the baseline can be tightened.
///
/// An entry is keyed by what stays put as scenes are edited and wherever the audit runs: the
/// scene file's path from the repository's root (FileName.key of its exact bytes), the
/// control's id and the rule's id. Never a line or a column: a control moved down a file is
/// the same finding; never the path as typed: `./a.json`, an absolute path or a run from
/// another folder name the same file. Written as JSON Lines, one entry a line, sorted, so a
/// change to it reads well in review.
public struct AuditBaseline: Sendable, Equatable {
    /// One accepted finding.
    public struct Entry: Sendable, Hashable, Comparable {
        /// The scene file's key (its path from the root, FileName.key); empty for the demo scene.
        public let file: String
        /// The control's id.
        public let control: String
        /// The rule's id.
        public let rule: String

        /// An accepted finding.
        public init(file: String, control: String, rule: String) {
            self.file = file
            self.control = control
            self.rule = rule
        }

        /// The file is compared by its bytes, never as Swift compares strings (by canonical
        /// equivalence): "café" composed and decomposed are two names, two files.
        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.file.utf8.elementsEqual(rhs.file.utf8) && lhs.control == rhs.control && lhs.rule == rhs.rule
        }

        public func hash(into hasher: inout Hasher) {
            for byte in file.utf8 { hasher.combine(byte) }
            hasher.combine(control)
            hasher.combine(rule)
        }

        /// By file (its bytes), then control, then rule: the order the file is written in.
        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            if !lhs.file.utf8.elementsEqual(rhs.file.utf8) { return lhs.file.utf8.lexicographicallyPrecedes(rhs.file.utf8) }
            return (lhs.control, lhs.rule) < (rhs.control, rhs.rule)
        }
    }

    /// A line of a baseline file that is not an entry.
    public struct Problem: Error, Sendable, Equatable {
        /// The line, from 1.
        public let line: Int
        /// What is wrong with it.
        public let message: String
    }

    /// The entries, each once.
    public let entries: Set<Entry>

    /// A baseline of these entries.
    public init(_ entries: some Sequence<Entry>) {
        self.entries = Set(entries)
    }

    /// Every violation of `report`, known ones included: what `--update-baseline` writes.
    /// - Parameter fileKeys: each scene's key by the name the report shows; a name with none
    ///   is its own key.
    public init(accepting report: AuditReport, fileKeys: [String: String] = [:]) {
        self.init(report.rules.flatMap { outcome in
            (outcome.violations + outcome.known).map { Entry(file: fileKeys[$0.file] ?? $0.file, control: $0.shownControl, rule: outcome.rule.id) }
        })
    }

    /// Reads a baseline file: blank lines skipped, every other line one JSON object with the
    /// strings `file`, `control` and `rule`, each once (a key given twice is refused: readers
    /// disagree on which one counts, jq and Python taking the last). LF or CRLF line ends and a
    /// byte-order mark are read alike. The first bad line is the problem.
    public static func parse(_ text: String) -> Result<AuditBaseline, Problem> {
        var entries: [Entry] = []
        for (index, line) in LineText.lines(of: text).enumerated() {
            let number = index + 1
            guard !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
            guard case .success(let node) = JSONParser.parse(Array(line.utf8)), case .object(let members) = node.value else {
                // Translators: a line of an audit's baseline file that is not an entry. Keep the
                // JSON as it is: file, control and rule are its keys.
                return .failure(Problem(line: number, message: translated("not an entry: each line is {\"file\": …, \"control\": …, \"rule\": …}")))
            }
            var keys = Set<String>()
            if let twice = members.first(where: { !keys.insert($0.key).inserted }) {
                // Translators: %s is a JSON key, in quotes, given twice on a line of a baseline file.
                return .failure(Problem(line: number, message: translated("%s appears twice: give each key once", JSONWriter.line(.string(twice.key)))))
            }
            func string(_ key: String) -> String? {
                guard let member = members.first(where: { $0.key == key }), case .string(let text) = member.node.value else { return nil }
                return text
            }
            guard let file = string("file"), let control = string("control"), let rule = string("rule") else {
                // Translators: file, control and rule are JSON keys: keep them as they are.
                return .failure(Problem(line: number, message: translated("an entry needs the strings file, control and rule")))
            }
            // What a report prints of an entry is what a scene could hold: a committed baseline
            // cannot write escape sequences to the terminal of the person reading the report.
            guard Self.isControlKey(control) else {
                // Translators: control is a JSON key: keep it as it is.
                return .failure(Problem(line: number, message: translated("control must be a control's id (one word of visible characters) or a running application's control's path")))
            }
            guard AuditRules.all.contains(where: { $0.id == rule }) else {
                // Translators: %1$s is what was given as a rule's id, %2$s lists the rules' ids.
                return .failure(Problem(line: number, message: translated("no rule %1$s; the rules are %2$s", TextSanitiser.echo(rule), AuditRules.all.map(\.id).joined(separator: ", "))))
            }
            entries.append(Entry(file: file, control: control, rule: rule))
        }
        return .success(AuditBaseline(entries))
    }

    /// A control as reports key it (`AuditReport.Node.shownControl`): its id, or its id and the
    /// language it was heard in, "weight in de". Nothing else: a committed baseline's entries are
    /// printed as they are, so none can carry an escape sequence or a line break.
    static func isControlKey(_ key: String) -> Bool {
        if SceneDecoder.isControlID(key) { return true }
        // A running application's control: its path, clean text with the path's separators.
        if key.contains(AccessiblePath.separator) { return key.utf8.count <= 16_384 && TextSanitiser.clean(key) == key }
        guard let space = key.firstRange(of: " in ") else { return false }
        let code = key[space.upperBound...]
        return SceneDecoder.isControlID(String(key[..<space.lowerBound])) && (1...12).contains(code.count)
            && code.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "_") }
    }

    /// The file's text: one entry a line, sorted, keys in the same order every time.
    public var text: String {
        entries.sorted().map { entry in
            JSONWriter.line(.object([JSONMember("file", .string(entry.file)), JSONMember("control", .string(entry.control)),
                                     JSONMember("rule", .string(entry.rule))])) + "\n"
        }.joined()
    }
}

extension AuditReport {
    /// The report with `baseline` applied: each violation it holds moves to `known` (reported,
    /// never failing); what it holds that was not found is `fixed`.
    /// - Parameters:
    ///   - wholeFiles: every control of each file was audited (not a shard of a scene's
    ///     controls), so an entry whose control is gone from its file is fixed too.
    ///   - fileKeys: each scene's baseline key by the name the report shows; a name with
    ///     none is its own key. Fixed entries are reported by the shown name.
    public func applying(_ baseline: AuditBaseline, wholeFiles: Bool = true, fileKeys: [String: String] = [:]) -> AuditReport {
        var result = self
        var seen = Set<AuditBaseline.Entry>()
        func key(_ file: String) -> String { fileKeys[file] ?? file }
        for index in result.rules.indices {
            let rule = result.rules[index].rule.id
            var stillNew: [Node] = []
            for node in result.rules[index].violations {
                let entry = AuditBaseline.Entry(file: key(node.file), control: node.shownControl, rule: rule)
                if baseline.entries.contains(entry) {
                    result.rules[index].known.append(node)
                    seen.insert(entry)
                } else {
                    stillNew.append(node)
                }
            }
            result.rules[index].violations = stillNew
        }
        result.baselineApplied = true
        // Only what this audit could have found: entries of scenes (and, in a shard, controls)
        // it did not look at are neither known nor fixed.
        // The shown name of each key audited, for the entries found fixed.
        let audited = Dictionary(files.map { (AuditBaseline.Entry(file: key($0), control: "", rule: ""), $0) }, uniquingKeysWith: { first, _ in first })
        func shown(_ entry: AuditBaseline.Entry) -> String? { audited[AuditBaseline.Entry(file: entry.file, control: "", rule: "")] }
        let controls = Set(rules.flatMap { outcome in
            (outcome.violations + outcome.passes + outcome.incomplete + outcome.suppressed.map(\.node)).map { AuditBaseline.Entry(file: key($0.file), control: $0.shownControl, rule: "") }
        })
        let rulesRun = Set(rules.map(\.rule.id))
        result.fixed = baseline.entries.subtracting(seen).filter { entry in
            shown(entry) != nil && rulesRun.contains(entry.rule)
                && (wholeFiles || controls.contains(AuditBaseline.Entry(file: entry.file, control: entry.control, rule: "")))
        }.map { AuditBaseline.Entry(file: shown($0) ?? $0.file, control: $0.control, rule: $0.rule) }.sorted()
        return result
    }
}
