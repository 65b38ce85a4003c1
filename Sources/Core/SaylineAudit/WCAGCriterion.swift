import SaylineText

/// A WCAG 2.2 success criterion a rule checks, with the tags axe-core gives it.
public struct WCAGCriterion: Sendable, Equatable, Hashable {
    /// A conformance level: A, AA or AAA.
    public enum Level: String, Sendable, Comparable {
        case a = "A"
        case aa = "AA"
        case aaa = "AAA"

        /// A is below AA, below AAA.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue.count < rhs.rawValue.count }
    }

    /// "4.1.2"
    public let number: String
    /// "Name, Role, Value", as W3C names it in English: the catalogs' key for its name in
    /// another language (`translatedName`).
    public let name: String
    /// The criterion's level.
    public let level: Level
    /// The WCAG version that added it: "2.0", "2.1" or "2.2".
    public let version: String

    /// "WCAG 2.2 SC 4.1.2 Name, Role, Value (A)"
    public var title: String { "WCAG 2.2 SC \(number) \(name) (\(level.rawValue))" }

    /// The criterion's name in the language of this thread's phrasebook, as W3C's authorized
    /// translation of WCAG names it where there is one: "Name, Rolle, Wert".
    public var translatedName: String { Phrasebook.current.text(name, context: Self.nameContext) }

    /// `title` in the language of this thread's phrasebook.
    public var translatedTitle: String {
        // Translators: a WCAG success criterion: %1$s its number ("4.1.2"), %2$s its name,
        // %3$s its level (A, AA or AAA). Write "SC" as WCAG's translation in your language
        // calls a success criterion.
        translated("WCAG 2.2 SC %1$s %2$s (%3$s)", number, translatedName, level.rawValue)
    }

    /// axe-core's criterion tag: "wcag412".
    public var criterionTag: String { "wcag" + number.filter(\.isNumber) }

    /// axe-core's level tag: "wcag2a", "wcag21aa", "wcag22aa"; every AAA criterion is "wcag2aaa".
    public var levelTag: String {
        if level == .aaa { return "wcag2aaa" }
        let version = self.version == "2.0" ? "2" : self.version.filter(\.isNumber)
        return "wcag" + version + level.rawValue.lowercased()
    }

    /// The context the names are looked up in.
    static let nameContext = "WCAG success criterion"

    // Translators: the names of WCAG success criteria follow: write each as W3C's authorized
    // translation of WCAG 2.x in your language names it, where there is one.
    /// SC 1.3.1.
    public static let infoAndRelationships = WCAGCriterion(number: "1.3.1", name: translatableIn("WCAG success criterion", "Info and Relationships"), level: .a, version: "2.0")
    /// SC 2.1.1.
    public static let keyboard = WCAGCriterion(number: "2.1.1", name: translatableIn("WCAG success criterion", "Keyboard"), level: .a, version: "2.0")
    /// SC 2.2.2.
    public static let pauseStopHide = WCAGCriterion(number: "2.2.2", name: translatableIn("WCAG success criterion", "Pause, Stop, Hide"), level: .a, version: "2.0")
    /// SC 2.3.3.
    public static let animationFromInteractions = WCAGCriterion(number: "2.3.3", name: translatableIn("WCAG success criterion", "Animation from Interactions"), level: .aaa, version: "2.1")
    /// SC 2.4.6.
    public static let headingsAndLabels = WCAGCriterion(number: "2.4.6", name: translatableIn("WCAG success criterion", "Headings and Labels"), level: .aa, version: "2.0")
    /// SC 2.5.7.
    public static let draggingMovements = WCAGCriterion(number: "2.5.7", name: translatableIn("WCAG success criterion", "Dragging Movements"), level: .aa, version: "2.2")
    /// SC 3.1.2: each part of the content in another language says so, so that it is read in its voice.
    public static let languageOfParts = WCAGCriterion(number: "3.1.2", name: translatableIn("WCAG success criterion", "Language of Parts"), level: .aa, version: "2.0")
    /// SC 4.1.2: a control's name, role and value are there for assistive technology.
    public static let nameRoleValue = WCAGCriterion(number: "4.1.2", name: translatableIn("WCAG success criterion", "Name, Role, Value"), level: .a, version: "2.0")
    /// SC 4.1.3.
    public static let statusMessages = WCAGCriterion(number: "4.1.3", name: translatableIn("WCAG success criterion", "Status Messages"), level: .aa, version: "2.1")
}
