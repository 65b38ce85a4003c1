/// Values written in D-Bus's wire format, little-endian (this client's own messages): each value
/// at its alignment from the start of the message, arrays led by their length in bytes.
package struct DBusWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func pad(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    private mutating func fixed<Number: FixedWidthInteger>(_ number: Number) {
        pad(to: MemoryLayout<Number>.size)
        withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func text(_ text: String, lengthWidth: Int) {
        let utf8 = Array(text.utf8)
        if lengthWidth == 1 { bytes.append(UInt8(truncatingIfNeeded: utf8.count)) } else { fixed(UInt32(truncatingIfNeeded: utf8.count)) }
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    package mutating func write(_ value: DBusValue) {
        switch value {
        case .byte(let number): bytes.append(number)
        case .boolean(let truth): fixed(UInt32(truth ? 1 : 0))
        case .int16(let number): fixed(number)
        case .uint16(let number): fixed(number)
        case .int32(let number): fixed(number)
        case .uint32(let number), .unixFileDescriptor(let number): fixed(number)
        case .int64(let number): fixed(number)
        case .uint64(let number): fixed(number)
        case .double(let number): fixed(number.bitPattern)
        case .string(let string), .objectPath(let string): text(string, lengthWidth: 4)
        case .signature(let string): text(string, lengthWidth: 1)
        case .array(let element, let elements):
            fixed(UInt32(0))
            let lengthAt = bytes.count - 4
            pad(to: element.alignment)
            let start = bytes.count
            for element in elements { write(element) }
            let length = UInt32(truncatingIfNeeded: bytes.count - start).littleEndian
            withUnsafeBytes(of: length) { for (offset, byte) in $0.enumerated() { bytes[lengthAt + offset] = byte } }
        case .structure(let members):
            pad(to: 8)
            for member in members { write(member) }
        case .dictionaryEntry(let key, let value):
            pad(to: 8)
            write(key)
            write(value)
        case .variant(let inner):
            text(inner.type.signature, lengthWidth: 1)
            write(inner)
        }
    }
}

/// Why bytes from a peer are not a D-Bus value: a message that breaks the format is refused
/// whole, never half read.
package struct DBusFormatError: Error, Equatable {
    package let reason: String
}

/// Values read from a peer's message, in the byte order it declares, every length and offset
/// checked against what is there: a peer can make this fail, never read out of bounds, loop or
/// nest without end.
package struct DBusReader {
    private let bytes: [UInt8]
    private let bigEndian: Bool
    private(set) var position: Int
    private let end: Int
    /// Variants inside variants: the specification allows 64 levels of nesting in all.
    private var variantDepth = 0
    /// Values read from this message: a million is far past any answer a reader asks for,
    /// and a peer's 16 MiB of bytes cannot become sixteen million values.
    private var valuesRead = 0
    static let mostValues = 1 << 20

    package init(bytes: [UInt8], bigEndian: Bool, from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.bigEndian = bigEndian
        position = start
        self.end = min(end ?? bytes.count, bytes.count)
    }

    package var atEnd: Bool { position >= end }

    package mutating func align(_ alignment: Int) throws(DBusFormatError) {
        let target = (position + alignment - 1) / alignment * alignment
        guard target <= end else { throw DBusFormatError(reason: "padding past the end") }
        // The specification wants padding to be zeros; a peer that breaks this is not trusted.
        for index in position..<target where bytes[index] != 0 { throw DBusFormatError(reason: "padding not zero") }
        position = target
    }

    private mutating func fixed<Number: FixedWidthInteger>(_: Number.Type) throws(DBusFormatError) -> Number {
        let size = MemoryLayout<Number>.size
        try align(size)
        guard end - position >= size else { throw DBusFormatError(reason: "a number past the end") }
        var number: Number = 0
        for index in 0..<size { number |= Number(truncatingIfNeeded: bytes[position + index]) << (8 * index) }
        position += size
        return bigEndian ? number.byteSwapped : number
    }

    private mutating func text(lengthWidth: Int) throws(DBusFormatError) -> String {
        let length = lengthWidth == 1 ? Int(try fixed(UInt8.self)) : Int(try fixed(UInt32.self))
        guard length < end - position, bytes[position + length] == 0 else { throw DBusFormatError(reason: "a string not ended by a nul") }
        let slice = bytes[position..<(position + length)]
        guard !slice.contains(0) else { throw DBusFormatError(reason: "a nul inside a string") }
        position += length + 1
        // A string is kept to `longestString` bytes as it is read: a walk holds a level's
        // replies before any name is cut to what a person hears, and a thousand names of a
        // megabyte each must not become a gigabyte.
        return String(decoding: slice.prefix(Self.longestString), as: UTF8.self)
    }

    /// The most of one string kept, in bytes: far past any name, path or value text a reader
    /// says (500 characters are kept of those).
    package static let longestString = 16_384

    package mutating func read(_ type: DBusType) throws(DBusFormatError) -> DBusValue {
        valuesRead += 1
        guard valuesRead <= Self.mostValues else { throw DBusFormatError(reason: "more than a million values in one message") }
        switch type {
        case .byte: return .byte(try fixed(UInt8.self))
        case .boolean:
            let word = try fixed(UInt32.self)
            guard word <= 1 else { throw DBusFormatError(reason: "a boolean neither 0 nor 1") }
            return .boolean(word == 1)
        case .int16: return .int16(try fixed(Int16.self))
        case .uint16: return .uint16(try fixed(UInt16.self))
        case .int32: return .int32(try fixed(Int32.self))
        case .uint32: return .uint32(try fixed(UInt32.self))
        case .unixFileDescriptor: return .unixFileDescriptor(try fixed(UInt32.self))
        case .int64: return .int64(try fixed(Int64.self))
        case .uint64: return .uint64(try fixed(UInt64.self))
        case .double: return .double(Double(bitPattern: try fixed(UInt64.self)))
        case .string: return .string(try text(lengthWidth: 4))
        case .objectPath: return .objectPath(try text(lengthWidth: 4))
        case .signature: return .signature(try text(lengthWidth: 1))
        case .array(let element): return try array(of: element)
        case .structure(let members):
            try align(8)
            var values: [DBusValue] = []
            values.reserveCapacity(members.count)
            for member in members { values.append(try read(member)) }
            return .structure(values)
        case .dictionaryEntry(let key, let value):
            try align(8)
            return .dictionaryEntry(try read(key), try read(value))
        case .variant: return try variant()
        }
    }

    private mutating func array(of element: DBusType) throws(DBusFormatError) -> DBusValue {
        let length = Int(try fixed(UInt32.self))
        // 64 MiB is the specification's largest array.
        guard length <= 1 << 26 else { throw DBusFormatError(reason: "an array over 64 MiB") }
        try align(element.alignment)
        guard length <= end - position else { throw DBusFormatError(reason: "an array past the end") }
        let arrayEnd = position + length
        var elements: [DBusValue] = []
        while position < arrayEnd {
            let before = position
            elements.append(try read(element))
            // Every element takes at least a byte, so the loop ends; one that ran past the
            // array's own length breaks the format.
            guard position > before, position <= arrayEnd else { throw DBusFormatError(reason: "an element past its array") }
        }
        return .array(element: element, elements)
    }

    private mutating func variant() throws(DBusFormatError) -> DBusValue {
        let signature = try text(lengthWidth: 1)
        guard let types = DBusType.parse(signature), types.count == 1 else { throw DBusFormatError(reason: "a variant without one type") }
        guard variantDepth < 64 else { throw DBusFormatError(reason: "variants nested too deep") }
        variantDepth += 1
        defer { variantDepth -= 1 }
        return .variant(try read(types[0]))
    }
}
