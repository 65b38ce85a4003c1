import SaylineText

/// A sentence a report says, kept as its English words and its arguments until the report is
/// written, and said then in the report's language. A finding is made in a pass that hears
/// the scene in one language (its own words, German, Polish…) while the report may be read in
/// another: the sentence is the report's, what was heard is the pass's. So what was heard,
/// typed or named stays as it was (`.text`), a number is written as the report's language
/// writes it (`.number`), and the words themselves are looked up only when they are written.
///
/// A class: a report holds one for each finding, and a node of the many that pass holds none;
/// a reference keeps every node the size it was when it held a string.
public final class FindingMessage: Sendable, Equatable, CustomStringConvertible {
    /// One argument of a message.
    public enum Argument: Sendable, Equatable {
        /// Words as they were heard, typed or named (a label, an announcement, an id, a file):
        /// never translated.
        case text(String)
        /// A number, written as the report's language writes it: "62,5" in German.
        case number(Double)
        /// Another message, said in the same language.
        case message(FindingMessage)
        /// Words a control makes of itself, said in the report's language when it is written.
        case said(Said)

        /// The argument in the language of this thread's phrasebook.
        var text: String {
            switch self {
            case .text(let words): words
            case .number(let value): NumberText.plain(value)
            case .message(let message): message.text
            case .said(let said): said.say()
            }
        }
    }

    /// Words only a control can make (a digit roll's misstatement), made again in whatever
    /// language is spoken when the report is written. Two are the same when their English is.
    public struct Said: Sendable, Equatable {
        /// The words in English, made once: what two are compared by.
        public let english: String
        /// Makes the words in the language of this thread's phrasebook.
        let say: @Sendable () -> String

        /// Words `say` makes in whatever language is spoken when they are written.
        public init(_ say: @escaping @Sendable () -> String) {
            self.say = say
            english = Phrasebook.using(.english) { say() }
        }

        public static func == (lhs: Said, rhs: Said) -> Bool { lhs.english == rhs.english }
    }

    /// The English words: the catalogs' key.
    public let english: String
    /// The plural's English words, for a counted message.
    public let plural: String?
    /// What chooses a counted message's form.
    public let count: Int
    /// The context the words are looked up in, when their English alone does not say.
    public let context: String?
    /// What fills the words' `%s`, `%1$s`…
    public let arguments: [Argument]
    /// Whether the words are a catalog's key; words from elsewhere are said as they are.
    private let looksUp: Bool

    /// A message: `words` is given as `translatable("…")`, so the catalogs carry it.
    public init(_ words: String, _ arguments: Argument...) {
        english = words
        plural = nil
        count = 0
        context = nil
        self.arguments = arguments
        looksUp = true
    }

    /// A counted message, given as `translatableCount("…", "…")`: its form is the one the
    /// report's language gives `count`.
    public init(counting forms: (singular: String, plural: String), count: Int, _ arguments: Argument...) {
        english = forms.singular
        plural = forms.plural
        self.count = count
        context = nil
        self.arguments = arguments
        looksUp = true
    }

    /// A message looked up in a context, given as `translatableIn(context, "…")`.
    public init(context: String, _ words: String, _ arguments: Argument...) {
        english = words
        plural = nil
        count = 0
        self.context = context
        self.arguments = arguments
        looksUp = true
    }

    /// Words from elsewhere, already in the language they are to be read in: said as they are.
    public init(verbatim words: String) {
        english = words
        plural = nil
        count = 0
        context = nil
        arguments = []
        looksUp = false
    }

    /// The message in the language of this thread's phrasebook (the report's, while it is
    /// written).
    public var text: String {
        let words: String
        if !looksUp || Phrasebook.speaksEnglish && plural == nil {
            words = english
        } else if let plural {
            words = Phrasebook.current.text(english, plural: plural, count: count)
        } else if let context {
            words = Phrasebook.current.text(english, context: context)
        } else {
            words = Phrasebook.current.text(english)
        }
        guard !arguments.isEmpty else { return words }
        return Phrasebook.fill(words, arguments.map(\.text))
    }

    /// The message in English.
    public var description: String { Phrasebook.using(.english) { text } }

    public static func == (lhs: FindingMessage, rhs: FindingMessage) -> Bool {
        lhs === rhs || (lhs.english == rhs.english && lhs.plural == rhs.plural && lhs.count == rhs.count && lhs.context == rhs.context
            && lhs.arguments == rhs.arguments && lhs.looksUp == rhs.looksUp)
    }
}

extension FindingMessage {
    /// Two parts of one sentence, or two findings of one control, joined: "a; b" in English.
    public static func joined(_ first: FindingMessage, _ second: FindingMessage) -> FindingMessage {
        // Translators: two parts of one sentence of an audit report, or two findings about one
        // control, joined. French puts a space before the semicolon.
        FindingMessage(context: "two parts of a sentence", translatableIn("two parts of a sentence", "%1$s; %2$s"), .message(first), .message(second))
    }

    /// Messages joined in order, as `joined` joins two; nil for none.
    public static func joined(_ messages: [FindingMessage]) -> FindingMessage? {
        guard var whole = messages.first else { return nil }
        for next in messages.dropFirst() { whole = joined(whole, next) }
        return whole
    }

    /// Words in quotes as the language writes them: `"Stars"` in English, „Stars“ in German.
    public static func quoted(_ words: String) -> FindingMessage {
        // Translators: words quoted as they were heard or written (a name, an announcement): put
        // your language's quotation marks around %s („%s“, « %s », «%s», „%s”).
        FindingMessage(context: "quoted words", translatableIn("quoted words", "\"%s\""), .text(words))
    }
}
