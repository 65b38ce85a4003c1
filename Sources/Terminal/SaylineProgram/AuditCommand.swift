import SaylineText
import SaylineAudit
import SaylineSystem
import SaylineCommandLine

/// `sayline audit`: checks a scene against the audit rules and reports like axe-core.
package enum AuditCommand: Subcommand {
    enum Format: String, CaseIterable {
        case text
        case json
        case junit
        case sarif
        case html
    }

    static let baseline = OptionSpec("--baseline", argument: "FILE", completion: .files,
                                     help: translatable("findings FILE holds are known: reported, never failing; only new ones fail, and those it holds that are gone are reported as fixed"))
    static let updateBaseline = OptionSpec("--update-baseline", help: translatable("write every violation found to the --baseline FILE (sorted, one a line), then report against it"))
    static let rule = OptionSpec("--rule", argument: "ID=SETTING",
                                 help: translatable("switch a rule off or give it another impact (off, minor, moderate, serious, critical); may be given again; wins over .sayline-audit"))
    static let demo = OptionSpec("--demo", help: translatable("audit the built-in demo scene, as a plain sayline audit does at a terminal"))
    static let shard = OptionSpec("--shard", argument: "K/N",
                                  help: translatable("audit part K of N: the scenes split in order (the controls, when there are fewer scenes than parts), so N jobs together audit everything once"))

    static let failOn = OptionSpec("--fail-on", argument: "IMPACT", completion: .words(Impact.allCases.map(\.rawValue)),
                                   defaultValue: Impact.serious.rawValue, help: translatable("the least impact that fails the audit"))
    static let maxChangeWords = OptionSpec("--max-change-words", argument: "N", defaultValue: String(AuditOptions().maximumChangeWords),
                                           help: translatable("words a change announcement may take, 1 to 1000"))
    static let maxFocusWords = OptionSpec("--max-focus-words", argument: "N", defaultValue: String(AuditOptions().maximumFocusWords),
                                          help: translatable("words a focus announcement may take, 1 to 1000"))

    static let noKeys = OptionSpec("--no-keys",
        // Translators: keep --app as it is typed.
        help: translatable("with --app, only read what the application exposes: no focus taken, no key pressed, nothing moved (the rules about keys and steps are left out)"))

    static let jobs = OptionSpec("--jobs", short: "j", argument: "N", defaultWords: translatable("the cores online"),
                                 help: translatable("threads to audit on, 1 to 64"))

    package static var commandLine: CommandLineSpec {
        CommandLineSpec(
            name: "audit", operands: "[SCENE|FOLDER ...]", operandCompletion: .sceneFiles,
            summary: translatable("check scenes against the accessibility rules"),
            description: [
                translatable("Checks every control of one or more scenes, statically and by driving it, against the audit\nrules (man 7 sayline-audit-rules), and reports violations, incomplete checks, passes, inapplicable\nrules and suppressed findings, each with its WCAG 2.2 criteria. Several scenes (files, or\nfolders of *.json files) make one report in which each finding names its file, and one exit\nstatus; they are audited in parallel on the machine's cores. With no scene, the demo scene,\nbut only at a terminal (or with --demo): from a script or CI, naming none is a usage error\n(64), so a pattern that matched nothing never passes.\nRule settings come from --rule and from the nearest .sayline-audit file in each scene's folder\nor above it, up to the repository's root (outside a repository, up to the home folder; outside\nthat, the scene's folder alone), and only from a file nobody but you or root can change\n(man 7 sayline-audit-rules)."),
            ],
            options: [SharedOptions.scene, LiveSource.option, noKeys, demo,
                      SharedOptions.format(Format.allCases.map(\.rawValue), help: translatable("text for people and screen readers, json as axe-core's results, junit XML for CI, sarif for code scanning, html as one page to read")),
                      SharedOptions.output, failOn, baseline, updateBaseline, rule, shard, maxChangeWords, maxFocusWords, jobs,
                      language, reportLanguage, SharedOptions.help, SharedOptions.version])
    }

    static let language = OptionSpec("--language", argument: "LANGS", completion: .none, defaultWords: translatable("each language a scene gives words in"),
                                     help: translatable("hear the scenes in these languages too, a comma list such as de,pl, or all: the rules about words (announcement-length, spoken-text-speakable, value-text-present, name-present, name-unique, no-silent-steps) run again in each, and each finding names its language; messages are in the first"))

    /// The report's language, apart from the languages the scenes are heard in: a CI log asks
    /// for English (`--report-language en`) while the audit hears German and Polish. Read before
    /// any other word, as `--language` is (`LanguageChoice`), so its usage errors are in it too.
    static let reportLanguage = OptionSpec(LanguageChoice.reportLanguageName, argument: "LANG", completion: .none,
                                           // Translators: keep --language as it is typed.
                                           defaultWords: translatable("--language's first, else the preferences file's or the environment's"),
                                           // Translators: %s lists the languages' codes, "en, de, es, fr, pl"; keep --language, --report-language en and LANGUAGE=en as they are typed.
                                           help: translatable("the language of the report and of the audit's messages, whatever languages --language hears the scenes in: %s, or any with a catalog; --report-language en, or LANGUAGE=en without --language, gives English"),
                                           helpArguments: { [LanguageChoice.languageList()] })

    /// Makes the plan, then carries it out; a mistake on the command line is thrown, to be
    /// said with the usage hint.
    package static func run(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> Int32 {
        switch AuditPlan.make(arguments, environment: environment) {
        case .failure(.usage(let mistake)): throw mistake
        case .failure(.unusableSettings(let problem)):
            Diagnostics.write("sayline audit: \(problem)\n")
            return ExitStatus.malformed.rawValue
        case .success(let plan): return AuditRunner(plan: plan).run().rawValue
        }
    }
}
