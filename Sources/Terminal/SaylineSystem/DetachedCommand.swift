import Glibc

/// Starts a command of the person's own (a speech engine, a change command) with no shell and
/// with standard input, output and error on /dev/null: it must not write into the speech
/// channel or the drawing, nor read the keyboard. It starts as a shell would start it: every
/// signal at its default and none blocked (Sayline ignores SIGPIPE, and a child that inherited
/// that would never end when its own reader leaves); a change command also in a session of its
/// own, so that closing the terminal does not cut it off half way through the last value.
package enum DetachedCommand {
    /// Why a command could not start, from posix_spawn's error number.
    package struct StartFailure: Error {
        package let code: Int32
        package var reason: String { String(cString: strerror(code)) }
    }

    /// The new process, or the error number when it could not start.
    /// - Parameters:
    ///   - environment: `KEY=VALUE` entries; nil passes Sayline's own.
    ///   - ownSession: started in a new session, away from the terminal's hangup.
    ///   - input, errors: descriptors its standard input and error are given instead of
    ///     /dev/null (a pipe Sayline feeds, a pipe whose end says it has gone: `FedCommand`).
    package static func start(_ arguments: [String], environment: [String]? = nil, ownSession: Bool = false,
                              input: Int32? = nil, errors: Int32? = nil) -> Result<pid_t, StartFailure> {
        guard let program = arguments.first else { return .failure(StartFailure(code: ENOENT)) }
        let argv = arguments.map { strdup($0) }
        // The person's LANGUAGE, not the one Sayline set for its catalogs.
        let envp = GettextCatalog.childEnvironment(environment)?.map { strdup($0) }
        defer { (argv + (envp ?? [])).forEach { free($0) } }
        var argvList = argv + [nil]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO) } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        if let errors { posix_spawn_file_actions_adddup2(&actions, errors, STDERR_FILENO) } else {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        // POSIX_SPAWN_SETSID (0x80) is not imported by name.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | (ownSession ? 0x80 : 0)))
        var pid: pid_t = 0
        let result: Int32
        if let envp {
            var envpList = envp + [nil]
            result = posix_spawnp(&pid, program, &actions, &attributes, &argvList, &envpList)
        } else {
            result = posix_spawnp(&pid, program, &actions, &attributes, &argvList, environ)
        }
        return result == 0 ? .success(pid) : .failure(StartFailure(code: result))
    }
}
