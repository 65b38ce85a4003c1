/// Parses JSON text.
/// - Complexity: O(n) in the input's length; nesting deeper than `maximumDepth` is refused.
public struct JSONParser {
    /// Nesting deeper than this is refused: a scene never needs it, and recursion must stay bounded.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    /// An array with more items than this stops the parse there: a reader with a limit (a
    /// scene's controls) refuses an oversized document in the time it takes to reach it,
    /// never building the rest.
    private var maximumArrayLength = Int.max
    private var index = 0
    private var line = 1
    /// Where the current line starts, and a point on it whose column is known: columns are
    /// counted forwards from there, so a long one-line file costs O(n), not O(n²).
    private var lineStart = 0
    private var counted = (index: 0, column: 1)

    /// Parses a whole document, or says on which line it stops being JSON.
    /// - Parameter maximumArrayLength: the most items any array may hold.
    public static func parse(_ bytes: [UInt8], maximumArrayLength: Int = .max) -> Result<JSONNode, JSONSyntaxError> {
        var parser = JSONParser(bytes: bytes)
        parser.maximumArrayLength = maximumArrayLength
        do {
            // A byte-order mark is tolerated: some editors write one.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            parser.skipWhitespace()
            let node = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            guard parser.index == bytes.count else { throw parser.error(translated("unexpected text after the end of the document")) }
            return .success(node)
        } catch let error as JSONSyntaxError {
            return .failure(error)
        } catch {
            return .failure(JSONSyntaxError(line: parser.line, message: translated("unreadable JSON")))
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// What the parse says when an array passes `maximumArrayLength`.
    public static func arrayLimitMessage(_ limit: Int) -> String { translated("an array of more than %s items", NumberText.spoken(limit)) }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(line: line, message: message) }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: line += 1; index += 1; lineStart = index
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws -> JSONNode {
        guard depth < Self.maximumDepth else { throw error(translated("nested more than %s levels deep", NumberText.spoken(Self.maximumDepth))) }
        guard index < bytes.count else { throw error(translated("the document ends where a value was expected")) }
        let start = line, column = currentColumn(), first = index
        let value: JSONValue
        switch bytes[index] {
        case UInt8(ascii: "{"): value = try parseObject(depth: depth)
        case UInt8(ascii: "["): value = try parseArray(depth: depth)
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); value = .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); value = .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
        default: throw error(translated("unexpected character where a value was expected"))
        }
        return JSONNode(value: value, line: start, column: column, bytes: first..<index)
    }

    /// The column of `index` on its line, in code points: UTF-8 continuation bytes do not count.
    private mutating func currentColumn() -> Int {
        if counted.index < lineStart { counted = (lineStart, 1) }
        var column = counted.column
        for position in counted.index..<index where bytes[position] & 0xC0 != 0x80 { column += 1 }
        counted = (index, column)
        return column
    }

    private mutating func expectWord(_ word: String) throws {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error(translated("unexpected word where a value was expected"))
        }
        index += expected.count
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        index += 1
        var members: [(key: String, node: JSONNode)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            // Translators: JSON's own marks (the double quotes, ':', ',', '}' and ']' below) stay as typed.
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error(translated("expected a key in double quotes")) }
            let key = try parseString()
            skipWhitespace()
            // Translators: %s is the key as the file has it; ':' stays as typed. Quote it as your language does.
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error(translated("expected ':' after the key \"%s\"", TextSanitiser.echo(key))) }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard index < bytes.count else { throw error(translated("the document ends inside an object")) }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error(translated("expected ',' or '}' in an object"))
        }
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            guard elements.count < maximumArrayLength else { throw error(Self.arrayLimitMessage(maximumArrayLength)) }
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error(translated("the document ends inside an array")) }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw error(translated("expected ',' or ']' in an array"))
        }
    }

    private mutating func parseString() throws -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        let start = index
        func runText(_ parser: inout JSONParser) throws -> String {
            guard let text = String(validating: parser.bytes[run..<parser.index], as: UTF8.self) else { throw parser.error(translated("a string is not valid UTF-8")) }
            return text
        }
        func flushRun(_ parser: inout JSONParser) throws {
            guard run < parser.index else { return }
            scalars.append(contentsOf: try runText(&parser).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                // A string without escapes, as most are, is its bytes as they stand: no
                // scalars are gathered for it (their view's append was 7 % of an audit).
                if run == start {
                    let text = try runText(&self)
                    index += 1
                    return text
                }
                try flushRun(&self)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error(byte == 0x0A ? translated("a string runs past the end of its line") : translated("a control character inside a string must be escaped")) }
            if byte == UInt8(ascii: "\\") {
                try flushRun(&self)
                index += 1
                guard index < bytes.count else { break }
                scalars.append(try parseEscape())
                run = index
                continue
            }
            index += 1
        }
        throw error(translated("the document ends inside a string"))
    }

    /// The character an escape stands for, read from the byte after its backslash (there is one): `\n`, `\"`, `\u00e9`.
    private mutating func parseEscape() throws -> Unicode.Scalar {
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try parseUnicodeEscape()
        default: throw error(translated("an unknown escape in a string"))
        }
    }

    /// The code point of a `\u` escape, its `\u` behind it: a character outside the Basic
    /// Multilingual Plane is two escapes, a surrogate pair, and half of one is refused.
    private mutating func parseUnicodeEscape() throws -> Unicode.Scalar {
        var code = try parseHex4()
        if (0xD800...0xDBFF).contains(code) {
            // A surrogate pair: the low half must follow.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error(translated("a lone surrogate in a \\u escape"))
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error(translated("a lone surrogate in a \\u escape")) }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw error(translated("a lone surrogate in a \\u escape")) }
        return scalar
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error(translated("a \\u escape needs four hex digits")) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(translated("a \\u escape needs four hex digits"))
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, parser.bytes[parser.index] >= UInt8(ascii: "0"), parser.bytes[parser.index] <= UInt8(ascii: "9") { parser.index += 1 }
            return parser.index - from
        }
        let integerStart = index
        guard digits(&self) > 0 else { throw error(translated("a number needs digits")) }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 { throw error(translated("a number may not start with 0")) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error(translated("a number needs digits after its point")) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error(translated("a number needs digits in its exponent")) }
        }
        // Too large for a Double is infinity here; the scene decoder treats it as a bad number.
        return Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? .nan
    }
}
