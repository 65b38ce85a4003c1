import SaylineText
import SaylineAudit
import SaylineSystem
import SaylineCommandLine

extension AuditPlan {
    /// The plan for a `sayline audit` command line, or why there is none. Reads what
    /// `surroundings` reads (the scene folders, the settings file, the terminal), writes
    /// nothing. Mistakes are found in the order they always were: the options' words, the
    /// settings file, `--rule`, the scenes named, the languages.
    static func make(_ arguments: ParsedArguments, environment: [String: String],
                     surroundings: AuditSurroundings = .system) -> Result<AuditPlan, AuditRefusal> {
        var plan: AuditPlan
        var named = arguments.operands
        do throws(UsageError) {
            plan = try choices(arguments, cores: surroundings.cores)
        } catch { return .failure(.usage(error)) }
        if let scene = arguments.value(SharedOptions.scene.name) { named.insert(scene, at: 0) }
        let found = surroundings.sceneFiles(named)
        if let refusal = plan.takeSettings(for: found, home: home(environment, surroundings), surroundings) { return .failure(refusal) }
        do throws(UsageError) {
            try plan.options.apply(rules: arguments.all(AuditCommand.rule.name))
            if let application = try LiveSource.wanted(arguments) {
                // Translators: keep --app as it is typed.
                guard arguments.operands.isEmpty, !arguments.has(AuditCommand.demo.name) else { throw UsageError(translated("--app audits a running application: name no scene with it")) }
                plan.scenes = .application(application)
            } else {
                plan.scenes = try scenes(named, found: found, demo: arguments.has(AuditCommand.demo.name), atTerminal: surroundings.inputIsTerminal)
            }
            plan.readOnly = arguments.has(AuditCommand.noKeys.name)
            // Translators: keep --no-keys and --app as they are typed.
            if plan.readOnly, !plan.auditsApplication { throw UsageError(translated("--no-keys is for --app: a scene's audit presses no real keys")) }
            plan.environment = environment
            let catalogs = surroundings.catalogLanguages()
            plan.languages = try AuditLanguages.parse(arguments.value(LanguageChoice.option.name), catalogs: catalogs).get()
            if let problem = AuditLanguages.reportProblem(arguments.value(AuditCommand.reportLanguage.name), catalogs: catalogs) { throw problem }
        } catch { return .failure(.usage(error)) }
        return .success(plan)
    }

    /// What the options' own words say: the format, the threshold, the limits, the threads,
    /// the shard, the baseline and the report's destination.
    private static func choices(_ arguments: ParsedArguments, cores: () -> Int) throws(UsageError) -> AuditPlan {
        var plan = AuditPlan()
        plan.format = try arguments.choice("--format", as: AuditCommand.Format.self) ?? .text
        plan.threshold = try arguments.choice(AuditCommand.failOn.name, as: Impact.self) ?? .serious
        if let words = try arguments.wholeNumber(AuditCommand.maxChangeWords.name, in: 1...1_000) { plan.options.maximumChangeWords = words }
        if let words = try arguments.wholeNumber(AuditCommand.maxFocusWords.name, in: 1...1_000) { plan.options.maximumFocusWords = words }
        plan.destination = arguments.value(SharedOptions.output.name).map(Destination.file) ?? .standardOutput
        plan.threads = try arguments.wholeNumber(AuditCommand.jobs.name, in: 1...64) ?? cores()
        plan.shard = try arguments.value(AuditCommand.shard.name).map { word throws(UsageError) in try AuditShard(word) }
        let baselinePath = arguments.value(AuditCommand.baseline.name)
        if arguments.has(AuditCommand.updateBaseline.name) {
            // Translators: keep --update-baseline, --baseline and FILE as they are.
            guard let baselinePath else { throw UsageError(translated("--update-baseline needs --baseline FILE: the file to write")) }
            // Translators: keep --update-baseline and --shard as they are.
            guard plan.shard == nil else { throw UsageError(translated("--update-baseline sees the whole audit: a --shard sees part of it")) }
            plan.baseline = .update(baselinePath)
        } else {
            plan.baseline = baselinePath.map(Baseline.compare)
        }
        return plan
    }

    /// The home folder, resolved, that settings are looked for up to outside a repository. A
    /// home of "/" (as in many CI containers) would hold every folder: no home at all then.
    private static func home(_ environment: [String: String], _ surroundings: AuditSurroundings) -> [UInt8]? {
        environment["HOME"].flatMap { $0.hasPrefix("/") ? surroundings.realFolder(Array($0.utf8)) : nil }.flatMap { $0 == Array("/".utf8) ? nil : $0 }
    }

    /// The scenes named, or the demo. No scene named: the demo, for a person trying it at a
    /// terminal. In a script or CI, a glob that matched nothing must not pass as an audit of
    /// nothing.
    private static func scenes(_ named: [String], found: [SceneFileName], demo: Bool, atTerminal: () -> Bool) throws(UsageError) -> Scenes {
        if demo {
            // Translators: keep --demo as it is.
            guard named.isEmpty else { throw UsageError(translated("--demo audits the demo scene alone: name no scene with it")) }
        } else if named.isEmpty, !atTerminal() {
            // Translators: keep audit and --demo as they are: a command and its option.
            throw UsageError(translated("audit needs scene files or folders (did a pattern match nothing?); --demo audits the demo scene"))
        }
        return named.isEmpty ? .demo : .files(named: named, found: found)
    }
}

extension AuditOptions {
    /// `--rule ID=SETTING`s, in order, over the settings file's: the command line wins.
    mutating func apply(rules: [(value: String, spelled: String)]) throws(UsageError) {
        for (setting, spelled) in rules {
            // Translators: %1$s is the option as it was typed (--rule), %2$s what was given with it;
            // keep ID=SETTING as it is.
            guard let equals = setting.firstIndex(of: "=") else { throw UsageError(translated("%1$s takes ID=SETTING, not %2$s", spelled, TextSanitiser.echo(setting))) }
            if let problem = AuditSettingsFile.apply(rule: String(setting[..<equals]), setting: String(setting[setting.index(after: equals)...]),
                                                     source: "--rule", to: &self) {
                // Translators: %1$s is an option as it was typed (--rule), %2$s what is wrong with it.
                throw UsageError(translated("%1$s: %2$s", spelled, problem))
            }
        }
    }
}
