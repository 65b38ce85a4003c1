import Foundation
import Testing
@testable import SaylineSystem

/// A catalog's plural rule read as glibc reads it: for every family of languages' rule, and
/// for rules that try the grammar's corners (precedence, `!`, `?:` nested, a form past the
/// last, unsigned wrapping), the form a count takes is the one glibc gives, for every count to
/// 1,200 and some far past; a header glibc cannot read leaves each count to glibc.
@Suite struct PluralRuleTests {
    static let cornerRules = [
        "n%10+1", "!n", "n==1 || n==2 ? 0 : 1", "n>1 && n<5", "n*2%3", "n-1", "1 ? n%3 : 2",
        "n%3 ? n%2 ? 1 : 2 : 0", "n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2",
        "!n==0", "n%7<=3 == 1", "(n%5)*(n%3)", "n", "3 - n%4 - 1",
    ]

    @Test func eachRulePicksTheFormGlibcPicks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plural-rules-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let rules = CatalogFileTests.languagesRules + Self.cornerRules
        let counts: [UInt64] = Array(0...1_200) + [9_999, 10_001, 123_456, 1_000_000, 4_294_967_297, UInt64.max]
        for (index, rule) in rules.enumerated() {
            let code = "x" + String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index / 26))) + String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index % 26)))
            let folder = root.appendingPathComponent("\(code)/LC_MESSAGES")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let forms = (0..<6).map { "msgstr[\($0)] \"form \($0)\"" }.joined(separator: "\n")
            let po = folder.appendingPathComponent("sayline.po")
            try """
            msgid ""
            msgstr ""
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Plural-Forms: nplurals=\(index % 2 == 0 ? 6 : 3); plural=\(rule);\\n"

            msgctxt "this language's name"
            msgid "English"
            msgstr "Test"

            msgid "%s thing"
            msgid_plural "%s things"
            \(forms)

            """.write(to: po, atomically: true, encoding: .utf8)
            let msgfmt = Process()
            msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
            msgfmt.arguments = ["-o", folder.appendingPathComponent("sayline.mo").path, po.path]
            try msgfmt.run()
            msgfmt.waitUntilExit()
            #expect(msgfmt.terminationStatus == 0, "\(rule)")
            guard case .success(let catalog) = GettextCatalog.open(language: code, folder: root.path) else {
                Issue.record("\(rule): the catalog did not open")
                continue
            }
            guard let all = catalog.pluralForms(of: "%s thing", plural: "%s things") else {
                Issue.record("\(rule): no forms at once")
                continue
            }
            for count in counts {
                let glibc = catalog.translation(of: "%s thing", plural: "%s things", count: count)
                // Every form a count below 1,000 takes is given at once; a form no such count
                // takes is asked for its count, as the phrasebook does.
                let atOnce = catalog.pluralForm(for: count).flatMap { all[$0] }
                if count < 1_000 { #expect(atOnce != nil, "\(rule) at \(count)") }
                let ours = atOnce ?? glibc
                #expect(ours == glibc, "\(rule) at \(count)")
                if ours != glibc { break }
            }
        }
    }

    @Test func aHeaderGlibcCannotReadLeavesEachCountToGlibc() {
        #expect(PluralRule(header: "Plural-Forms: nplurals=2; plural=n n;\n") == nil)
        #expect(PluralRule(header: "Plural-Forms: nplurals=2; plural=(n != 1;\n") == nil)
        #expect(PluralRule(header: "Plural-Forms: plural=(n != 1);\n") == nil)
        #expect(PluralRule(header: "Plural-Forms: nplurals=x; plural=(n != 1);\n") == nil)
        #expect(PluralRule(header: "Plural-Forms: nplurals=2; plural=-n;\n") == nil)
        #expect(PluralRule(header: "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n")?.form(for: 22) == 1)
    }
}
