import Foundation
import SaylineCore
import SaylineTerminal

// Rewrites the generated parts of the docs from the command table:
// Docs/commands.md whole, and the man page's command section between its markers.
// Run from the package root: `swift run sayline-docs`. The docs tests only compare; they never write.

let reference = "Docs/commands.md", manPage = "Docs/sayline.1"
/// Replaces what stands between `.\" BEGIN GENERATED NAME` and its END marker.
func replaceSection(_ name: String, in page: inout String, with text: String) -> Bool {
    guard let start = page.range(of: ".\\\" BEGIN GENERATED \(name)\n"),
          let stop = page.range(of: ".\\\" END GENERATED \(name)\n") else { return false }
    page.replaceSubrange(start.upperBound..<stop.lowerBound, with: text)
    return true
}
do {
    try CommandTable.markdownReference().write(toFile: reference, atomically: true, encoding: .utf8)
    var page = try String(contentsOfFile: manPage, encoding: .utf8)
    guard replaceSection("COMMANDS", in: &page, with: CommandTable.manReference()),
          replaceSection("OPTIONS", in: &page, with: GeneratedDocs.manOptions) else {
        FileHandle.standardError.write(Data("sayline-docs: \(manPage) lost its generated-section markers\n".utf8))
        exit(1)
    }
    try page.write(toFile: manPage, atomically: true, encoding: .utf8)
    print("rewrote \(reference) and the command and option sections of \(manPage)")
} catch {
    FileHandle.standardError.write(Data("sayline-docs: \(error.localizedDescription) (run from the package root)\n".utf8))
    exit(1)
}
