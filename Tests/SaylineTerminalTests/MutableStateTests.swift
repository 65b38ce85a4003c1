import Foundation
import PseudoTerminal
import Testing

/// Every mutable static or global of the program is one architecture.md's table lists, with
/// why, and there are at most eight: state with one owner, which the table cannot drift from.
/// Found by reading the sources as a newcomer would: Swift's `nonisolated(unsafe)` and locked
/// statics, top-level `var`s, and C's file-scope and thread-local variables. The benchmark and
/// the test harness are not the program.
@Suite struct MutableStateTests {
    static let limit = 8

    /// "Signals.terminated", "ReadlineBridge.owner", "passwd_state": each declaration's name,
    /// with its type's name for a Swift static.
    static func declaredState() throws -> [String] {
        var found: [String] = []
        let sources = PackagePaths.file("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where !file.hasPrefix("Programs/sayline-bench") && !file.hasPrefix("Testing/") {
            let path = sources.appendingPathComponent(file).path
            if file.hasSuffix(".swift") {
                found += swiftState(try String(contentsOfFile: path, encoding: .utf8))
            } else if file.hasSuffix(".c") {
                found += cState(try String(contentsOfFile: path, encoding: .utf8))
            }
        }
        return found
    }

    /// Statics marked `nonisolated(unsafe)` or holding a lock, and `var`s at the top level.
    static func swiftState(_ text: String) -> [String] {
        // The types declared so far, by the indentation of their declaration.
        var types: [Int: String] = [:]
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
            let indent = line.prefix { $0 == " " }.count
            if let kind = words.firstIndex(where: { ["enum", "struct", "class", "extension", "actor"].contains($0) }), kind + 1 < words.count,
               !words.contains(where: { ["var", "let", "func", "case"].contains($0) }) {
                types[indent] = String(words[kind + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            }
            // A static belongs to the type declared one level out.
            let owner = types[indent - 4] ?? ""
            guard let binding = words.firstIndex(where: { $0 == "var" || $0 == "let" }), binding + 1 < words.count else { continue }
            let name = words[binding + 1].trimmingCharacters(in: CharacterSet(charactersIn: ":="))
            let isStatic = words[..<binding].contains("static")
            let unsafe = words[..<binding].contains("nonisolated(unsafe)")
            let locked = isStatic && (line.contains("= Mutex<") || line.contains("= Atomic<"))
            let global = !line.hasPrefix(" ") && words[binding] == "var"
            if unsafe && !isStatic || global { found.append(name) } else if (unsafe || locked) && isStatic { found.append("\(owner).\(name)") }
        }
        return found
    }

    /// File-scope `static` variables that are not `const`, and thread-locals.
    static func cState(_ text: String) -> [String] {
        var found: [String] = []
        var depth = 0
        var record = false
        for line in text.split(separator: "\n").map(String.init) {
            let atFileScope = depth == 0
            if atFileScope, line.hasPrefix("static "), !line.contains("const "), !line.contains("("), line.hasSuffix(";") || line.hasSuffix("{") {
                if line.hasSuffix("{") { record = true } else {
                    found.append(line.dropLast().split(separator: " ").last.map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "*[]0123456789")) } ?? line)
                }
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            // `static struct { … } name;`: the record's name follows its closing brace.
            if record, depth == 0, line.hasPrefix("}") {
                found.append(line.dropFirst().trimmingCharacters(in: CharacterSet(charactersIn: " ;")))
                record = false
            }
        }
        return found
    }

    /// The names in architecture.md's table of mutable statics: each row's first code span.
    static func documentedState() throws -> [String] {
        let text = try String(contentsOf: PackagePaths.file("Docs/architecture.md"), encoding: .utf8)
        guard let section = text.range(of: "### Mutable statics") else { return [] }
        let rows = text[section.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
        return rows.compactMap { row in row.split(separator: "`").dropFirst().first.map(String.init) }
    }

    @Test func everyMutableStaticIsListedWithWhyAndThereAreFew() throws {
        let declared = try Self.declaredState()
        let documented = try Self.documentedState()
        #expect(declared.count <= Self.limit, "\(declared.count) mutable statics and globals: \(declared)")
        #expect(Set(declared) == Set(documented), "in the code, not the table: \(Set(declared).subtracting(documented)); in the table, not the code: \(Set(documented).subtracting(declared))")
    }

    /// The reader of the sources finds what it is meant to: each kind of declaration, and no
    /// constant, local or instance property.
    @Test func theCountFindsEachKindAndNothingElse() {
        let swift = """
            enum Signals {
                package nonisolated(unsafe) static var terminated: sig_atomic_t = 0
                static let limit = 8
                private static let inForce = Mutex<InForce>(InForce())
                var instance = 0
                func f() { var local = 1 }
            }
            nonisolated(unsafe) private var table: [Int] = []
            var figures: [Int] = []
            let constant = 1
            """
        #expect(Self.swiftState(swift) == ["Signals.terminated", "Signals.inForce", "table", "figures"])
        let c = """
            static int count;
            static const int fixed = 1;
            static _Thread_local void *slot;
            static struct {
                int a;
            } record;
            static void f(void) { static int inner; }
            """
        #expect(Self.cState(c) == ["count", "slot", "record"])
    }
}
