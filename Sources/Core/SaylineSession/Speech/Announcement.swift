import SaylineText
/// One line for the speech channel, and what kind of line it is so pacing can treat it right.
public struct Announcement: Sendable, Equatable {
    /// What an announcement is about, which decides how it is paced and spoken.
    public enum Kind: Sendable, Equatable {
        /// A value change: a quick run of these may be coalesced.
        case change
        /// Focus, descriptions, confirmations: always spoken.
        case info
        /// A rejection or error a person caused: always spoken.
        case error
        /// Help: spoken, and shown on the terminal in every display, one line each.
        case reference
    }

    /// The words, in plain text.
    public let text: String
    /// What it is about.
    public let kind: Kind

    /// Speech engines read at most about 1,000 bytes a line; keep lines well under that.
    public static let maximumLength = 300

    /// An announcement of cleaned text.
    public init(_ text: String, kind: Kind) {
        let clean = TextSanitiser.clean(text)
        // No more bytes than the limit means no more characters: counting characters (a walk
        // of grapheme rules) is left for the rare long line.
        self.text = clean.utf8.count > Self.maximumLength && clean.count > Self.maximumLength
            ? String(clean.prefix(Self.maximumLength - 1)) + "…" : clean
        self.kind = kind
    }
}

/// How much is said: terse drops units and labels, verbose adds labels and hints.
public enum Verbosity: String, Sendable, Equatable, CaseIterable {
    case terse
    case normal
    case verbose
}

extension Verbosity {
    /// The level as it is said: "Verbosity terse".
    public var spokenName: String {
        switch self {
        case .terse: translatedIn("verbosity level", "terse")
        case .normal: translatedIn("verbosity level", "normal")
        case .verbose: translatedIn("verbosity level", "verbose")
        }
    }
}
