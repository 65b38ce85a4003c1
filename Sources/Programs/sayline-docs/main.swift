import Foundation
import SaylineCore
import SaylineProgram

// Rewrites the docs generated from the tables: the files written whole, and each generated
// section between its BEGIN and END markers (GeneratedDocs says which and where).
// Run from the package root: `swift run sayline-docs`. The docs tests only compare; they never write.

do {
    for (file, text) in GeneratedDocs.wholeFiles {
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }
    var pages: [String: String] = [:]
    for section in GeneratedDocs.sections {
        let page = try pages[section.file] ?? String(contentsOfFile: section.file, encoding: .utf8)
        guard let replaced = section.replacing(in: page) else {
            FileHandle.standardError.write(Data("sayline-docs: \(section.file) lacks the markers of its \(section.name) section\n".utf8))
            exit(1)
        }
        pages[section.file] = replaced
    }
    for (file, page) in pages.sorted(by: { $0.key < $1.key }) {
        try page.write(toFile: file, atomically: true, encoding: .utf8)
        print("rewrote the generated sections of \(file)")
    }
} catch {
    FileHandle.standardError.write(Data("sayline-docs: \(error.localizedDescription) (run from the package root)\n".utf8))
    exit(1)
}
