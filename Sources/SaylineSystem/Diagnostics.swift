import Glibc
import SaylineCore

/// The environment as a dictionary, read from `environ` (Foundation is not loaded: start-up
/// time is most of what it would cost).
package func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        entry += 1
    }
    return result
}

/// The diagnostics channel: errors and usage on stderr. Messages quote files and input (an
/// unknown key, an expected line, a path), so every byte passes the sanitiser here: no escape
/// sequence from a file ever reaches the terminal.
package enum Diagnostics {
    package static func write(_ text: String) {
        _ = FileAccess.writeFully(TextSanitiser.cleanKeepingLayout(text), to: STDERR_FILENO)
    }
}
