import Foundation
import PseudoTerminal
import SaylineCatalogs

/// Every language beside English (Docs/performance.md, "as fast as English"): a script's wall
/// time and instructions, and a start's, in each language this build has a catalog for, each
/// held to English's. The languages are found as the program finds them: one catalog each.
enum LanguageFigures {
    /// English, then each language whose catalog this build compiled (the pseudo-language,
    /// made from the template for finding English left over, is none).
    static var languages: [String] {
        let found = (try? FileManager.default.contentsOfDirectory(atPath: CatalogFolder.built)) ?? []
        return ["en"] + found.filter { $0 != "qps" && FileManager.default.fileExists(atPath: CatalogFolder.built + "/\($0)/LC_MESSAGES/sayline.mo") }.sorted()
    }

    /// The figures, in one run: the languages take turns, and with `--before` the two builds
    /// too, so that a slow stretch of this shared machine falls on all of them.
    /// - Parameter builds: each build's name in the figures ("now", "before") and its binary.
    static func measure(builds: [(name: String, binary: String)]) -> [Figure] {
        var figures: [Figure] = []
        let languages = Self.languages
        let runs = builds.flatMap { build in languages.map { (build, $0) } }
        func name(_ build: (name: String, binary: String), _ what: String, _ language: String) -> String {
            builds.count > 1 ? "languages (\(build.name)): \(what), \(language)" : "languages: \(what), \(language)"
        }
        func held(_ measured: [Figure]) {
            for (index, _) in builds.enumerated() { Self.held(Array(measured[(index * languages.count)..<((index + 1) * languages.count)]), languages) { figures.append($0) } }
        }
        let script = Workloads.script(commands: 300_000)
        held(interleaved(runs.map { build, language in
            (name(build, "run, 300,000 commands", language), { timeSpawn(build.binary, ["run", script, "--language", language]) * 1000 })
        }, unit: "ms", runs: 7))
        // A piped start to the end of its input (stdin is /dev/null), the language from the
        // environment as a person's usually is (LANGUAGE; none for English, which reads no
        // catalog).
        held(interleaved(runs.map { build, language in
            (name(build, "start, piped", language), { timeSpawn(build.binary, [], environment: language == "en" ? [:] : ["LANGUAGE": language]) * 1000 })
        }, unit: "ms", runs: 201))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind") else {
            print("languages: instructions skipped, valgrind is not installed")
            return figures
        }
        // Instructions are the same however busy the machine is.
        let short = Workloads.script(commands: 20_000)
        let counted = runs.map { build, language in
            instructions(build.binary, ["run", short, "--language", language], environment: [:]).map {
                Figure(name: name(build, "instructions, run 20,000", language), median: $0 / 1e6, min: .nan, max: .nan, unit: "M")
            }
        }
        if counted.allSatisfy({ $0 != nil }) { held(counted.compactMap { $0 }) }
        let startCounts = runs.map { build, language in
            instructions(build.binary, [], environment: language == "en" ? [:] : ["LANGUAGE": language]).map {
                Figure(name: name(build, "instructions, start", language), median: $0 / 1e3, min: .nan, max: .nan, unit: "K")
            }
        }
        if startCounts.allSatisfy({ $0 != nil }) { held(startCounts.compactMap { $0 }) }
        return figures
    }

    /// Each figure, then each language's held to English's (the first).
    private static func held(_ figures: [Figure], _ languages: [String], _ report: (Figure) -> Void) {
        figures.forEach(report)
        guard let english = figures.first?.median else { return }
        for (language, figure) in zip(languages, figures).dropFirst() {
            report(Figure(name: figure.name.replacingOccurrences(of: ", \(language)", with: ", \(language)/en"), median: figure.median / english, min: .nan, max: .nan, unit: "x"))
        }
    }

    /// The environment a measured run has: the bench's own would carry its LANG and HOME.
    private static func environment(_ extra: [String: String]) -> [String] {
        var entries = ["PATH": "/usr/bin:/bin", "HOME": Workloads.folder, "LANG": "C.UTF-8", "SAYLINE_DETECT_SCREEN_READER": "0"]
        entries.merge(extra) { _, new in new }
        return entries.map { "\($0.key)=\($0.value)" }
    }

    /// Seconds from spawning `executable` to reaping it, stdin from /dev/null and stdout to it.
    static func timeSpawn(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:]) -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment(extra).map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let began = now()
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else { return .nan }
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        return now() - began
    }

    /// The instructions one run executes, as valgrind's callgrind counts them, or nil.
    private static func instructions(_ binary: String, _ arguments: [String], environment extra: [String: String]) -> Double? {
        var environment = ["HOME": Workloads.folder]
        environment.merge(extra) { _, new in new }
        guard let result = try? runPiped(["--tool=callgrind", "--callgrind-out-file=/dev/null", binary] + arguments, input: "",
                                         environment: environment, executable: "/usr/bin/valgrind", quietSeconds: 600, keepingOutput: false),
              let line = result.stderr.split(separator: "\n").first(where: { $0.contains("Collected :") }),
              let count = line.split(separator: " ").last.flatMap({ Double($0) }) else { return nil }
        return count
    }
}
