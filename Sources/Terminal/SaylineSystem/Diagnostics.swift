import Glibc
import SaylineText

/// The environment as a dictionary, read from `environ` (Foundation is not loaded: start-up
/// time is most of what it would cost).
package func processEnvironment() -> [String: String] {
    var count = 0
    while environ[count] != nil { count += 1 }
    // Sized once: grown entry by entry, the table was rehashed six times at every start.
    var result: [String: String] = Dictionary(minimumCapacity: count)
    for index in 0..<count {
        guard let entry = environ[index] else { continue }
        // Split at the first "=" on the bytes: a walk by Character breaks graphemes, and this
        // runs at every start.
        let length = strlen(entry)
        let bytes = UnsafeRawBufferPointer(start: entry, count: length).bindMemory(to: UInt8.self)
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
        result[String(decoding: bytes[..<equals], as: UTF8.self)] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
    }
    return result
}

/// The diagnostics channel: errors and usage on stderr. Messages quote files and input (an
/// unknown key, an expected line, a path), so every byte passes the sanitiser here: no escape
/// sequence from a file ever reaches the terminal.
package enum Diagnostics {
    package static func write(_ text: String) {
        // What a C stream holds for the terminal goes first (the display's buffer holds the
        // lines before the first prompt until readline's first flush): a message never
        // overtakes what was written before it.
        fflush(nil)
        _ = FileAccess.writeFully(TextSanitiser.cleanKeepingLayout(text), to: STDERR_FILENO)
    }
}
