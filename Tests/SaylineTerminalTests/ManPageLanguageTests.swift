import Foundation
import PseudoTerminal
import Testing

/// The man pages in each language (Docs/man/LL/): the hand-written prose is translated in the
/// page, the generated sections come from the same tables and catalogs as the English page's
/// (DocsTests compares them). Here: each translated page keeps the English page's skeleton, so
/// a paragraph added to the English prose is missed by no translation, and man-db reads it.
@Suite struct ManPageLanguageTests {
    static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let pages = ["sayline.1", "sayline-scene.5", "sayline-audit-rules.7"]

    static var languages: [String] {
        let folder = packageFolder.appendingPathComponent("Docs/man").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The requests that shape a page outside its generated sections, and the marker lines.
    static func skeleton(_ page: String) -> [String] {
        var shape: [String] = []
        var generated = false
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".\\\" BEGIN GENERATED") || line.hasPrefix(".\\\" END GENERATED") {
                shape.append(String(line))
                generated = line.hasPrefix(".\\\" BEGIN")
                continue
            }
            guard !generated else { continue }
            for request in [".SH", ".SS", ".TP", ".PP", ".IP", ".nf", ".fi", ".TH", ".RS", ".RE"] where line == request || line.hasPrefix(request + " ") {
                shape.append(request)
            }
        }
        return shape
    }

    /// Every language with a catalog has its pages, and each page has the English skeleton.
    @Test func everyTranslatedPageKeepsTheEnglishSkeleton() throws {
        let catalogs = try FileManager.default.contentsOfDirectory(atPath: Self.packageFolder.appendingPathComponent("Sources/Catalogs").path)
            .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
        #expect(Self.languages == catalogs, "a language with a catalog has man pages: \(Self.languages) vs \(catalogs)")
        for language in Self.languages {
            for page in Self.pages {
                let english = try String(contentsOf: Self.packageFolder.appendingPathComponent("Docs/" + page), encoding: .utf8)
                let translated = try String(contentsOf: Self.packageFolder.appendingPathComponent("Docs/man/\(language)/\(page)"), encoding: .utf8)
                #expect(Self.skeleton(translated) == Self.skeleton(english), "Docs/man/\(language)/\(page) differs in shape from Docs/\(page)")
                // man-db reads a page's encoding from its first line.
                #expect(translated.hasPrefix(".\\\" -*- coding: UTF-8 -*-\n"), "\(language)/\(page)")
                #expect(translated != english)
            }
        }
    }

    /// mandb finds each page's NAME line, in the form `sayline \- …`, and groff renders each
    /// page with no warning the English page does not have.
    @Test func manDBReadsEveryTranslatedPage() throws {
        for language in Self.languages {
            for page in Self.pages {
                let path = Self.packageFolder.appendingPathComponent("Docs/man/\(language)/\(page)").path
                let name = try Self.run("/usr/bin/lexgrog", [path])
                #expect(name.status == 0 && name.output.contains("sayline"), "\(language)/\(page): \(name.output)")
                let english = try Self.run("/usr/bin/groff", ["-k", "-man", "-Tutf8", "-wall", "-z", Self.packageFolder.appendingPathComponent("Docs/" + page).path])
                let rendered = try Self.run("/usr/bin/groff", ["-k", "-man", "-Tutf8", "-wall", "-z", path])
                let warnings = rendered.output.split(separator: "\n").filter { $0.contains("warning") }.count
                #expect(warnings <= english.output.split(separator: "\n").filter { $0.contains("warning") }.count, "\(language)/\(page): \(rendered.output)")
            }
        }
    }

    /// `sayline install` puts each language's pages where man-db looks, and `LANGUAGE=de man
    /// sayline` is German: its prose and its generated options, which say what `--help` says.
    @Test func installedPagesAreReadInThePersonsLanguage() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("man-prefix-\(getpid())")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let installed = try runPiped(["install", "--prefix", prefix.path], input: "")
        #expect(installed.status == 0, "\(installed.stderr)")
        func man(_ environment: [String: String], _ page: String...) throws -> String {
            try runPiped(page, input: "", environment: ["PATH": prefix.path + "/bin:/usr/bin:/bin", "MANWIDTH": "100", "MANPAGER": "cat"].merging(environment) { $1 },
                         executable: "/usr/bin/man").stdout
        }
        let german = try man(["LANGUAGE": "de"], "sayline")
        #expect(german.contains("BEZEICHNUNG") && german.contains("OPTIONEN"), "\(german.prefix(400))")
        let help = try runPiped(["--help"], input: "", environment: ["LANGUAGE": "de"], executable: prefix.path + "/bin/sayline").stdout
        // The first option's help, as --help says it, is on the German page too.
        let firstOption = help.split(separator: "\n").drop { !$0.hasPrefix("  -") }.dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "?"
        #expect(german.replacing("\n", with: " ").replacing(/\s+/, with: " ").contains(firstOption.prefix(30)), "\(firstOption)")
        let french = try man(["LANGUAGE": "fr"], "5", "sayline-scene")
        #expect(french.contains("NOM") && french.contains("DESCRIPTION"), "\(french.prefix(300))")
        let english = try man(["LANGUAGE": "en"], "sayline")
        #expect(english.contains("NAME") && english.contains("OPTIONS"))
        let removed = try runPiped(["uninstall", "--prefix", prefix.path], input: "")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: prefix.path + "/share/man/de/man1/sayline.1"))
    }

    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try runPiped(arguments, input: "", executable: program)
        return (result.status, result.stdout + result.stderr)
    }
}
