/// A catalog's plural rule (`Plural-Forms: nplurals=3; plural=(n==1 ? 0 : …);`), read as glibc
/// reads it (its `plural.y`: C's operators on unsigned longs, `?:` the loosest and `!` the
/// tightest), so that the form a count takes is known without asking glibc for each count:
/// a counted message's forms are looked up once, and any count picks one of them.
///
/// Where glibc would read the header otherwise (no rule, a rule it cannot parse: then it counts
/// the Germanic way), this reads nothing and the catalog asks glibc for each count.
struct PluralRule: Sendable {
    /// How many forms a counted message has.
    let count: Int
    /// The expression made into one function of `n`, each operation a closure of its
    /// operands': evaluated for every number said, where walking the parsed nodes was a
    /// twentieth of a Polish script.
    private let evaluate: @Sendable (UInt64) -> UInt64

    /// One operation of the expression, its operands by place among the nodes.
    private struct Node: Sendable {
        let operation: Operation
        let value: UInt64
        let first: Int
        let second: Int
        let third: Int
    }

    private enum Operation: UInt8, Sendable {
        case variable, number, not
        case multiply, divide, remainder, add, subtract
        case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual
        case and, or, choice
    }

    /// The rule in a catalog's header, or nil where glibc would not find one (then it uses
    /// the Germanic rule, and so does glibc's own answer for each count).
    init?(header: String) {
        let bytes = Array(header.utf8)
        // As glibc: the first "plural=" and the first "nplurals=" anywhere in the header.
        guard let rule = Self.find("plural=", in: bytes), let forms = Self.find("nplurals=", in: bytes) else { return nil }
        var index = forms
        while index < bytes.count, bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) { index += 1 }
        var number = 0
        var digits = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), digits < 9 {
            number = number * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        // No count, or one too large to be any language's: left to glibc.
        guard digits > 0, digits < 9, index >= bytes.count || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
        var parser = Parser(bytes: bytes, index: rule)
        guard let root = parser.expression(), parser.token() == .end else { return nil }
        count = number
        evaluate = Self.compile(parser.nodes, root)
    }

    /// The form `n` takes: glibc's answer, the first form when the rule names one past the last.
    func form(for n: UInt64) -> Int {
        let index = evaluate(n)
        return index < UInt64(count) ? Int(index) : 0
    }

    /// The node at `at` as a function of `n`, on unsigned 64-bit numbers as glibc's are. A
    /// comparison or arithmetic with a number on the right (`n%10`, `n%100>=20`), the most
    /// of every rule, reads the number where it lies.
    private static func compile(_ nodes: [Node], _ at: Int) -> @Sendable (UInt64) -> UInt64 {
        let node = nodes[at]
        switch node.operation {
        case .variable: return { $0 }
        case .number:
            let value = node.value
            return { _ in value }
        case .not:
            let operand = compile(nodes, node.first)
            return { operand($0) == 0 ? 1 : 0 }
        case .and:
            let left = compile(nodes, node.first), right = compile(nodes, node.second)
            return { left($0) != 0 && right($0) != 0 ? 1 : 0 }
        case .or:
            let left = compile(nodes, node.first), right = compile(nodes, node.second)
            return { left($0) != 0 || right($0) != 0 ? 1 : 0 }
        case .choice:
            let condition = compile(nodes, node.first), then = compile(nodes, node.second), otherwise = compile(nodes, node.third)
            return { condition($0) != 0 ? then($0) : otherwise($0) }
        default: break
        }
        let operation = node.operation
        let left = compile(nodes, node.first)
        if nodes[node.second].operation == .number {
            let right = nodes[node.second].value
            if nodes[node.first].operation == .variable { return { apply(operation, $0, right) } }
            return { apply(operation, left($0), right) }
        }
        let right = compile(nodes, node.second)
        return { apply(operation, left($0), right($0)) }
    }

    @inline(__always)
    private static func apply(_ operation: Operation, _ left: UInt64, _ right: UInt64) -> UInt64 {
        switch operation {
        case .multiply: return left &* right
        // The catalog's check refused any rule dividing by what may be zero; glibc would trap.
        case .divide: return right == 0 ? 0 : left / right
        case .remainder: return right == 0 ? 0 : left % right
        case .add: return left &+ right
        case .subtract: return left &- right
        case .less: return left < right ? 1 : 0
        case .lessOrEqual: return left <= right ? 1 : 0
        case .greater: return left > right ? 1 : 0
        case .greaterOrEqual: return left >= right ? 1 : 0
        case .equal: return left == right ? 1 : 0
        case .notEqual: return left != right ? 1 : 0
        default: return 0
        }
    }

    /// Where the text after `key` starts, at its first place in `bytes`.
    private static func find(_ key: String, in bytes: [UInt8]) -> Int? {
        let key = Array(key.utf8)
        guard bytes.count >= key.count else { return nil }
        for start in 0...(bytes.count - key.count) where bytes[start..<(start + key.count)].elementsEqual(key) {
            return start + key.count
        }
        return nil
    }

    private enum Token: Equatable {
        case variable, number(UInt64), not, operation(Operation), question, colon, open, close, end, error
    }

    /// glibc's grammar by precedence climbing: `?:` (right), `||`, `&&`, `== !=`, `< > <= >=`,
    /// `+ -`, `* / %` (each left), then `!`, `n`, a number or a bracket. Nested at most as
    /// deep as the catalog's check allows.
    private struct Parser {
        let bytes: [UInt8]
        var index: Int
        var nodes: [Node] = []
        var depth = 0
        /// The token read ahead, if any.
        var ahead: Token?

        init(bytes: [UInt8], index: Int) {
            self.bytes = bytes
            self.index = index
        }

        /// The next token, as glibc's scanner reads it: spaces and tabs between, and `;`, a
        /// line's end or the text's end end the rule.
        mutating func token() -> Token {
            if let ahead {
                self.ahead = nil
                return ahead
            }
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            guard index < bytes.count else { return .end }
            let byte = bytes[index]
            index += 1
            func next(_ expected: UInt8) -> Bool {
                guard index < bytes.count, bytes[index] == expected else { return false }
                index += 1
                return true
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                var value = UInt64(byte - UInt8(ascii: "0"))
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    value = value &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                }
                return .number(value)
            case UInt8(ascii: "="): return next(UInt8(ascii: "=")) ? .operation(.equal) : .error
            case UInt8(ascii: "!"): return next(UInt8(ascii: "=")) ? .operation(.notEqual) : .not
            case UInt8(ascii: "&"): return next(UInt8(ascii: "&")) ? .operation(.and) : .error
            case UInt8(ascii: "|"): return next(UInt8(ascii: "|")) ? .operation(.or) : .error
            case UInt8(ascii: "<"): return .operation(next(UInt8(ascii: "=")) ? .lessOrEqual : .less)
            case UInt8(ascii: ">"): return .operation(next(UInt8(ascii: "=")) ? .greaterOrEqual : .greater)
            case UInt8(ascii: "*"): return .operation(.multiply)
            case UInt8(ascii: "/"): return .operation(.divide)
            case UInt8(ascii: "%"): return .operation(.remainder)
            case UInt8(ascii: "+"): return .operation(.add)
            case UInt8(ascii: "-"): return .operation(.subtract)
            case UInt8(ascii: "n"): return .variable
            case UInt8(ascii: "?"): return .question
            case UInt8(ascii: ":"): return .colon
            case UInt8(ascii: "("): return .open
            case UInt8(ascii: ")"): return .close
            case UInt8(ascii: ";"), UInt8(ascii: "\n"), 0:
                index -= 1
                return .end
            default: return .error
            }
        }

        mutating func peek() -> Token {
            let next = token()
            ahead = next
            return next
        }

        mutating func add(_ operation: Operation, value: UInt64 = 0, _ first: Int = -1, _ second: Int = -1, _ third: Int = -1) -> Int {
            nodes.append(Node(operation: operation, value: value, first: first, second: second, third: third))
            return nodes.count - 1
        }

        /// The binding strength of a binary operation: higher binds tighter.
        static func strength(_ operation: Operation) -> Int? {
            switch operation {
            case .or: 1
            case .and: 2
            case .equal, .notEqual: 3
            case .less, .lessOrEqual, .greater, .greaterOrEqual: 4
            case .add, .subtract: 5
            case .multiply, .divide, .remainder: 6
            default: nil
            }
        }

        /// `a ? b : c`, right to left, over binary operations.
        mutating func expression() -> Int? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64, let condition = binary(above: 0) else { return nil }
            guard peek() == .question else { return condition }
            _ = token()
            guard let then = expression(), token() == .colon, let otherwise = expression() else { return nil }
            return add(.choice, condition, then, otherwise)
        }

        /// Binary operations binding tighter than `floor`, each to the left.
        mutating func binary(above floor: Int) -> Int? {
            guard var left = unary() else { return nil }
            while case .operation(let operation) = peek(), let strength = Self.strength(operation), strength > floor {
                _ = token()
                guard let right = binary(above: strength) else { return nil }
                left = add(operation, left, right)
            }
            return left
        }

        /// `!x`, `n`, a number, or a bracketed expression.
        mutating func unary() -> Int? {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64 else { return nil }
            switch token() {
            case .not:
                guard let operand = unary() else { return nil }
                return add(.not, operand)
            case .variable: return add(.variable)
            case .number(let value): return add(.number, value: value)
            case .open:
                guard let inner = expression(), token() == .close else { return nil }
                return inner
            default: return nil
            }
        }
    }
}
