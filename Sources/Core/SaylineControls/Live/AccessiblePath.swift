/// Where an accessible sits in its application: each step from the application down, with its
/// name and role. Written as `sayline-gtk3 › frame "Mixer" › panel › slider "Volume"`, it is
/// what reports, baselines and `run` scripts name a live control by: it stays the same from one
/// run of the application to the next as long as its names and layout do.
public struct AccessiblePath: Sendable, Equatable, Hashable {
    /// One step of the path.
    public struct Step: Sendable, Equatable, Hashable {
        /// The accessible's role as AT-SPI names it ("frame", "push button").
        public let role: String
        /// Its name; empty when it has none.
        public let name: String
        /// Which of its parent's children with the same role and name it is, from 1, when there
        /// are several; nil when it is the only one.
        public let ordinal: Int?

        public init(role: String, name: String, ordinal: Int? = nil) {
            self.role = role
            self.name = name
            self.ordinal = ordinal
        }

        /// `slider "Volume"`, `panel`, `slider 2`.
        public var text: String {
            var words = role
            if !name.isEmpty { words += " \"" + name.replacingQuotes + "\"" }
            if let ordinal { words += " " + String(ordinal) }
            return words
        }
    }

    /// The application's name: the first step.
    public let application: String
    /// The steps below the application, down to the control.
    public let steps: [Step]

    public init(application: String, steps: [Step]) {
        self.application = application
        self.steps = steps
    }

    /// The separator between steps, as a screen reader's "where am I" reads a path.
    public static let separator = " › "

    /// The whole path in one line: the control's id in reports.
    public var text: String {
        ([application] + steps.map(\.text)).joined(separator: Self.separator)
    }

    /// The path below the application: what `describe` lists under the application's name.
    public var withinApplication: String {
        steps.map(\.text).joined(separator: Self.separator)
    }
}

extension String {
    /// A name inside quotes keeps its own quotes as apostrophes, so a path reads back whole.
    fileprivate var replacingQuotes: String {
        contains("\"") ? String(map { $0 == "\"" ? "'" : $0 }) : self
    }
}
