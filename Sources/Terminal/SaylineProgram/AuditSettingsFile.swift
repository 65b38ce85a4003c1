import Glibc
import SaylineText
import SaylineSession
import SaylineAudit
import SaylineSystem
import SaylineCommandLine

/// A repository's audit settings: `.sayline-audit`, kept beside its scenes and found the way
/// EditorConfig and ESLint find theirs, from each scene's own folder upwards: up to the
/// repository's root (a folder with `.git`); outside a repository, up to the home folder when
/// the scene is in it, and otherwise in the scene's folder alone (above it, in /tmp or a shared
/// folder, anyone could have put one). Lines are `RULE = SETTING` (`off`, or an impact), `#`
/// comments and blank lines, as in the preferences file. A file that someone other than this
/// user (or root) could have written is refused (SettingsTrust).
enum AuditSettingsFile {
    static let name = ".sayline-audit"

    /// The settings file for scenes in `folder` (absolute, resolved), or nil.
    static func find(forFolder folder: [UInt8], home: [UInt8]?) -> [UInt8]? {
        let slash = UInt8(ascii: "/")
        let stop = ProjectFolder.repositoryRoot(of: folder) ?? home.flatMap { FileName.isInside(folder, $0) ? $0 : nil } ?? folder
        var current = folder
        while true {
            let candidate = (current == [slash] ? [] : current) + [slash] + Array(name.utf8)
            var info = stat()
            if stat(ProjectFolder.cString(candidate), &info) == 0 { return candidate }
            guard current != stop, let parent = ProjectFolder.parent(of: current) else { return nil }
            current = parent
        }
    }

    /// A settings file past 64 KiB is refused: a project's rule settings take a few hundred bytes.
    static let sizeLimit = 1 << 16

    /// The file's settings (as it was read) into `options`, each with its FILE:LINE as its
    /// source; the first bad line is the problem, and then nothing is applied.
    static func read(_ bytes: Result<[UInt8], FileAccess.Failure>, into options: inout AuditOptions, shownAs shown: String) -> String? {
        let text: String
        switch bytes {
        case .failure(let failure): return "\(shown): \(failure.message)"
        case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
        }
        var read = options
        for line in PreferencesFile.parse(text) {
            switch line {
            case .malformed(let number):
                // Translators: a line of a .sayline-audit file that is not a setting: keep
                // RULE = SETTING as it is.
                return "\(shown):\(number): " + translated("not a RULE = SETTING line")
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
            // Translators: %1$s is what was given as a rule's id, %2$s the rule's id it is nearest to.
            if let near = CommandTable.suggestion(for: rule, among: ids) { return translated("no rule %1$s; did you mean %2$s?", TextSanitiser.echo(rule), near) }
            return translated("no rule %1$s; the rules are %2$s", TextSanitiser.echo(rule), ids.joined(separator: ", "))
        }
        // Translators: %1$s is a rule's id, %2$s the settings it takes as they are typed ("off,
        // minor, moderate, serious, critical"), %3$s what was given.
        guard let setting = RuleSetting(word) else { return translated("%1$s takes %2$s, not %3$s", rule, RuleSetting.choices, TextSanitiser.echo(word)) }
        options.ruleSettings[rule] = setting
        options.ruleSettingSources[rule] = source
        return nil
    }
}
