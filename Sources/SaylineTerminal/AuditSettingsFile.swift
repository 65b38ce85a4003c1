import Glibc
import SaylineCore
import SaylineSystem
import SaylineCommandLine

/// A repository's audit settings: `.sayline-audit`, kept beside its scenes and found the way
/// linters find theirs, in the folder the audit runs in or the nearest one above it, stopping
/// at the repository's root (a folder with `.git`). Lines are `RULE = SETTING` (`off`, or an
/// impact), `#` comments and blank lines, as in the preferences file.
enum AuditSettingsFile {
    static let name = ".sayline-audit"

    /// The settings file that applies in `folder`, or nil.
    static func find(from folder: String) -> String? {
        var current = folder.isEmpty ? "/" : folder
        while true {
            let base = current == "/" ? "" : current
            var info = stat()
            if stat(base + "/" + name, &info) == 0 { return base + "/" + name }
            // The repository's root is as far as a project's settings reach.
            if current == "/" || stat(base + "/.git", &info) == 0 { return nil }
            let parent = current[..<(current.lastIndex(of: "/") ?? current.startIndex)]
            current = parent.isEmpty ? "/" : String(parent)
        }
    }

    /// The file's settings into `options`, each with its FILE:LINE as its source; the first
    /// bad line is the problem, and then nothing is applied.
    static func read(_ path: String, into options: inout AuditOptions, shownAs shown: String) -> String? {
        let text: String
        switch FileAccess.read(path, limit: 1 << 16) {
        case .failure(let failure): return "\(shown): \(failure.message)"
        case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
        }
        var read = options
        for line in PreferencesFile.parse(text) {
            switch line {
            case .malformed(let number):
                return "\(shown):\(number): not a RULE = SETTING line"
            case .setting(let key, let value, let number):
                if let problem = apply(rule: key, setting: value, source: "\(shown):\(number)", to: &read) { return "\(shown):\(number): \(problem)" }
            }
        }
        options = read
        return nil
    }

    /// One rule's setting, or why it cannot be: an unknown rule or setting.
    static func apply(rule: String, setting word: String, source: String, to options: inout AuditOptions) -> String? {
        let ids = AuditRules.all.map(\.id)
        guard ids.contains(rule) else {
            return "no rule \(TextSanitiser.echo(rule))" + (CommandTable.suggestion(for: rule, among: ids).map { "; did you mean \($0)?" } ?? "; the rules are \(ids.joined(separator: ", "))")
        }
        guard let setting = RuleSetting(word) else { return "\(rule) takes \(RuleSetting.choices), not \(TextSanitiser.echo(word))" }
        options.ruleSettings[rule] = setting
        options.ruleSettingSources[rule] = source
        return nil
    }
}
