import Foundation
import PseudoTerminal
import SaylineCore

// Figures for Docs/performance.md. Run: swift run -c release sayline-bench [--json FILE]

let benchUsage = """
usage: sayline-bench [--only SECTIONS] [--json FILE] [--before BINARY]
       sayline-bench --write-startup-order FILE

Measures Sayline for Docs/performance.md and prints one figure a line.
  --only SECTIONS   run these sections alone, comma-separated: core, binary, peer, languages, audit, repl,
                    display, speech, sound, live
  --json FILE       also write the figures to FILE as JSON
  --before BINARY   measure another build of sayline beside this one (display, languages)
  --write-startup-order FILE
                    write the linker's order of the functions a session runs before its
                    first prompt (Sources/Programs/sayline/startup.order; needs valgrind), and exit
  -h, --help        show this help and exit
"""
// Checked before anything runs: `--help` or a typo must not start a minutes-long benchmark.
do {
    var words = CommandLine.arguments.dropFirst()[...]
    while let word = words.popFirst() {
        switch word {
        case "-h", "--help":
            print(benchUsage)
            exit(0)
        case "--write-startup-order":
            guard let path = words.popFirst() else {
                FileHandle.standardError.write(Data("sayline-bench: \(word) needs a value\nTry 'sayline-bench --help'.\n".utf8))
                exit(64)
            }
            guard StartupOrder.write(to: path, binary: TerminalProcess.binary) else {
                FileHandle.standardError.write(Data("sayline-bench: could not profile a session's start (is valgrind installed?)\n".utf8))
                exit(1)
            }
            // The build does not know the executable depends on the order, and links anew only
            // when an object file changed: a touched source that compiles the same is not enough.
            print("wrote \(path); remove \(TerminalProcess.binary) so that the next release build links with it")
            exit(0)
        case "--only", "--json", "--before":
            guard words.popFirst() != nil else {
                FileHandle.standardError.write(Data("sayline-bench: \(word) needs a value\nTry 'sayline-bench --help'.\n".utf8))
                exit(64)
            }
        default:
            FileHandle.standardError.write(Data("sayline-bench: unknown argument: \(word)\nTry 'sayline-bench --help'.\n".utf8))
            exit(64)
        }
    }
}

var figures: [Figure] = []
/// `--only display,speech` runs those sections alone: core, binary, peer, languages, audit, repl, display, speech, sound, live.
let onlySections: Set<String>? = CommandLine.arguments.firstIndex(of: "--only").flatMap { flag in
    flag + 1 < CommandLine.arguments.count ? Set(CommandLine.arguments[flag + 1].split(separator: ",").map(String.init)) : nil
}
func wants(_ section: String) -> Bool { onlySections?.contains(section) ?? true }
@MainActor func report(_ figure: Figure) {
    figures.append(figure)
    print(figure.line)
}

func element(_ control: some AdjustableControl, value: Double) -> AdjustableElement {
    AdjustableElement(identity: ControlIdentity(id: "x", label: "Bench", unit: UnitWords(singular: "unit", plural: "units")),
                      control: control, value: value)
}

let controls: [(String, AdjustableElement)] = [
    ("ruler, 10 ticks", element(RulerPicker(minimum: 0, maximum: 9), value: 0)),
    ("ruler, 20,000 ticks", element(RulerPicker(minimum: 0, maximum: 19_999), value: 0)),
    ("rating, 0-10", element(StarRating(), value: 0)),
    ("digit roll, 9 columns", element(DigitRoll(columns: 9), value: 0)),
]

// Core: one increment and its announcement. Steps bounce between the bounds so every
// step changes the value, whatever the range.
let stepsPerRun = 50_000
for (name, start) in controls where wants("core") {
    report(measure("core: increment + announcement, \(name)", unit: "ns/step") {
        var current = start
        let announcer = Announcer(verbosity: .normal)
        var upwards = true
        var characters = 0
        let began = now()
        for _ in 0..<stepsPerRun {
            var outcome = current.apply(upwards ? .increment(1) : .decrement(1))
            if case .unchanged = outcome {
                upwards.toggle()
                outcome = current.apply(upwards ? .increment(1) : .decrement(1))
            }
            if case .changed(let change) = outcome {
                for line in announcer.announcements(for: .changed(current, change)) { characters += line.text.utf8.count }
            }
        }
        consume(characters)
        return (now() - began) / Double(stepsPerRun) * 1e9
    })
}

