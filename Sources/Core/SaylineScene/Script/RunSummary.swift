import SaylineText

/// The closing line of `sayline run`, as a test runner ends: what was checked and how it went.
public enum RunSummary {
    /// "all 12 expectations met, 40 commands run"; "11 of 12 expectations met, 1 failed,
    /// stopped at the first failure"; "no expectations, 40 commands run".
    /// In the run's language: each count in its plural form, each number as it is said.
    /// - Parameters:
    ///   - expectations: the expectations reached.
    ///   - failures: the expectations that failed.
    ///   - stoppedEarly: the run ended at its first failure (no `--keep-going`).
    ///   - transcriptDiffers: `--check-transcript` found what was heard otherwise.
    public static func line(expectations: Int, failures: Int, commands: Int, stoppedEarly: Bool, transcriptDiffers: Bool = false) -> String {
        // Translators: the end of run's closing line: "all 12 expectations met, 40 commands run".
        let ran = translatedCount("%s command run", "%s commands run", count: commands, NumberText.spoken(commands))
        var line: String
        if failures == 0 {
            if expectations == 0 {
                // Translators: %s is "40 commands run".
                line = translated("no expectations, %s", ran)
            } else {
                // Translators: the second %s is "40 commands run".
                line = translatedCount("all %s expectation met, %s", "all %s expectations met, %s", count: expectations, NumberText.spoken(expectations), ran)
            }
        } else {
            let met = max(expectations - failures, 0)
            // Translators: expectations met, expectations reached, expectations failed, then "40 commands run"; the form follows the expectations reached.
            line = translatedCount("%s of %s expectation met, %s failed, %s", "%s of %s expectations met, %s failed, %s", count: expectations,
                                   NumberText.spoken(met), NumberText.spoken(expectations), NumberText.spoken(failures), ran)
        }
        // Translators: %s is the closing line so far ("no expectations, 3 commands run").
        if transcriptDiffers { line = translated("%s, the transcript differs", line) }
        // Translators: %s is the closing line so far; --keep-going is the option as typed.
        if failures > 0, stoppedEarly { line = translated("%s, stopped at the first failure (--keep-going runs on)", line) }
        return line
    }
}
