import SaylineText
import SaylineAudit
import SaylineSystem

/// An audit's baseline file (`--baseline`): read, written anew with every violation found
/// (`--update-baseline`), and applied to the report, each scene known by its path from the
/// root of the repository the baseline is in.
enum AuditBaselineFile {
    /// A baseline is one short line a known finding: 64 MiB holds a few hundred thousand.
    static let sizeLimit = 64 << 20

    /// `report` with the baseline's findings known, the file written first when it is being
    /// updated; the exit status when the baseline cannot be read or written (said on stderr).
    /// - Parameters:
    ///   - wholeFiles: whether every control of each scene was audited (no shard of controls):
    ///     only then is a finding the baseline holds and the report lacks fixed.
    ///   - inputs: what the audit read, never written over.
    static func apply(_ baseline: AuditPlan.Baseline, to report: inout AuditReport, scenes: [AuditedScene],
                      wholeFiles: Bool, inputs: [String]) -> ExitStatus? {
        let path = baseline.path
        var known: AuditBaseline
        switch read(path, missingIsEmpty: baseline == .update(path)) {
        case .failure(let problem):
            Diagnostics.write(problem.message)
            return .malformed
        case .success(let read): known = read
        }
        let fileKeys = keys(scenes, baseline: path)
        if case .update = baseline {
            known = AuditBaseline(accepting: report, fileKeys: fileKeys)
            if case .failure(let failure) = FileDoor.write(known.text, to: path, as: .keptFile(newFileMode: nil), inputs: inputs) {
                Diagnostics.write("\(FileAccess.shown(path)): \(failure.message)\n")
                return .ioError
            }
        }
        report = report.applying(known, wholeFiles: wholeFiles, fileKeys: fileKeys)
        return nil
    }

    /// Why a baseline cannot be used, as said on stderr.
    struct Problem: Error {
        let message: String
    }

    /// The baseline at `path`; an empty one when it is missing and `missingIsEmpty` (it is
    /// about to be written).
    static func read(_ path: String, missingIsEmpty: Bool) -> Result<AuditBaseline, Problem> {
        switch FileAccess.read(path, limit: sizeLimit) {
        case .success(let bytes):
            switch AuditBaseline.parse(String(decoding: bytes, as: UTF8.self)) {
            case .failure(let problem): return .failure(Problem(message: "\(FileAccess.shown(path)):\(problem.line): \(problem.message)\n"))
            case .success(let read): return .success(read)
            }
        case .failure(.missing) where missingIsEmpty: return .success(AuditBaseline([]))
        case .failure(let failure): return .failure(Problem(message: "\(FileAccess.shown(path)): \(failure.message)\n"))
        }
    }

    /// Each scene's baseline key by the name the report shows: its path from the root of the
    /// repository the baseline is in (the baseline's own folder outside one), as exact bytes
    /// (FileName.key). So `./a.json`, an absolute path and a run from another folder key the
    /// same file alike, and names that look alike stay apart.
    static func keys(_ scenes: [AuditedScene], baseline: String) -> [String: String] {
        guard let folder = ProjectFolder.realFolder(of: Array(baseline.utf8)) else { return [:] }
        let root = ProjectFolder.repositoryRoot(of: folder) ?? folder
        var keys: [String: String] = [:]
        for (scene, absolute) in zip(scenes, ProjectFolder.absolute(scenes.map(\.path))) where !scene.name.isEmpty {
            keys[scene.name] = FileName.key(absolute.map { FileName.relative($0, from: root) } ?? scene.path)
        }
        return keys
    }
}
