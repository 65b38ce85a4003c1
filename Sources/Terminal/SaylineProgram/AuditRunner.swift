import SaylineText
import SaylineScene
import SaylineAudit
import SaylineSystem
import SaylineCommandLine

/// Carries out an `AuditPlan`: checks where it will write, loads the scenes, audits them (in
/// each language too), applies the baseline, writes the report, and says how the audit ended.
/// Every problem is said on standard error as it is met, and ends the audit with its status.
struct AuditRunner {
    let plan: AuditPlan

    /// The audit, start to end: its exit status.
    func run() -> ExitStatus {
        if let refused = refusedOutput() { return refused }
        if case .application(let wanted) = plan.scenes { return LiveAudit(plan: plan).run(wanted) }
        let scenes: [AuditedScene]
        switch AuditSceneFiles.load(plan.scenes, threads: plan.threads, shard: plan.shard) {
        case .failure(let failure):
            _ = failure.report()
            return .malformed
        case .success(let loaded): scenes = loaded
        }
        // Fewer scenes than parts: the controls are what is split.
        let ranges = plan.splitsControls ? plan.shard?.controlRanges(scenes.map(\.scene.elements.count)) : nil
        var report = audit(scenes, ranges: ranges)
        if let shard = plan.shard, ranges?.allSatisfy(\.isEmpty) == true {
            // Translators: %1$s and %2$s are the part K of N given with --shard.
            Diagnostics.write("sayline audit: " + translated("part %1$s of %2$s holds no controls: nothing was audited", String(shard.index), String(shard.count)) + "\n")
        }
        if let baseline = plan.baseline,
           let failed = AuditBaselineFile.apply(baseline, to: &report, scenes: scenes, wholeFiles: ranges == nil, inputs: plan.inputs) {
            return failed
        }
        if let failed = AuditReportOutput.write(report, scenes: scenes, plan: plan) { return failed }
        return plan.status(of: report)
    }

    /// What the audit reads is never written over: the scenes, the settings, and (by the
    /// report) the baseline. Both outputs are checked before either is written: the status
    /// when one is refused (said on stderr), nil when both may be written.
    private func refusedOutput() -> ExitStatus? {
        var outputs: [(path: String, kind: FileDoor.Kind, inputs: [String])] = []
        // A baseline is read back next time: always a file. A report may go to a stream.
        if case .update(let path) = plan.baseline { outputs.append((path, .keptFile(newFileMode: nil), plan.inputs)) }
        if case .file(let path) = plan.destination { outputs.append((path, .kept(newFileMode: nil), plan.reportInputs)) }
        for (path, kind, inputs) in outputs {
            if case .failure(let failure) = FileDoor.check(path, as: kind, inputs: inputs) {
                Diagnostics.write("\(FileAccess.shown(path)): \(failure.message)\n")
                return .ioError
            }
        }
        return nil
    }

    /// The scenes audited in their own words, then heard in each language (as asked, or as
    /// they claim): the rules about words run again in it, and every finding names it.
    private func audit(_ scenes: [AuditedScene], ranges: [Range<Int>]?) -> AuditReport {
        var report = ParallelAudit.audit(scenes, ranges: ranges, auditor: Auditor(options: plan.options), threads: plan.threads)
        let folders = LanguageChoice.catalogFolders()
        let catalogs = LanguageChoice.available(in: folders)
        let keys = plan.languages.keys(scenes, options: plan.options, catalogs: catalogs)
        for book in AuditLanguages.phrasebooks(keys, catalogs: catalogs, folders: folders) {
            var heard = plan.options
            heard.language = book
            heard.everyScene = plan.languages.everyScene
            report.adding(language: ParallelAudit.audit(scenes, ranges: ranges, auditor: Auditor(options: heard), threads: plan.threads))
        }
        return report
    }
}