// Core: one frame sampled from each control's transition, and one frame drawn at 80 columns.
let framesPerRun = 50_000
for (name, start) in controls where wants("core") {
    var moved = start
    _ = moved.apply(.pageUp)
    let timeline = moved.control.animation(from: start.value, to: moved.value)
    report(measure("core: frame sampled, \(name)", unit: "ns/frame") {
        let began = now()
        var sink = 0.0
        for index in 0..<framesPerRun {
            if case .value(let value) = timeline.frame(at: Double(index % 60) / 60 * timeline.duration) { sink += value }
        }
        consume(sink)
        return (now() - began) / Double(framesPerRun) * 1e9
    })
    let renderer = ControlRenderer(width: 80, color: false)
    report(measure("core: frame drawn at 80 columns, \(name)", unit: "us/frame") {
        let began = now()
        var characters = 0
        for index in 0..<500 {
            characters += renderer.lines(for: moved, frame: timeline.frame(at: Double(index % 60) / 60 * timeline.duration)).count
        }
        consume(characters)
        return (now() - began) / 500 * 1e6
    })
}

// Core: a whole command through the session (parse, apply, announce).
if wants("core") { report(measure("core: session command 'inc' (parse + apply + announce)", unit: "ns/command") {
    var session = Session(elements: DemoScene.elements)
    let began = now()
    for index in 0..<20_000 { consume(session.perform(line: index % 2 == 0 ? "inc" : "dec")) }
    return (now() - began) / 20_000 * 1e9
}) }

// Script and audit: the built binary on generated workloads.
Workloads.prepare()
if !FileManager.default.isExecutableFile(atPath: TerminalProcess.binary) {
    print("building sayline for the binary figures…")
    _ = try? runPiped(["swift", "build", "-c", "release", "--product", "sayline"], input: "", executable: "/usr/bin/env")
}
for count in [10_000, 100_000, 1_000_000] where wants("binary") {
    let script = Workloads.script(commands: count)
    report(measure("script: sayline run, \(count) commands", unit: "commands/s", runs: count >= 1_000_000 ? 3 : 5) {
        Double(count) / Workloads.timeBinary(["run", script])
    })
}
if wants("peer") {
    if let (ours, theirs) = ScriptPeer.compare(commands: 1_000_000, runs: 5) {
        report(ours)
        report(theirs)
        report(Figure(name: "script: sayline/python3 peer", median: ours.median / theirs.median, min: .nan, max: .nan, unit: "x"))
    } else {
        print("script peer: python3 is missing or its output differs from sayline's; not compared")
    }
}
// Every language beside English: a script and a start in each, in turns, and their
// instructions; with `--before`, the older build's beside this one's, in the same turns.
if wants("languages") {
    var builds = [(name: "now", binary: TerminalProcess.binary)]
    if let flag = CommandLine.arguments.firstIndex(of: "--before"), flag + 1 < CommandLine.arguments.count {
        builds.append((name: "before", binary: CommandLine.arguments[flag + 1]))
    }
    for figure in LanguageFigures.measure(builds: builds) { report(figure) }
}
if wants("audit") { report(measure("audit: sayline audit, demo scene", unit: "ms", runs: 9) {
    Workloads.timeBinary(["audit"]) * 1000
}) }
var auditScenes: [Int: String] = [:]
for count in [10, 1_000, 10_000] where wants("audit") || wants("binary") {
    let scene = Workloads.scene(controls: count)
    auditScenes[count] = scene
    guard wants("audit") else { continue }
    var byFormat: [String: Double] = [:]
    let formats = count == 10_000 ? ["text", "sarif", "junit", "json", "html"] : ["json"]
    // The formats take turns, as the starts do: each is held to the text report, and run one
    // after another a slow stretch of the machine fell on whichever ran then (json/text was
    // 1.24 in one whole run and 1.13 in the next).
    let audits: [(name: String, start: () -> Double)] = formats.map { format in
        ("audit: sayline audit, \(count) controls, \(format)", { Workloads.timeBinary(["audit", scene, "--format", format]) })
    }
    for (format, figure) in zip(formats, interleaved(audits, unit: "s", runs: 7)) {
        report(figure)
        byFormat[format] = figure.median
    }
    if count == 10_000, let text = byFormat["text"] {
        // The other formats beside the text report, the peer they are held to.
        for format in ["sarif", "junit", "json", "html"] {
            if let median = byFormat[format] {
                report(Figure(name: "audit: 10,000 controls, \(format)/text", median: median / text, min: .nan, max: .nan, unit: "x"))
            }
        }
        for format in ["text", "sarif", "junit", "json", "html"] {
            if let mebibytes = Workloads.peakMebibytes(["audit", scene, "--format", format]) {
                report(Figure(name: "memory: peak resident, audit of 10,000 controls, \(format)", median: mebibytes, min: mebibytes, max: mebibytes, unit: "MiB"))
            }
        }
    }
    if count == 10_000 {
        report(measure("audit: sayline audit, 10,000 controls, text, one thread (--jobs 1)", unit: "s", runs: 3) {
            Workloads.timeBinary(["audit", scene, "--jobs", "1"])
        })
    }
}
if wants("audit") {
    let folder = Workloads.sceneFolder(scenes: 100, controls: 100)
    for format in ["text", "json"] {
        report(measure("audit: sayline audit, 100 scenes of 100 controls (a folder), \(format)", unit: "s", runs: 3) {
            Workloads.timeBinary(["audit", folder, "--format", format])
        })
    }
}
let rulerScene = Workloads.folder + "/ruler.json"
try? #"{"controls": [{"kind": "ruler", "id": "r", "label": "Long ruler", "max": 19999, "value": 10000}]}"#.write(toFile: rulerScene, atomically: true, encoding: .utf8)
let rulerScript = Workloads.folder + "/ruler.say"
try? String(repeating: "inc\npage up\ndec 7\nend\nhome\n", count: 20_000).write(toFile: rulerScript, atomically: true, encoding: .utf8)
let memoryRuns: [(String, [String])] = [
    ("memory: peak resident, 20,000-tick ruler, 100k commands", ["run", rulerScript, "--scene", rulerScene]),
    ("memory: peak resident, demo scene, 10 commands", ["run", Workloads.script(commands: 10)]),
]
for (name, arguments) in memoryRuns where wants("binary") {
    if let mebibytes = Workloads.peakMebibytes(arguments) {
        report(Figure(name: name, median: mebibytes, min: mebibytes, max: mebibytes, unit: "MiB"))
    } else {
        print("\(name): skipped, /usr/bin/time is not installed")
    }
}
Workloads.cleanUp()

