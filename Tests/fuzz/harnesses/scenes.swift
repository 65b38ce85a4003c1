// Fuzzes the scene decoder: any bytes as a scene file. A decoded scene yields usable
// controls whose every text is free of control characters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenes(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case .success(let scene) = SceneDecoder.decode(bytes) else { return 0 }
    for element in scene.elements.prefix(50) {
        precondition(element.value.isFinite && element.value >= element.minimum && element.value <= element.maximum, "bad starting value")
        for text in [element.identity.label, element.spokenValue, element.displayText, element.hint] {
            precondition(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "control character in \(text.debugDescription)")
        }
    }
    _ = Auditor().audit(Scene(elements: Array(scene.elements.prefix(5)), suppressions: scene.suppressions))
    _ = SceneEncoder.encode(scene)
    return 0
}
