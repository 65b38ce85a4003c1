import Foundation
import SaylineCore

// Rewrites the generated parts of the docs from the command table:
// Docs/commands.md whole, and the man page's command section between its markers.
// Run from the package root: `swift run sayline-docs`. The docs tests only compare; they never write.

let reference = "Docs/commands.md", manPage = "Docs/sayline.1"
let begin = ".\\\" BEGIN GENERATED COMMANDS\n", end = ".\\\" END GENERATED COMMANDS\n"
do {
    try CommandTable.markdownReference().write(toFile: reference, atomically: true, encoding: .utf8)
    var page = try String(contentsOfFile: manPage, encoding: .utf8)
    guard let start = page.range(of: begin), let stop = page.range(of: end) else {
        FileHandle.standardError.write(Data("sayline-docs: \(manPage) lost its generated-section markers\n".utf8))
        exit(1)
    }
    page.replaceSubrange(start.upperBound..<stop.lowerBound, with: CommandTable.manReference())
    try page.write(toFile: manPage, atomically: true, encoding: .utf8)
    print("rewrote \(reference) and the command section of \(manPage)")
} catch {
    FileHandle.standardError.write(Data("sayline-docs: \(error.localizedDescription) (run from the package root)\n".utf8))
    exit(1)
}