// Start-up with nothing interactive: `--version` beside the floor, /bin/true, in turns.
if wants("repl") || wants("binary"), FileManager.default.isExecutableFile(atPath: TerminalProcess.binary) {
    var ours: [Double] = [], floor: [Double] = []
    // Which goes first alternates, as in `interleaved`.
    for round in 0..<101 {
        if round % 2 == 0 { ours.append(Workloads.timeSpawn(TerminalProcess.binary, ["--version"])) }
        floor.append(Workloads.timeSpawn("/bin/true", []))
        if round % 2 == 1 { ours.append(Workloads.timeSpawn(TerminalProcess.binary, ["--version"])) }
    }
    ours.sort()
    floor.sort()
    report(Figure(name: "start: sayline --version", median: ours[50] * 1000, min: ours[0] * 1000, max: ours[100] * 1000, unit: "ms"))
    report(Figure(name: "start: /bin/true", median: floor[50] * 1000, min: floor[0] * 1000, max: floor[100] * 1000, unit: "ms"))
    report(Figure(name: "start: --version / /bin/true", median: ours[50] / floor[50], min: .nan, max: .nan, unit: "x"))
}

// REPL: key press to announcement, and start to first prompt, beside bash's readline.
if wants("repl"), FileManager.default.isExecutableFile(atPath: TerminalProcess.binary), let sayline = try? ReplLatency.saylineSession(),
   let bash = try? ReplLatency.bashSession() {
    let up = "\u{1B}[A", down = "\u{1B}[B"
    _ = ReplLatency.keyToSpeech([sayline, bash], presses: 50, up: up, down: down)
    let timings = ReplLatency.keyToSpeech([sayline, bash], presses: 2_000, up: up, down: down)
    let ours = timings[0], theirs = timings[1]
    for (name, samples) in [("sayline", ours), ("bash bind -x", theirs)] {
        report(Figure(name: "repl: key to announcement p50, \(name)", median: ReplLatency.percentile(samples, 0.5),
                      min: samples.first ?? .nan, max: samples.last ?? .nan, unit: "ms"))
        report(Figure(name: "repl: key to announcement p99, \(name)", median: ReplLatency.percentile(samples, 0.99),
                      min: samples.first ?? .nan, max: samples.last ?? .nan, unit: "ms"))
    }
    report(Figure(name: "repl: key to announcement p99 ratio sayline/bash", median: ReplLatency.percentile(ours, 0.99) / ReplLatency.percentile(theirs, 0.99), min: .nan, max: .nan, unit: "x"))
    // Each sayline start takes turns with a start of bash, round by round, so that whatever
    // else the machine does in a stretch of time falls on both alike, and each follows the
    // other (see `alternated`); the first round warms the page cache.
    let starts: [(name: String, start: () -> Double)] = [
        ("repl: start to first prompt, sayline", {
            ReplLatency.startToPrompt({ try TerminalProcess(["--settle", "0", "--reduce-motion"]) }, prompt: "weight> ")
        }),
        // As a person starts it: looking for their screen reader, and for BRLTTY's socket.
        ("repl: start to first prompt, sayline, detection on", {
            ReplLatency.startToPrompt({ try TerminalProcess(["--settle", "0", "--reduce-motion"], environment: ["SAYLINE_DETECT_SCREEN_READER": "1"]) },
                                      prompt: "weight> ")
        }),
    ]
    let bash: (name: String, start: () -> Double) = ("repl: start to first prompt, bash --norc -i", {
        ReplLatency.startToPrompt({ try TerminalProcess(["--norc", "-i"], environment: ["PS1": "READY> "], executable: "/bin/bash") }, prompt: "READY> ")
    })
    let startFigures = alternated(starts, peer: bash, unit: "ms", runs: 101)
    let saylineStart = startFigures[0], detectingStart = startFigures[1], bashStart = startFigures[2]
    report(saylineStart)
    report(detectingStart)
    report(bashStart)
    report(Figure(name: "repl: start to prompt ratio sayline/bash", median: saylineStart.median / bashStart.median, min: .nan, max: .nan, unit: "x"))
    report(Figure(name: "repl: start to prompt ratio, detection on, sayline/bash", median: detectingStart.median / bashStart.median, min: .nan, max: .nan, unit: "x"))
} else if wants("repl") {
    print("repl figures skipped: the sayline binary could not be built or started")
}

