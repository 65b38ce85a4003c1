import SaylineText
import SaylineAudit
import SaylineSystem
import SaylineCommandLine

extension AuditPlan {
    /// The rule settings of the `.sayline-audit` every scene of `files` shares, into `options`
    /// (and the file, into `settingsFile`), or why they cannot be taken: scenes with different
    /// settings files, or one that someone else could have written or that does not read.
    mutating func takeSettings(for files: [SceneFileName], home: [UInt8]?, _ surroundings: AuditSurroundings) -> AuditRefusal? {
        let path: String
        switch Self.settingsFile(for: files, home: home, surroundings) {
        case .failure(let problem): return .usage(problem)
        case .success(nil): return nil
        case .success(let found?): path = found
        }
        let shown = FileAccess.shown(path)
        settingsFile = path
        if let why = surroundings.settingsDoubt(path) {
            // Translators: %1$s is a .sayline-audit file, %2$s why someone else could have
            // written it (it may be the system's English words); keep chmod go-w and chown as typed.
            return .unusableSettings(translated("%1$s: not used, because %2$s: rule settings are taken only from a file nobody else can change (chmod go-w it, or chown it to you)", shown, why))
        }
        if let problem = AuditSettingsFile.read(surroundings.settingsBytes(path), into: &options, shownAs: shown) {
            return .unusableSettings(problem)
        }
        return nil
    }

    /// The `.sayline-audit` that applies to every scene of `files` (AuditSettingsFile.find from
    /// each scene's folder; from the current folder for the demo), as a path; nil when none
    /// does. Scenes whose settings differ cannot make one report (a rule off for some and not
    /// for others): that is a usage error naming two of them.
    static func settingsFile(for files: [SceneFileName], home: [UInt8]?, _ surroundings: AuditSurroundings) -> Result<String?, UsageError> {
        var byFolder: [[UInt8]: [UInt8]?] = [:]
        var first: (scene: String, settings: [UInt8]?)?
        for (index, folder) in surroundings.sceneFolders(files).enumerated() {
            // A scene whose folder cannot be resolved is missing: loading it says so.
            guard let folder else { continue }
            let found: [UInt8]?
            if let known = byFolder[folder] { found = known } else {
                found = surroundings.settingsFile(folder, home)
                byFolder[folder] = found
            }
            let scene = files.indices.contains(index) ? FileAccess.shown(files[index].shown) : translated("the demo scene")
            guard let earlier = first else { first = (scene, found); continue }
            if earlier.settings != found {
                // Translators: said in place of a .sayline-audit file, for scenes that have none.
                func words(_ settings: [UInt8]?) -> String { settings.map { FileAccess.shown(String(decoding: $0, as: UTF8.self)) } ?? translatedIn("no settings file", "none") }
                // Translators: %1$s and %2$s are two scenes, %3$s and %4$s the .sayline-audit files
                // each takes its rule settings from (or "none").
                return .failure(UsageError(translated("%1$s and %2$s take their rule settings from different .sayline-audit files (%3$s and %4$s): one report holds one set of settings, so audit them in separate runs",
                                                      earlier.scene, scene, words(earlier.settings), words(found))))
            }
        }
        return .success(first?.settings.map { String(decoding: $0, as: UTF8.self) })
    }
}
