// Fuzzes scripts and transcripts: any bytes as a script for `sayline run` and as a transcript
// for --check-transcript. Parsing never traps; a parsed script runs on the demo scene with
// every announcement clean; comparing with any transcript never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScripts(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = Script.lines(of: text)
    precondition(!lines.contains { $0.contains("\n") }, "a line with a line break in it")
    guard case .success(let script) = Script.parse(text) else { return 0 }
    var runner = ScriptRunner(session: Session(elements: DemoScene.elements))
    var heard: [String] = []
    for step in script.steps.prefix(200) {
        let result = runner.run(step)
        for announcement in result.announcements {
            precondition(!announcement.text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "control character heard")
        }
        if case .command = step.action { heard += Transcript.lines(command: step.text, announcements: result.announcements) }
        if result.quit { break }
    }
    _ = Transcript.firstDifference(expected: lines, heard: heard)
    return 0
}