// Display: what one key press writes to the terminal in each mode (`--before PATH` adds an
// older binary's figures for the modes it has).
let displayModes: [(String, [String], String)] = [
    ("full", ["--display", "full"], "weight> "), ("full, reduce motion", ["--display", "full", "--reduce-motion"], "weight> "),
    // The plain display's prompt names the control with a comma; the screen-reader display's
    // prompt is the last line said.
    ("plain", ["--display", "plain"], "weight, "), ("screen-reader", ["--display", "screen-reader"], "Weight, 62 kilograms "),
]
var binaries = [("now", TerminalProcess.binary, displayModes)]
if let flag = CommandLine.arguments.firstIndex(of: "--before"), flag + 1 < CommandLine.arguments.count {
    binaries.append(("before", CommandLine.arguments[flag + 1],
                     [("full", [], "weight> "), ("full, reduce motion", ["--reduce-motion"], "weight> "), ("plain", ["--plain"], "weight> ")]))
}
for (when, binary, modes) in binaries where wants("display") {
    for (name, arguments, prompt) in modes {
        guard let cost = DisplayCost.perKey(binary: binary, arguments: arguments, presses: 20, prompt: prompt) else {
            print("display \(name) (\(when)): skipped, the binary did not start")
            continue
        }
        report(Figure(name: "display (\(when)): bytes per key press, \(name)", median: cost.bytes, min: .nan, max: .nan, unit: "bytes"))
        report(Figure(name: "display (\(when)): drawing updates per key press, \(name)", median: cost.frames, min: .nan, max: .nan, unit: "updates"))
        report(Figure(name: "display (\(when)): prompt drawn again per key press, \(name)", median: cost.prompts, min: .nan, max: .nan, unit: "times"))
    }
}

// Speech: key press to the message reaching speech-dispatcher, over Sayline's one connection
// and with spd-say started for every line.
let speechFolder = NSTemporaryDirectory() + "sayline-bench-speech-\(getpid())"
if wants("speech"), let environment = SpeechLatency.startDaemon(in: speechFolder) {
    for engine in ["speech-dispatcher", "spd-say"] {
        _ = SpeechLatency.keyToDaemon(engine: engine, presses: 5, folder: speechFolder, environment: environment)
        let samples = SpeechLatency.keyToDaemon(engine: engine, presses: 100, folder: speechFolder, environment: environment)
        report(Figure(name: "speech: key to speech-dispatcher p50, --speak \(engine)", median: ReplLatency.percentile(samples, 0.5),
                      min: samples.first ?? .nan, max: samples.last ?? .nan, unit: "ms"))
        report(Figure(name: "speech: key to speech-dispatcher p99, --speak \(engine)", median: ReplLatency.percentile(samples, 0.99),
                      min: samples.first ?? .nan, max: samples.last ?? .nan, unit: "ms"))
    }
    SpeechLatency.stopDaemon(in: speechFolder)
} else if wants("speech") {
    print("speech figures skipped: speech-dispatcher did not start")
}
try? FileManager.default.removeItem(atPath: speechFolder)

