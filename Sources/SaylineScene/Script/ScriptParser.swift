import SaylineText
import SaylineControls
import SaylineSession

/// Reads a script one line at a time, so a front can stream a script of any length: each line
/// is a step, nothing (blank, a comment, a line the command table passes over) or a problem.
///
/// Scripts say the same few lines again and again ("inc", "expect value weight 62.5"), and
/// reading a line depends on nothing but its text, so what a line read as is kept for lines
/// seen before: a million-line script of twenty distinct lines is parsed twenty times. The
/// memory is bounded (`memoLimit` distinct lines); past it, lines are parsed every time.
public struct ScriptParser: Sendable {
    /// Distinct lines whose reading is kept.
    public static let memoLimit = 4_096

    private enum Reading: Sendable {
        case nothing
        case action(ScriptStep.Action)
        case problem(String)
    }

    private var memo: [String: Reading] = [:]

    /// A parser with nothing seen yet.
    public init() {}

    /// One line, numbered from 1; its line end already gone. A byte-order mark at the start
    /// of line 1 is skipped.
    public mutating func parse(_ line: String, number: Int) -> Result<ScriptStep?, ScriptProblem> {
        let text = number == 1 && line.hasPrefix("\u{FEFF}") ? String(line.dropFirst()) : line
        let trimmed = text.trimmingWhitespace()
        let reading: Reading
        if let seen = memo[trimmed] {
            reading = seen
        } else {
            reading = Self.read(trimmed)
            if memo.count < Self.memoLimit { memo[trimmed] = reading }
        }
        switch reading {
        case .nothing: return .success(nil)
        case .action(let action): return .success(ScriptStep(line: number, text: trimmed, action: action))
        case .problem(let message): return .failure(ScriptProblem(line: number, message: message))
        }
    }

    private static func read(_ trimmed: String) -> Reading {
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .nothing }
        if trimmed == "expect" || trimmed.hasPrefix("expect ") {
            switch Expectation.parse(String(trimmed.dropFirst("expect".count)).trimmingWhitespace()) {
            case .success(let expectation): return .action(.expect(expectation))
            case .failure(let malformed): return .problem(malformed.message)
            }
        }
        switch CommandTable.parse(trimmed) {
        case .success(let command)?: return .action(.command(command))
        case .failure(let rejection)?: return .problem(rejection.message)
        case nil: return .nothing
        }
    }
}
