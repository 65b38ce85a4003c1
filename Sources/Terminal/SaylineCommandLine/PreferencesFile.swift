import SaylineText

/// The preferences file: `KEY = VALUE` lines, `#` comments (whole lines, or after a value
/// following white space) and blank lines; LF or CRLF line ends and an optional byte-order
/// mark (LineText).
package enum PreferencesFile {
    package enum Line: Equatable {
        case setting(key: String, value: String, line: Int)
        case malformed(line: Int)
    }

    package static func parse(_ text: String) -> [Line] {
        var result: [Line] = []
        for (offset, line) in LineText.lines(of: text).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let equals = trimmed.firstIndex(of: "=") else {
                result.append(.malformed(line: offset + 1))
                continue
            }
            let key = trimmed[..<equals].trimmingSpaces
            var rest = trimmed[trimmed.index(after: equals)...]
            // A comment after the value, as `sayline config` writes one: " # built in".
            if let hash = rest.indices.first(where: { rest[$0] == "#" && $0 > rest.startIndex && (rest[rest.index(before: $0)] == " " || rest[rest.index(before: $0)] == "\t") }) {
                rest = rest[..<hash]
            }
            let value = rest.trimmingSpaces
            guard !key.isEmpty else {
                result.append(.malformed(line: offset + 1))
                continue
            }
            result.append(.setting(key: key, value: value, line: offset + 1))
        }
        return result
    }

    /// `$XDG_CONFIG_HOME/sayline/config`, or `~/.config/sayline/config`.
    package static func path(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/sayline/config" }
        // A relative HOME would make the file depend on the folder Sayline starts in.
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.config/sayline/config" }
        return nil
    }
}

package extension Substring {
    var trimmingSpaces: String {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
