import Foundation
import Testing
@testable import SaylineSystem
import SaylineCatalogs

/// The check a catalog passes before glibc reads it: every language's plural rule passes,
/// one that can divide by zero or is nested too deep does not, and no damaged file, however
/// cut or scrambled, makes the check itself fail.
@Suite struct CatalogFileTests {
    /// gettext's manual's rules for every family of languages, as msginit writes them.
    static let languagesRules = [
        "0", "(n != 1)", "(n > 1)", "(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2)",
        "(n==1 ? 0 : n==2 ? 1 : 2)", "(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2)",
        "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2)",
        "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
        "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2", "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
        "(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3)",
        "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5)",
    ]

    @Test func everyLanguagesPluralRulePassesAndDangerousOnesDoNot() {
        for rule in Self.languagesRules {
            #expect(CatalogFile.pluralProblem(in: "Plural-Forms: nplurals=3; plural=\(rule);\n") == nil, "\(rule)")
        }
        for rule in ["n/0", "(n%0)", "n%(n-1001)", "n / (n)", "n%  ", String(repeating: "(", count: 17) + "n" + String(repeating: ")", count: 17),
                     String(repeating: "n+", count: 200) + "n", "system(n)", "(n"] {
            #expect(CatalogFile.pluralProblem(in: "Plural-Forms: nplurals=2; plural=\(rule);\n") != nil, "\(rule)")
        }
    }

    /// A real catalog passes; cut anywhere or with bytes changed at random, the check answers
    /// without reading outside the file (the test would crash if it did).
    @Test func damagedCatalogsAreAnsweredNeverRead() throws {
        let path = CatalogFolder.built + "/de/LC_MESSAGES/sayline.mo"
        let real = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(CatalogFile.problem(real) == nil)
        var generator = SystemRandomNumberGenerator()
        var refused = 0
        for round in 0..<3_000 {
            var bytes = real
            if round % 3 == 0 {
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
            } else {
                // Mostly in the header and tables, where offsets and counts lie.
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    let index = round % 2 == 0 ? Int.random(in: 0..<min(bytes.count, 4_096), using: &generator) : Int.random(in: 0..<bytes.count, using: &generator)
                    bytes[index] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            if CatalogFile.problem(bytes) != nil { refused += 1 }
        }
        #expect(refused > 1_000, "most damage is noticed: \(refused)")
    }
}
