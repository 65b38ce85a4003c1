/// The speech engine Sayline drives itself (`--speak`), beside stdout.
package enum SpeechEngineChoice: Equatable, Sendable {
    case none
    /// speech-dispatcher when a daemon answers or can be started, else espeak-ng.
    case automatic
    case speechDispatcher
    /// A command and its arguments; the text follows `--`.
    case command([String])

    init(_ text: String) {
        switch text {
        case "", "none", "off": self = .none
        case "auto", "default", "on": self = .automatic
        case "speech-dispatcher", "speechd": self = .speechDispatcher
        default: self = .command(CommandWords.split(text))
        }
    }

    var text: String {
        switch self {
        case .none: "none"
        case .automatic: "auto"
        case .speechDispatcher: "speech-dispatcher"
        case .command(let words): words.joined(separator: " ")
        }
    }
}

/// How much punctuation a speech engine reads aloud.
package enum Punctuation: String, CaseIterable, Sendable {
    case none
    case some
    case all
}
