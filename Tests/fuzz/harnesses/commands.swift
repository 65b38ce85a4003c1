// Fuzzes the command parser: any bytes as a typed line. Never traps; a parsed command
// survives being performed on the demo scene.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommands(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = CommandTable.completions(for: line, controls: ["weight", "rating", "balance"])
    guard case .success(let command)? = CommandTable.parse(line) else { return 0 }
    var session = Session(elements: DemoScene.elements)
    for announcement in session.perform(command).announcements {
        precondition(!announcement.text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "control character in speech")
    }
    return 0
}
