import Glibc

/// Starts a command of the person's own (a speech engine, a change command) with no shell and
/// with standard input, output and error on /dev/null: it must not write into the speech
/// channel or the drawing, nor read the keyboard.
enum DetachedCommand {
    /// Why a command could not start, from posix_spawn's error number.
    struct StartFailure: Error {
        let code: Int32
        var reason: String { String(cString: strerror(code)) }
    }

    /// The new process, or the error number when it could not start.
    /// - Parameter environment: `KEY=VALUE` entries; nil passes Sayline's own.
    static func start(_ arguments: [String], environment: [String]? = nil) -> Result<pid_t, StartFailure> {
        guard let program = arguments.first else { return .failure(StartFailure(code: ENOENT)) }
        let argv = arguments.map { strdup($0) }
        let envp = environment?.map { strdup($0) }
        defer { (argv + (envp ?? [])).forEach { free($0) } }
        var argvList = argv + [nil]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let result: Int32
        if let envp {
            var envpList = envp + [nil]
            result = posix_spawnp(&pid, program, &actions, nil, &argvList, &envpList)
        } else {
            result = posix_spawnp(&pid, program, &actions, nil, &argvList, environ)
        }
        return result == 0 ? .success(pid) : .failure(StartFailure(code: result))
    }
}