// Sound: key to the first sample the sound server plays, for --sound tones beside paplay of the
// same tone started per key, and beside the speech path's first sample (espeak-ng started per
// utterance; speech-dispatcher with its espeak-ng module), all into one PulseAudio server of
// the benchmark's own.
if wants("sound"), SoundServer.available, let server = try? SoundServer() {
    let soundFolder = NSTemporaryDirectory() + "sayline-bench-sound-\(getpid())"
    try? FileManager.default.createDirectory(atPath: soundFolder, withIntermediateDirectories: true)
    func reportLatency(_ name: String, _ samples: [Double]) {
        guard !samples.isEmpty else { return print("sound: \(name) skipped, nothing was heard") }
        for (label, fraction) in [("p50", 0.5), ("p95", 0.95)] {
            report(Figure(name: "sound: key to sample \(label), \(name)", median: ReplLatency.percentile(samples, fraction),
                          min: samples.first ?? .nan, max: samples.last ?? .nan, unit: "ms"))
        }
    }
    reportLatency("tones", ToneLatency.keyToTone(server, presses: 200))
    // What tones cost the words: key to announcement with tones and without, in turns.
    if let toned = try? TerminalProcess(["--settle", "0", "--reduce-motion", "--sound", "tones"], environment: server.environment),
       toned.waitForDisplay("weight> "), let plain = try? ReplLatency.saylineSession() {
        _ = ReplLatency.keyToSpeech([toned, plain], presses: 50, up: Keys.up, down: Keys.down)
        let timings = ReplLatency.keyToSpeech([toned, plain], presses: 1_000, up: Keys.up, down: Keys.down)
        for (name, samples) in [("with tones", timings[0]), ("without", timings[1])] {
            report(Figure(name: "sound: key to announcement p50, \(name)", median: ReplLatency.percentile(samples, 0.5),
                          min: samples.first ?? .nan, max: samples.last ?? .nan, unit: "ms"))
            report(Figure(name: "sound: key to announcement p99, \(name)", median: ReplLatency.percentile(samples, 0.99),
                          min: samples.first ?? .nan, max: samples.last ?? .nan, unit: "ms"))
        }
        for session in [toned, plain] {
            session.send("\u{04}")
            _ = session.waitForExit()
        }
    }
    reportLatency("paplay a tone", ToneLatency.paplay(server, presses: 100, folder: soundFolder))
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng") {
        reportLatency("espeak-ng", ToneLatency.keyToSpeech(server, engine: "espeak-ng", presses: 40))
    }
    if let environment = ToneLatency.startSpeechDispatcher(in: soundFolder + "/speechd", server: server) {
        reportLatency("speech-dispatcher", ToneLatency.keyToSpeech(server, engine: "speech-dispatcher", presses: 40, environment: environment))
        ToneLatency.stopSpeechDispatcher(in: soundFolder + "/speechd")
    } else {
        print("sound: speech-dispatcher skipped, it could not start")
    }
    server.stop()
    try? FileManager.default.removeItem(atPath: soundFolder)
} else if wants("sound") {
    print("sound figures skipped: pulseaudio is not installed or did not start")
}

if let flag = CommandLine.arguments.firstIndex(of: "--json"), flag + 1 < CommandLine.arguments.count {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    if let data = try? encoder.encode(figures) {
        _ = FileManager.default.createFile(atPath: CommandLine.arguments[flag + 1], contents: data)
    }
}

// Live: a running application's 1,000 sliders walked by describe and audit, beside pyatspi
// reading the same properties, each a whole command in a desktop of the benchmark's own.
if wants("live") {
    let timings = LiveWalk.measure(runs: 9)
    if timings.isEmpty { print("live: skipped, the desktop could not start (needs root, Xvfb, at-spi2-core and GTK 3 for Python)") }
    for (name, timing) in timings.sorted(by: { $0.key < $1.key }) {
        report(Figure(name: "live: 1,000 sliders, \(name)", median: timing.medianMilliseconds, min: timing.minMilliseconds, max: timing.medianMilliseconds, unit: "ms"))
        report(Figure(name: "live: 1,000 sliders, \(name), peak memory", median: timing.peakKilobytes, min: timing.peakKilobytes, max: timing.peakKilobytes, unit: "KB"))
        if let walk = timing.walkMedianMilliseconds {
            report(Figure(name: "live: 1,000 sliders, pyatspi's walk alone (in Python)", median: walk, min: walk, max: walk, unit: "ms"))
        }
    }
}
