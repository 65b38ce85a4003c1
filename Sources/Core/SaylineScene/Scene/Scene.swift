import SaylineText
import SaylineControls
/// A set of controls from a scene file, with the audit findings its author has accepted.
public struct Scene: Sendable, Equatable {
    /// The most controls a scene may have.
    public static let maximumControls = 10_000
    /// Labels, unit words, hints, prefixes: longer text is refused.
    public static let maximumTextLength = 200
    /// Scene files larger than this are refused before they are read.
    public static let maximumFileSize = 16 * 1024 * 1024

    /// The controls, in focus order.
    public var elements: [AdjustableElement]
    /// Findings the scene accepts, with the reason.
    public var suppressions: [Suppression]
    /// Where each control stands in its file, in the order of `elements`; empty for a scene
    /// that was not read from a file (the demo).
    public var sources: [ControlSource]

    /// A scene; `sources` gives where each control stands in its file.
    public init(elements: [AdjustableElement], suppressions: [Suppression] = [], sources: [ControlSource] = []) {
        self.elements = elements
        self.suppressions = suppressions
        self.sources = sources
    }

    /// Two scenes are the same when their controls and suppressions are: where a scene was
    /// read from, and how its file was laid out, do not count.
    public static func == (lhs: Scene, rhs: Scene) -> Bool {
        lhs.elements == rhs.elements && lhs.suppressions == rhs.suppressions
    }

    /// The built-in demo scene, in the language this thread speaks.
    public static var demo: Scene { Scene(elements: DemoScene.elements) }

    /// The built-in demo scene, claiming each of `languages` (the program's catalogs' phrasebooks).
    public static func demo(in languages: [Phrasebook]) -> Scene { Scene(elements: DemoScene.elements(in: languages)) }
}

/// Where a control stands in its scene file, for reports: SARIF's region, axe's node `html`.
public struct ControlSource: Sendable, Equatable {
    /// The line the control starts on.
    public let line: Int
    /// In Unicode code points from 1.
    public let column: Int
    /// The control's JSON as the file has it.
    public let text: String
    /// The bytes of the control's object in the file, braces included.
    public let bytes: Range<Int>
    /// The bytes of its `value` number, if it has one: a save rewrites only these.
    public let valueBytes: Range<Int>?

    /// Where a control stands in its file.
    public init(line: Int, column: Int, text: String, bytes: Range<Int> = 0..<0, valueBytes: Range<Int>? = nil) {
        self.line = line
        self.column = column
        self.text = text
        self.bytes = bytes
        self.valueBytes = valueBytes
    }
}

/// A known finding kept in the report as suppressed, with the reason, instead of deleted.
public struct Suppression: Sendable, Equatable {
    /// The rule whose findings are accepted.
    public let rule: String
    /// The control's id, or nil for every control.
    public let control: String?
    /// Why they are accepted, as every report says it.
    public let reason: String

    /// A suppression; `control` nil accepts the rule's findings for every control.
    public init(rule: String, control: String?, reason: String) {
        self.rule = rule
        self.control = control
        self.reason = reason
    }
}

/// One problem in a scene file: where it is and what is wrong.
public struct SceneProblem: Error, Sendable, Equatable {
    /// The line the problem is on.
    public let line: Int
    /// The JSON path: `controls[2].step`.
    public let path: String
    /// What is wrong.
    public let message: String

    /// A problem at a line and a JSON path.
    public init(line: Int, path: String, message: String) {
        self.line = line
        self.path = path
        self.message = message
    }

    /// `scene.json:12: controls[2].step: must be a number`
    public func formatted(file: String) -> String {
        path.isEmpty ? "\(file):\(line): \(message)" : "\(file):\(line): \(path): \(message)"
    }
}

/// Every problem found in a scene file, in the order they appear.
public struct SceneError: Error, Sendable, Equatable {
    /// Every problem found, in file order.
    public let problems: [SceneProblem]
    /// The problems of one read.
    public init(_ problems: [SceneProblem]) { self.problems = problems }
}

extension Scene {
    /// Every setting a control cannot use as written (`AdjustableElement.settingProblems`), at
    /// the line its control starts on and with the scene's own key in the path:
    /// `controls[0].max`. `sayline scene --check` and `sayline pick --scene` refuse a scene
    /// with any, as the audit reports them.
    public var settingProblems: [SceneProblem] {
        var problems: [SceneProblem] = []
        for (index, element) in elements.enumerated() {
            let line = index < sources.count ? sources[index].line : 1
            for problem in element.settingProblems {
                problems.append(SceneProblem(line: line, path: "controls[\(index)].\(Self.key(forSetting: problem.field))", message: problem.problem))
            }
        }
        return problems
    }

    /// The scene's key for a setting the controls name in words: "maximum" is written "max".
    public static func key(forSetting field: String) -> String {
        switch field {
        case "minimum": "min"
        case "maximum": "max"
        default: field
        }
    }
}
