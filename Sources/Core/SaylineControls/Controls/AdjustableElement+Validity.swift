import SaylineText

/// A setting a control cannot use as written: the field it comes from and what is wrong.
public struct SettingProblem: Sendable, Equatable {
    /// The setting, in the control's words: "maximum", "step", "digits".
    public let field: String
    /// What is wrong with it: "1e400 is not a finite number".
    public let problem: String
}

extension AdjustableElement {
    /// Why the control cannot be used as written: each setting that had to be repaired, and a
    /// scale with a single value (a step larger than the range, or a maximum at the minimum).
    /// The audit reports these as findings (range-valid, settings-valid); `sayline pick` and
    /// `sayline scene --check` refuse a control that has any, rather than reshape it silently.
    /// A scale cut off at its tick cap is left out: the audit's reachability rule judges it.
    public var settingProblems: [SettingProblem] {
        var problems = repairs.filter { $0.field != "tickCount" }.map { SettingProblem(field: $0.field, problem: $0.problem) }
        let rangeRepaired = problems.contains { $0.field == "minimum" || $0.field == "maximum" || $0.field == "step" }
        if scale.tickCount < 2, !rangeRepaired {
            let requested = scale.requestedUpperBound
            problems.append(requested <= minimum
                ? SettingProblem(field: "maximum", problem: translated("%s is the minimum too: there is nothing to adjust", NumberText.plain(requested)))
                : SettingProblem(field: "step", problem: translated("%s is more than the range from %s to %s: there is nothing to adjust",
                                                                    NumberText.plain(scale.step), NumberText.plain(minimum), NumberText.plain(requested))))
        }
        return problems
    }
}
