/// The closing line of `sayline run`, as a test runner ends: what was checked and how it went.
public enum RunSummary {
    /// "all 12 expectations met, 40 commands run"; "11 of 12 expectations met, 1 failed,
    /// stopped at the first failure"; "no expectations, 40 commands run".
    /// - Parameters:
    ///   - expectations: the expectations reached.
    ///   - failures: the expectations that failed.
    ///   - stoppedEarly: the run ended at its first failure (no `--keep-going`).
    ///   - transcriptDiffers: `--check-transcript` found what was heard otherwise.
    public static func line(expectations: Int, failures: Int, commands: Int, stoppedEarly: Bool, transcriptDiffers: Bool = false) -> String {
        let ran = "\(commands) \(commands == 1 ? "command" : "commands") run"
        let transcript = transcriptDiffers ? ", the transcript differs" : ""
        if failures == 0 {
            if expectations == 0 { return "no expectations, \(ran)\(transcript)" }
            return "all \(expectations) \(expectations == 1 ? "expectation" : "expectations") met, \(ran)\(transcript)"
        }
        let met = max(expectations - failures, 0)
        let stopped = stoppedEarly ? ", stopped at the first failure (--keep-going runs on)" : ""
        return "\(met) of \(expectations) \(expectations == 1 ? "expectation" : "expectations") met, \(failures) failed, \(ran)\(transcript)\(stopped)"
    }
}
