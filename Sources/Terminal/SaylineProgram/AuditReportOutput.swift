import Glibc
import SaylineText
import SaylineAudit
import SaylineSystem
import SaylineCommandLine

/// An audit's report made in the plan's format and written where the plan says: to a file
/// whole, through FileDoor, or to standard output as it is made. The long formats (JSON,
/// JUnit) are written a piece at a time, never held whole.
enum AuditReportOutput {
    /// How the report leaves the process.
    enum Delivery: Equatable {
        /// Through FileDoor to the file `--output` names (`-`: standard output).
        case file(String)
        /// To standard output on a thread of its own, while the next pieces are made: a JSON
        /// or JUnit report runs to tens of megabytes.
        case standardOutputOnAThread
        /// To standard output, buffered.
        case standardOutput
    }

    /// How the plan's report is delivered: its destination, and for standard output, its format.
    static func delivery(_ plan: AuditPlan) -> Delivery {
        switch plan.destination {
        case .file(let path): .file(path)
        case .standardOutput: plan.format == .json || plan.format == .junit ? .standardOutputOnAThread : .standardOutput
        }
    }

    /// Writes `report` of `scenes`; the exit status when it could not be written (said on
    /// stderr), nil when it was.
    static func write(_ report: AuditReport, scenes: [AuditedScene], plan: AuditPlan) -> ExitStatus? {
        // The report is in the language the program speaks: --report-language's, else
        // --language's first, the preferences file's or the environment's (LanguageChoice).
        var settings = ReportSettings(version: Options.versionNumber, timestamp: timestamp(), failOn: plan.threshold, options: plan.options,
                                      language: Phrasebook.current)
        if plan.format == .sarif { (settings.sourceRoot, settings.locations) = sarifLocations(scenes) }
        let produce = pieces(of: report, settings, format: plan.format, threads: plan.threads)
        switch delivery(plan) {
        case .file(let path):
            if case .failure(let failure) = FileDoor.write(to: path, inputs: plan.reportInputs, producing: produce) {
                Diagnostics.write("\(FileAccess.shown(path)): \(failure.message)\n")
                return .ioError
            }
            return nil
        case .standardOutputOnAThread:
            let writer = OutputThread<ArraySlice<UInt8>>.report()
            produce { writer.send($0) }
            var output = writer.finish()
            return output.finish("sayline audit")
        case .standardOutput:
            var output = BufferedOutput()
            produce { output.write(bytes: $0) }
            return output.finish("sayline audit")
        }
    }

    /// The report in `format`, handed to a sink a piece at a time: the long formats as they
    /// are made (their pieces rendered on `threads` threads), the others whole.
    private static func pieces(of report: AuditReport, _ settings: ReportSettings, format: AuditCommand.Format,
                               threads: Int) -> ((ArraySlice<UInt8>) -> Void) -> Void {
        switch format {
        case .json: return { sink in report.writeAxeJSON(settings, parallel: { count, render in Parallel.map(count, threads: threads, render) }, to: sink) }
        case .junit: return { sink in report.writeJUnit(settings, parallel: { count, render in Parallel.map(count, threads: threads, render) }, to: sink) }
        case .text, .sarif, .html:
            let text = format == .text ? report.text(settings) : format == .sarif ? report.sarif(settings) : report.html(settings)
            return { sink in sink(Array(text.utf8)[...]) }
        }
    }

    /// SARIF's root (the repository the current folder is in, or the current folder) as a
    /// `file://` URI, and each scene's location from it; a scene outside it gets its absolute URI.
    static func sarifLocations(_ scenes: [AuditedScene]) -> (root: String?, locations: [String: String]) {
        guard let current = ProjectFolder.current() else { return (nil, [:]) }
        let root = ProjectFolder.repositoryRoot(of: current) ?? current
        let slash = UInt8(ascii: "/")
        var locations: [String: String] = [:]
        for (scene, absolute) in zip(scenes, ProjectFolder.absolute(scenes.map(\.path))) where !scene.name.isEmpty {
            guard let absolute else { continue }
            locations[scene.name] = FileName.isInside(absolute, root)
                ? FileName.uriReference(FileName.relative(absolute, from: root))
                : "file://" + FileName.uriReference(absolute)
        }
        return ("file://" + FileName.uriReference(root.last == slash ? root : root + [slash]), locations)
    }

    /// Now, in UTC, as ISO 8601: "2026-11-30T15:04:05Z".
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard gmtime_r(&now, &parts) != nil else { return "" }
        func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
