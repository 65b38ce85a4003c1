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

    private var memo = ScriptLineMemo<Reading>(limit: ScriptParser.memoLimit)

    /// A parser with nothing seen yet.
    public init() {}

    /// One line, numbered from 1; its line end already gone. A byte-order mark at the start
    /// of line 1 is skipped.
    public mutating func parse(_ line: String, number: Int) -> Result<ScriptStep?, ScriptProblem> {
        var line = line
        return line.withUTF8 { parse(utf8: $0, number: number) }
    }

    /// The same, for a line's bytes, which must be UTF-8: a front reading a file gives them as
    /// they lie in its buffer, and a line seen before is read without a String made of it.
    public mutating func parse(utf8 line: UnsafeBufferPointer<UInt8>, number: Int) -> Result<ScriptStep?, ScriptProblem> {
        var start = 0, end = line.count
        if number == 1, end >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { start = 3 }
        while start < end, line[start].isASCIIWhitespace { start += 1 }
        while start < end, line[end - 1].isASCIIWhitespace { end -= 1 }
        // An end that is not ASCII may be white space of another script: the String's own
        // trimming settles those rare lines.
        if start < end, line[start] >= 0x80 || line[end - 1] >= 0x80 {
            var trimmed = String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self).trimmingWhitespace()
            return trimmed.withUTF8 { step(trimmed: $0, number: number) }
        }
        return step(trimmed: UnsafeBufferPointer(rebasing: line[start..<end]), number: number)
    }

    private mutating func step(trimmed bytes: UnsafeBufferPointer<UInt8>, number: Int) -> Result<ScriptStep?, ScriptProblem> {
        let text: String, reading: Reading
        if let seen = memo.find(bytes) {
            (text, reading) = seen
        } else {
            text = String(decoding: bytes, as: UTF8.self)
            reading = Self.read(text)
            memo.remember(bytes, text: text, reading: reading)
        }
        switch reading {
        case .nothing: return .success(nil)
        case .action(let action): return .success(ScriptStep(line: number, text: text, action: action))
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
