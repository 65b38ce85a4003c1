import SaylineCore

/// What the command line and the environment asked for, resolved once at start.
struct Options: Equatable {
    enum Mode: Equatable {
        case repl
        case help
        case version
    }

    var mode: Mode = .repl
    var scenePath: String?
    var motion: MotionPreference = .full
    var verbosity: Verbosity = .normal
    var plain = false
    var color = true
    /// Seconds of quiet that end a run of changes before the settled value is spoken.
    var settle = 0.3
    /// The speech command for `--speak`, or nil to write announcements to stdout only.
    var speakCommand: String?
    /// `--speak` with no command: the engine is chosen at start (see `SpeechEngine.default`).
    static let defaultEngine = "default"

    static let version = "0.1.0"
    static let exitUsage: Int32 = 64

    static let usage = """
    usage: sayline [--scene FILE] [--reduce-motion] [--verbosity terse|normal|verbose] [--plain] [--no-color] [--settle MS] [--speak [COMMAND]]
           sayline run SCRIPT|- [OPTIONS]     (sayline run --help)
           sayline audit [OPTIONS]            (sayline audit --help)
           sayline describe [OPTIONS]         (sayline describe --help)
           sayline scene --print | --check FILE
    """

    static let help = """
    \(usage)

    A keyboard- and screen-reader-first front for adjustable controls. Announcements go to
    standard output, one line each, so `sayline | espeak-ng` speaks every change as it happens.
    The prompt, the drawn controls and help go to the terminal (standard error).

    Options:
      --scene FILE          load controls from a scene file instead of the demo scene
      --reduce-motion       changes jump, nothing animates, the tour never runs
                            (also SAYLINE_REDUCE_MOTION=1)
      --verbosity LEVEL     terse, normal (default) or verbose
      --plain               append-only output: no redrawing in place, no cursor movement
                            (also TERM=dumb, ACCESSIBLE=1, or when standard error is not a terminal)
      --no-color            no colour (also NO_COLOR)
      --settle MS           quiet time that ends a run of changes, default 300
      --speak [COMMAND]     speak each announcement with COMMAND, interrupting the previous
                            one (default: spd-say where speech-dispatcher runs, else espeak-ng)
      -h, --help            show this help
      --version             show the version

    Keys on an empty line: Up/Right or + increase, Down/Left or - decrease, Page Up/Page Down
    move a page, Home/End go to the minimum/maximum, Tab/Shift-Tab move focus, ? describes.
    Type help for the commands. Ctrl-C stops an animation; Ctrl-D or quit leaves.

    Exit status: 0 on quit, Ctrl-D, end of input or when the speech listener goes away; 2 the
    scene cannot be loaded; 64 a usage error; 129, 131, 143 after SIGHUP, SIGQUIT (Ctrl-\\),
    SIGTERM, with the terminal restored and history saved.
    """

    /// Reads arguments (without the program name) and the environment.
    /// - Returns: the options, or a usage error message.
    static func parse(_ arguments: [String], environment: [String: String], displayIsTerminal: Bool) -> Result<Options, UsageError> {
        var options = Options()
        if let reduce = environment["SAYLINE_REDUCE_MOTION"], !reduce.isEmpty, reduce != "0" { options.motion = .reduce }
        if environment["TERM"] == "dumb" || (environment["ACCESSIBLE"].map { !$0.isEmpty } ?? false) || !displayIsTerminal {
            options.plain = true
        }
        if environment["NO_COLOR"].map({ !$0.isEmpty }) ?? false { options.color = false }
        var remaining = arguments[...]
        func value(for option: String) -> Result<String, UsageError> {
            guard let next = remaining.popFirst() else { return .failure(UsageError("\(option) needs a value")) }
            return .success(next)
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": options.mode = .help
            case "--version": options.mode = .version
            case "--reduce-motion": options.motion = .reduce
            case "--plain": options.plain = true
            case "--no-color", "--no-colour": options.color = false
            case "--scene":
                switch value(for: argument) {
                case .success(let path): options.scenePath = path
                case .failure(let error): return .failure(error)
                }
            case "--verbosity":
                switch value(for: argument) {
                case .success(let word):
                    guard let level = Verbosity(rawValue: word) else { return .failure(UsageError("--verbosity takes terse, normal or verbose, not \(TextSanitiser.echo(word))")) }
                    options.verbosity = level
                case .failure(let error): return .failure(error)
                }
            case "--settle":
                switch value(for: argument) {
                case .success(let word):
                    guard let milliseconds = Int(word), milliseconds >= 0, milliseconds <= 10_000 else {
                        return .failure(UsageError("--settle takes milliseconds from 0 to 10000, not \(TextSanitiser.echo(word))"))
                    }
                    options.settle = Double(milliseconds) / 1000
                case .failure(let error): return .failure(error)
                }
            case "--speak":
                if let next = remaining.first, !next.hasPrefix("-") {
                    options.speakCommand = next
                    remaining = remaining.dropFirst()
                } else {
                    options.speakCommand = Options.defaultEngine
                }
            case "--":
                if let extra = remaining.first { return .failure(UsageError("unexpected argument: \(TextSanitiser.echo(extra))")) }
            default:
                if argument.hasPrefix("-") { return .failure(UsageError("unknown option: \(TextSanitiser.echo(argument))")) }
                return .failure(UsageError("unexpected argument: \(TextSanitiser.echo(argument))"))
            }
        }
        return .success(options)
    }
}

/// A mistake on the command line: said on stderr with the usage line, exit 64.
struct UsageError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
