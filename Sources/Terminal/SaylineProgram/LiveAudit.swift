import Glibc
import SaylineText
import SaylineControls
import SaylineAudit
import SaylineSystem
import SaylineAccessibilityBus

/// `sayline audit --app NAME`: a keyboard user's walk over each control of a running
/// application (unless `--no-keys`), judged by the rules that apply, reported, compared with a
/// baseline and split into shards as a scene's audit is.
struct LiveAudit {
    let plan: AuditPlan

    func run(_ wanted: String) -> ExitStatus {
        let live: LiveControls
        do {
            live = try LiveControls.open(wanted, environment: plan.environment, noticed: LiveSource.notice)
        } catch {
            Diagnostics.write("sayline audit: " + error.message + "\n")
            return .malformed
        }
        let range = plan.shard.map { $0.controlRanges([live.sliders.count])[0] } ?? live.sliders.indices
        let originals = live.sliders
        // Ctrl-C or a job's time limit ends the walk, never before the values are put back.
        Signals.installForLines()
        var observations: [LiveObservation] = []
        for index in range where Signals.terminated == 0 {
            observations.append(plan.readOnly ? LiveObservation(slider: live.sliders[index], focus: .notTried, presses: []) : live.observe(index))
        }
        // Every value the walk moved is put back, the walked control's and any other a key reached.
        for slider in plan.readOnly ? [] : live.putBackAll(to: originals) {
            // Translators: %1$s is a control's path in its application, %2$s the value it had.
            Diagnostics.write("sayline audit: " + translated("the value of %1$s could not be put back to %2$s", slider.path.text,
                                                             NumberText.spoken(slider.current ?? 0, places: slider.places)) + "\n")
        }
        if Signals.terminated != 0 {
            // Ended as the signal would have ended it, now that nothing is left changed.
            signal(Signals.terminated, SIG_DFL)
            raise(Signals.terminated)
        }
        var report = LiveAuditor(options: plan.options).audit(observations, application: live.application.name, keysPressed: !plan.readOnly,
                                                                clock: monotonicNanoseconds)
        if let baseline = plan.baseline,
           let failed = AuditBaselineFile.apply(baseline, to: &report, scenes: [], wholeFiles: plan.shard == nil, inputs: plan.inputs) {
            return failed
        }
        if let failed = AuditReportOutput.write(report, scenes: [], plan: plan) { return failed }
        return plan.status(of: report)
    }
}
