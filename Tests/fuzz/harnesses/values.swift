// Fuzzes typed values: any bytes typed into each demo control. A rejected value changes
// nothing; an accepted one lands inside the range, on a step.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValues(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for original in DemoScene.elements {
        _ = TypedValue.parse(bytes: bytes, unit: original.identity.unit, prefix: original.control.typedPrefix)
        guard let text = String(validating: bytes, as: UTF8.self) else { continue }
        var element = original
        switch element.apply(.typed(text)) {
        case .rejected, .unchanged:
            precondition(element == original, "a refused value changed the control")
        case .changed:
            precondition(element.value >= element.minimum && element.value <= element.maximum, "value outside the range")
            precondition(element.scale.isOnGrid(element.value), "value off the step grid")
        }
        precondition(!element.spokenValue.isEmpty, "empty spoken value")
    }
    return 0
}
