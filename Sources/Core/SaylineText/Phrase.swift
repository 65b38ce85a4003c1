/// A short phrase of numbers and words ("3 out of 10 stars", "62.5 kilograms"), written into
/// one buffer on the stack and made into one String at the end. Built by interpolation, such a
/// phrase made a string for each of its parts and grew the result as each was appended: the
/// spoken value was a sixth of a script's time.
public struct Phrase {
    /// Room on the stack; a longer phrase (a scene's long unit words) moves to the heap.
    private static let stackCapacity = 128

    private let stack: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    /// The whole phrase, once it no longer fits on the stack.
    private var heap: [UInt8]?

    private init(stack: UnsafeMutableBufferPointer<UInt8>) {
        self.stack = stack
    }

    /// Writes the phrase at the end of `bytes` (an output buffer), making no string at all.
    /// The parts gather on the stack and go into `bytes` in one piece: appending each short
    /// part to the array itself (a phrase has four or five) was a ninth of a phrase's cost.
    public static func write(into bytes: inout [UInt8], _ build: (inout Phrase) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackCapacity) { buffer in
            var phrase = Phrase(stack: buffer)
            build(&phrase)
            if let heap = phrase.heap {
                bytes.append(contentsOf: heap)
            } else {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<phrase.count]))
            }
        }
    }

    /// The phrase `build` writes. The writer lives only for the call.
    public static func make(_ build: (inout Phrase) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackCapacity) { buffer in
            var phrase = Phrase(stack: buffer)
            build(&phrase)
            if let heap = phrase.heap { return String(decoding: heap, as: UTF8.self) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<phrase.count]), as: UTF8.self)
        }
    }

    /// Appends text as it is.
    public mutating func append(_ text: String) {
        // Read where the text lies; `withUTF8` needs a copy of it to call on, and that copy was
        // a retain and a release for every part of every phrase.
        if text.utf8.withContiguousStorageIfAvailable({ append(bytes: $0) }) != nil { return }
        var text = text
        text.withUTF8 { append(bytes: $0) }
    }

    /// Appends one ASCII character (a digit, a sign).
    public mutating func append(ascii byte: UInt8) {
        withUnsafePointer(to: byte) { append(bytes: UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// Appends a number as `NumberText.format` writes it, trimmed and ungrouped unless asked.
    public mutating func append(number value: Double, places: Int, trimmingZeros: Bool = true, grouping: Bool = false) {
        let marks = grouping ? NumberMarks.shown : .spoken
        let written: Void? = NumberText.withBytes(value, places: places, trimmingZeros: trimmingZeros, marks: marks) { append(bytes: $0) }
        if written == nil { append(NumberText.format(value, places: places, trimmingZeros: trimmingZeros, marks: marks)) }
    }

    /// Appends `template` with its placeholders filled by `arguments`, as `filled` would make it.
    public mutating func append(_ template: MessageTemplate, _ arguments: String...) {
        template.write(into: &self, count: arguments.count) { place, phrase in phrase.append(arguments[place]) }
    }

    /// Appends `value` as it is said, in the template `choose` picks for it: a counted
    /// message's form, by whether the number as said has decimals ("62,5 kilograma" in Polish
    /// is neither "kilogramy" nor "kilogramów"). Its one placeholder is the number.
    public mutating func append(spokenNumber value: Double, places: Int, in choose: (_ saidWithDecimals: Bool) -> MessageTemplate) {
        let written: Void? = NumberText.withBytes(value, places: places, trimmingZeros: true, marks: .spoken) { number in
            let template = choose(number.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ".") })
            template.write(into: &self, count: 1) { _, phrase in phrase.append(bytes: number) }
        }
        guard written == nil else { return }
        let number = NumberText.spoken(value, places: places)
        append(choose(number.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ".") }), number)
    }

    /// Appends bytes that are UTF-8 text.
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        if heap == nil, count + bytes.count <= stack.count {
            guard let source = bytes.baseAddress, let target = stack.baseAddress else { return }
            (target + count).update(from: source, count: bytes.count)
            count += bytes.count
            return
        }
        if heap == nil { heap = Array(UnsafeBufferPointer(rebasing: stack[0..<count])) }
        heap?.append(contentsOf: bytes)
    }
}
