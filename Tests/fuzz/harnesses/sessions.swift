// Fuzzes a whole session: the first bytes build a random scene, the rest are a sequence of
// commands. After each command: every value within its range and on the grid, spoken text
// non-empty and free of control characters; and undo puts back the value before a change.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessions(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var bytes = UnsafeBufferPointer(start: data, count: size).makeIterator()
    func byte() -> UInt8 { bytes.next() ?? 0 }
    func number() -> Double {
        let raw = (UInt64(byte()) << 24) | (UInt64(byte()) << 16) | (UInt64(byte()) << 8) | UInt64(byte())
        let magnitudes: [Double] = [1, 0.1, 0.5, 0.001, 1e3, 1e6, 1e15, 1e300, .infinity, .nan]
        return (Double(raw) - 2_147_483_648) / 65_536 * magnitudes[Int(raw % UInt64(magnitudes.count))]
    }
    var elements: [AdjustableElement] = []
    for index in 0..<(Int(byte() % 4) + 1) {
        let identity = ControlIdentity(id: "c\(index)", label: "Control \(index)", unit: byte() % 2 == 0 ? nil : UnitWords(singular: "unit", plural: "units"))
        let control: any AdjustableControl
        switch byte() % 3 {
        case 0: control = RulerPicker(minimum: number(), maximum: number(), step: number(), majorEvery: Int(Int8(bitPattern: byte())), tickSpacing: number())
        case 1: control = StarRating(minimum: number(), maximum: number(), step: number())
        default: control = DigitRoll(columns: Int(byte() % 12), stagger: number(), response: number(), damping: number(), step: number(), pageStepCount: Int(Int8(bitPattern: byte())), minimum: byte() % 2 == 0 ? nil : number(), maximum: byte() % 2 == 0 ? nil : number())
        }
        elements.append(AdjustableElement(identity: identity, control: control, value: number()))
    }
    var session = Session(elements: elements, motion: byte() % 2 == 0 ? .full : .reduce)
    let words = ["inc", "dec", "page up", "page down", "min", "max", "next", "prev", "undo", "redo", "tour", "say", "list", "describe", "motion reduce", "motion full", "verbosity terse", "verbosity verbose", "inc 1000000", "dec 9999999999", "set 62,5", "set 1e400", "set -3", "set max", "set 0.30000000000000004"]
    while let next = bytes.next() {
        let before = session.elements
        let command = words[Int(next) % words.count]
        let reply = session.perform(line: command)
        if command == "tour" { _ = session.advanceTour() }
        for element in session.elements {
            precondition(element.value >= element.minimum && element.value <= element.maximum, "value outside the range")
            precondition(element.scale.isOnGrid(element.value), "value off the grid")
            precondition(!element.spokenValue.isEmpty, "empty spoken value")
        }
        for announcement in reply.announcements {
            precondition(!announcement.text.isEmpty, "empty announcement")
            precondition(!announcement.text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "control character in speech")
        }
        if let transition = reply.transition, command != "undo", command != "redo" {
            var undone = session
            _ = undone.perform(.undo)
            precondition(undone.elements[transition.elementIndex].value == before[transition.elementIndex].value, "undo did not restore the value")
        }
    }
    return 0
}
