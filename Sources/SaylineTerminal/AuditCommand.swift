import Glibc
import SaylineCore
import SaylineSystem
import SaylineLineEditor
import SaylineCommandLine
import SaylineOutputs
import SaylineInteractive

/// `sayline audit`: checks a scene against the audit rules and reports like axe-core.
package enum AuditCommand: Subcommand {
    enum Format: String, CaseIterable {
        case text
        case json
        case junit
        case sarif
    }

    static let failOn = OptionSpec("--fail-on", argument: "IMPACT", completion: .words(Impact.allCases.map(\.rawValue)),
                                   defaultWords: Impact.serious.rawValue, help: "the least impact that fails the audit")
    static let maxChangeWords = OptionSpec("--max-change-words", argument: "N", defaultWords: String(AuditOptions().maximumChangeWords),
                                           help: "words a change announcement may take, 1 to 1000")
    static let maxFocusWords = OptionSpec("--max-focus-words", argument: "N", defaultWords: String(AuditOptions().maximumFocusWords),
                                          help: "words a focus announcement may take, 1 to 1000")

    static let jobs = OptionSpec("--jobs", short: "j", argument: "N", defaultWords: "the cores online",
                                 help: "threads to audit on, 1 to 64")

    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "audit", operands: "[SCENE|FOLDER ...]", operandCompletion: .sceneFiles,
            summary: "check scenes against the accessibility rules",
            description: """
            Checks every control of one or more scenes, statically and by driving it, against the audit
            rules (Docs/audit-rules.md), and reports violations, incomplete checks, passes, inapplicable
            rules and suppressed findings, each with its WCAG 2.2 criteria. Several scenes (files, or
            folders of *.json files) make one report in which each finding names its file, and one exit
            status; they are audited in parallel on the machine's cores. With no scene, the demo scene.
            """,
            options: [SharedOptions.scene,
                      SharedOptions.format(Format.allCases.map(\.rawValue), help: "text for people and screen readers, json as axe-core's results, junit XML for CI, sarif for code scanning"),
                      SharedOptions.output, failOn, maxChangeWords, maxFocusWords, jobs, SharedOptions.help, SharedOptions.version])
    }

    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        let format = try arguments.choice("--format", as: Format.self) ?? .text
        let threshold = try arguments.choice(failOn.name, as: Impact.self) ?? .serious
        var options = AuditOptions()
        if let words = try arguments.wholeNumber(maxChangeWords.name, in: 1...1_000) { options.maximumChangeWords = words }
        if let words = try arguments.wholeNumber(maxFocusWords.name, in: 1...1_000) { options.maximumFocusWords = words }
        let outputPath = arguments.value(SharedOptions.output.name)
        let threads = try arguments.wholeNumber(jobs.name, in: 1...64) ?? Parallel.cores
        var paths = arguments.operands
        if let scene = arguments.value(SharedOptions.scene.name) { paths.insert(scene, at: 0) }
        let scenes: [(name: String, scene: Scene)]
        switch Self.load(paths, threads: threads) {
        case .failure(let failure): return failure.report()
        case .success(let loaded): scenes = loaded
        }
        let report = Self.audit(scenes, auditor: Auditor(options: options), threads: threads)
        let settings = ReportSettings(version: Options.versionNumber, timestamp: Self.timestamp(), failOn: threshold, options: options)
        let text: String
        switch format {
        case .text: text = report.text(settings)
        case .json: text = report.axeJSON(settings)
        case .junit: text = report.junit(settings)
        case .sarif: text = report.sarif(settings)
        }
        if let path = outputPath {
            if case .failure(let failure) = FileAccess.writeReplacing(text, to: path) {
                Diagnostics.write("\(FileAccess.shown(path)): \(failure.message)\n")
                return ExitStatus.ioError.rawValue
            }
        } else {
            var output = BufferedOutput()
            output.write(text)
            if let failed = output.finish("sayline audit") { return failed.rawValue }
        }
        return report.fails(at: threshold) ? ExitStatus.failed.rawValue : ExitStatus.ok.rawValue
    }

    /// Scene files, and the *.json files of folders (sorted), read in parallel; the demo scene
    /// when none is named. Every problem of every file is reported before anything is audited.
    static func load(_ paths: [String], threads: Int) -> Result<[(name: String, scene: Scene)], SceneLoadFailure> {
        guard !paths.isEmpty else { return .success([("", .demo)]) }
        // Each file as it is shown, and as the system spells it: a name in a folder need not be
        // UTF-8, and is opened by its own bytes.
        var files: [(shown: String, system: [CChar])] = []
        for path in paths {
            if let entries = FileAccess.directoryEntries(path) {
                let folder = Array((path.hasSuffix("/") ? path : path + "/").utf8)
                files += entries.filter { $0.count > 5 && $0.suffix(5) == Array(".json".utf8) }.sorted { $0.lexicographicallyPrecedes($1) }.map { name in
                    let whole = folder + name
                    return (String(decoding: whole, as: UTF8.self), whole.map { CChar(bitPattern: $0) } + [0])
                }
            } else {
                files.append((path, Array(path.utf8CString)))
            }
        }
        guard !files.isEmpty else { return .failure(SceneLoadFailure(lines: paths.map { "\(FileAccess.shown($0)): no scene files (*.json) in this folder" })) }
        let named = files
        let loaded = Parallel.map(named.count, threads: threads) { SceneFile.document(named[$0].shown, systemPath: named[$0].system).map(\.scene) }
        var scenes: [(name: String, scene: Scene)] = []
        var problems: [String] = []
        for (file, result) in zip(files, loaded) {
            switch result {
            case .success(let scene): scenes.append((FileAccess.shown(file.shown), scene))
            case .failure(let failure): problems += failure.lines
            }
        }
        return problems.isEmpty ? .success(scenes) : .failure(SceneLoadFailure(lines: problems))
    }

    /// Each scene cut into runs of controls, audited on every core, then joined in order: the
    /// report is the same as one thread's.
    static func audit(_ scenes: [(name: String, scene: Scene)], auditor: Auditor, threads: Int) -> AuditReport {
        var units: [(scene: Int, controls: Range<Int>)] = []
        for (index, entry) in scenes.enumerated() {
            let count = entry.scene.elements.count
            // Four runs a thread evens out uneven controls; each run sets up the scene's
            // context (its names) once, so runs are not made smaller than that is worth.
            let runLength = max(64, (count + threads * 4 - 1) / (threads * 4))
            for start in stride(from: 0, to: max(count, 1), by: runLength) {
                units.append((index, start..<min(start + runLength, count)))
            }
        }
        let work = units
        let reports = Parallel.map(work.count, threads: threads) { unit in
            auditor.audit(scenes[work[unit].scene].scene, file: scenes[work[unit].scene].name,
                          controls: work[unit].controls, clock: monotonicNanoseconds)
        }
        var whole: AuditReport?
        for report in reports {
            if whole == nil { whole = report } else { whole?.append(report) }
        }
        return whole ?? auditor.audit(.demo)
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

/// Nanoseconds on the monotonic clock, for the time each check takes.
@Sendable package func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}
