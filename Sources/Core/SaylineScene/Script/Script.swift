import SaylineText
import SaylineControls
import SaylineSession
/// A script for `sayline run`: REPL commands and expectations, one a line, with line numbers.
public struct Script: Sendable, Equatable {
    /// The steps, in file order.
    public let steps: [ScriptStep]

    /// Parses every line; a script with any malformed line is refused whole, so nothing runs.
    /// - Complexity: O(n) in the text's length.
    public static func parse(_ text: String) -> Result<Script, ScriptError> {
        var parser = ScriptParser()
        var steps: [ScriptStep] = []
        var problems: [ScriptProblem] = []
        for (index, line) in lines(of: text).enumerated() {
            switch parser.parse(line, number: index + 1) {
            case .success(let step?): steps.append(step)
            case .success(nil): continue
            case .failure(let problem): problems.append(problem)
            }
        }
        return problems.isEmpty ? .success(Script(steps: steps)) : .failure(ScriptError(problems: problems))
    }

    /// The text's lines, without their line ends (LF or CRLF) and without a leading byte-order mark.
    public static func lines(of text: String) -> [String] { LineText.lines(of: text) }
}

/// One line of a script that does something.
public struct ScriptStep: Sendable, Equatable {
    /// What a step does.
    public enum Action: Sendable, Equatable {
        case command(Command)
        case expect(Expectation)
    }

    /// The line the step is on.
    public let line: Int
    /// The line as written, trimmed, for the transcript.
    public let text: String
    /// What it does.
    public let action: Action
}

/// What a script expects after the command before it.
public enum Expectation: Sendable, Equatable {
    /// `expect "62.5 kilograms"`: the last announcement, exactly.
    case heard(String)
    /// `expect value weight 62.5`
    case value(control: String, value: Double)
    /// `expect focus rating`
    case focus(String)
    /// `expect frames 0`: intermediate frames of the last transition (0 when nothing moved).
    case frames(Int)
    /// `expect silent`: the last command announced nothing.
    case silent

    static func parse(_ text: String) -> Result<Expectation, MalformedLine> {
        if text.hasPrefix("\"") {
            switch unquote(text) {
            // Translators: `expect "…"` is the script's command as typed, its quotes the script's own.
            case .unclosed: return .failure(MalformedLine(translated("expect \"…\" needs a closing quote")))
            // Translators: `expect "…"` is the script's command as typed; %s is what follows the closing quote.
            case .trailing(let rest): return .failure(MalformedLine(translated("expect \"…\" takes nothing after the closing quote, not %s", TextSanitiser.echo(rest))))
            case .quoted(let quoted): return .success(.heard(quoted))
            }
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch words.first {
        case "value":
            // Translators: after the colon, an example line as typed (weight is the demo's control); %s is 62.5 in your language's marks.
            guard words.count == 3 else { return .failure(MalformedLine(translated("expect value takes a control and a number: expect value weight %s", NumberText.plain(62.5)))) }
            guard case .success(.number(let number)) = TypedValue.parse(words[2], unit: nil) else {
                return .failure(MalformedLine(translated("expect value needs a number, not %s", TextSanitiser.echo(words[2]))))
            }
            return .success(.value(control: words[1], value: number))
        case "focus":
            // Translators: after the colon, an example line as typed (rating is the demo's control).
            guard words.count == 2 else { return .failure(MalformedLine(translated("expect focus takes one control: expect focus rating"))) }
            return .success(.focus(words[1]))
        case "frames":
            guard words.count == 2, let count = Int(words[1]), count >= 0 else {
                // Translators: after the colon, an example line as typed.
                return .failure(MalformedLine(translated("expect frames takes a whole number: expect frames 0")))
            }
            return .success(.frames(count))
        case "silent":
            guard words.count == 1 else { return .failure(MalformedLine(translated("expect silent takes nothing after it"))) }
            return .success(.silent)
        default:
            // Translators: expect, value, focus, frames and silent are typed as they are; "text" stands for
            // quoted words, its quotes the script's own.
            return .failure(MalformedLine(translated("expect takes \"text\", value, focus, frames or silent")))
        }
    }

    private enum Unquoted {
        case quoted(String)
        case unclosed
        case trailing(String)
    }

    /// `"a \"b\""` → `a "b"`; the whole text must be one quoted string.
    private static func unquote(_ text: String) -> Unquoted {
        var out = ""
        var escaped = false
        var closed = false
        var rest = ""
        for character in text.dropFirst() {
            if closed {
                rest.append(character)
            } else if escaped {
                out.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                closed = true
            } else {
                out.append(character)
            }
        }
        guard closed else { return .unclosed }
        let extra = rest.trimmingWhitespace()
        return extra.isEmpty ? .quoted(out) : .trailing(extra)
    }
}

/// A malformed script line.
public struct ScriptProblem: Error, Sendable, Equatable {
    /// The line the problem is on.
    public let line: Int
    /// What is wrong.
    public let message: String
}

/// Every malformed line of a script.
public struct ScriptError: Error, Sendable, Equatable {
    /// Every problem, in file order.
    public let problems: [ScriptProblem]
}

/// Why a line could not be read.
struct MalformedLine: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
