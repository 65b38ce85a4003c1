/// One value of the D-Bus type system as a message carries it: what a call sends and what a
/// reply, an error or a signal brings back, already checked against its signature.
package enum DBusValue: Sendable, Equatable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// An index into the message's file descriptors; this client never asks for any, so a peer
    /// that sends one sends a number and nothing else.
    case unixFileDescriptor(UInt32)
    /// Elements of one type, whose signature is kept so that an empty array still has one.
    case array(element: DBusType, [DBusValue])
    case structure([DBusValue])
    // Only the cases that hold a value of their own are boxed: a boxed number was one heap
    // allocation each, and a reply of a million bytes a million of them.
    indirect case dictionaryEntry(DBusValue, DBusValue)
    indirect case variant(DBusValue)

    /// The value's type, as its signature spells it.
    package var type: DBusType {
        switch self {
        case .byte: .byte
        case .boolean: .boolean
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .objectPath: .objectPath
        case .signature: .signature
        case .unixFileDescriptor: .unixFileDescriptor
        case .array(let element, _): .array(element)
        case .structure(let members): .structure(members.map(\.type))
        case .dictionaryEntry(let key, let value): .dictionaryEntry(key.type, value.type)
        case .variant: .variant
        }
    }

    /// The value inside any variants around it: a property's value comes wrapped in one.
    package var unwrapped: DBusValue {
        var value = self
        // A variant may hold a variant; the reader bounds how deep.
        while case .variant(let inner) = value { value = inner }
        return value
    }

    /// The text of a string, object path or signature, through any variant.
    package var text: String? {
        switch unwrapped {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    /// Any number as a Double, through any variant: an application may publish a value as an
    /// integer of any width where the interface says double.
    package var number: Double? {
        switch unwrapped {
        case .double(let number): number
        case .byte(let number): Double(number)
        case .int16(let number): Double(number)
        case .uint16(let number): Double(number)
        case .int32(let number): Double(number)
        case .uint32(let number): Double(number)
        case .int64(let number): Double(number)
        case .uint64(let number): Double(number)
        default: nil
        }
    }

    /// A 32-bit unsigned number, through any variant.
    package var uint32: UInt32? {
        if case .uint32(let number) = unwrapped { return number }
        return nil
    }

    /// A boolean, through any variant.
    package var boolean: Bool? {
        if case .boolean(let truth) = unwrapped { return truth }
        return nil
    }

    /// The elements of an array, through any variant.
    package var elements: [DBusValue]? {
        if case .array(_, let elements) = unwrapped { return elements }
        return nil
    }

    /// The members of a structure, through any variant.
    package var members: [DBusValue]? {
        if case .structure(let members) = unwrapped { return members }
        return nil
    }

    /// A dictionary of string keys (`a{sv}`, `a{ss}`): the last of a repeated key wins.
    package var stringDictionary: [String: DBusValue]? {
        guard let elements else { return nil }
        var result: [String: DBusValue] = [:]
        for case .dictionaryEntry(let key, let value) in elements {
            guard let name = key.text else { continue }
            result[name] = value
        }
        return result
    }
}

/// A D-Bus type, parsed from a signature.
package enum DBusType: Sendable, Equatable {
    case byte, boolean, int16, uint16, int32, uint32, int64, uint64, double
    case string, objectPath, signature, unixFileDescriptor
    indirect case array(DBusType)
    case structure([DBusType])
    indirect case dictionaryEntry(DBusType, DBusType)
    case variant

    /// The type's signature: "a{sv}".
    package var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFileDescriptor: "h"
        case .array(let element): "a" + element.signature
        case .structure(let members): "(" + members.map(\.signature).joined() + ")"
        case .dictionaryEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .variant: "v"
        }
    }

    /// Where a value of the type starts in a message: its size for the fixed types, 4 for a
    /// length-prefixed one, 8 for a structure or dictionary entry.
    package var alignment: Int {
        switch self {
        case .byte, .signature, .variant: 1
        case .int16, .uint16: 2
        case .boolean, .int32, .uint32, .string, .objectPath, .unixFileDescriptor, .array: 4
        case .int64, .uint64, .double, .structure, .dictionaryEntry: 8
        }
    }

    /// Whether a dictionary may have it as its key: only the basic types.
    var isBasic: Bool {
        switch self {
        case .array, .structure, .dictionaryEntry, .variant: false
        default: true
        }
    }

    /// The complete types a signature lists, or nil when it is not a valid signature: at most
    /// 255 bytes, arrays and structures nested at most 32 deep each (the specification's
    /// limits), a dictionary entry only inside an array with a basic key.
    package static func parse(_ signature: String) -> [DBusType]? {
        let bytes = Array(signature.utf8)
        guard bytes.count <= 255 else { return nil }
        var parser = SignatureParser(bytes: bytes)
        var types: [DBusType] = []
        while parser.position < bytes.count {
            guard let type = parser.completeType(arrays: 0, structures: 0, inArray: false) else { return nil }
            types.append(type)
        }
        return types
    }
}

/// A signature read left to right, one complete type at a time.
private struct SignatureParser {
    let bytes: [UInt8]
    var position = 0

    mutating func completeType(arrays: Int, structures: Int, inArray: Bool) -> DBusType? {
        guard position < bytes.count else { return nil }
        let code = bytes[position]
        position += 1
        switch code {
        case UInt8(ascii: "a"):
            guard arrays < 32, let element = completeType(arrays: arrays + 1, structures: structures, inArray: true) else { return nil }
            return .array(element)
        case UInt8(ascii: "("):
            guard structures < 32 else { return nil }
            var members: [DBusType] = []
            while position < bytes.count, bytes[position] != UInt8(ascii: ")") {
                guard let member = completeType(arrays: arrays, structures: structures + 1, inArray: false) else { return nil }
                members.append(member)
            }
            guard position < bytes.count, !members.isEmpty else { return nil }
            position += 1
            return .structure(members)
        case UInt8(ascii: "{"):
            guard inArray, structures < 32,
                  let key = completeType(arrays: arrays, structures: structures + 1, inArray: false), key.isBasic,
                  let value = completeType(arrays: arrays, structures: structures + 1, inArray: false),
                  position < bytes.count, bytes[position] == UInt8(ascii: "}") else { return nil }
            position += 1
            return .dictionaryEntry(key, value)
        default:
            return Self.basic(code)
        }
    }

    static func basic(_ code: UInt8) -> DBusType? {
        switch code {
        case UInt8(ascii: "y"): .byte
        case UInt8(ascii: "b"): .boolean
        case UInt8(ascii: "n"): .int16
        case UInt8(ascii: "q"): .uint16
        case UInt8(ascii: "i"): .int32
        case UInt8(ascii: "u"): .uint32
        case UInt8(ascii: "x"): .int64
        case UInt8(ascii: "t"): .uint64
        case UInt8(ascii: "d"): .double
        case UInt8(ascii: "s"): .string
        case UInt8(ascii: "o"): .objectPath
        case UInt8(ascii: "g"): .signature
        case UInt8(ascii: "h"): .unixFileDescriptor
        case UInt8(ascii: "v"): .variant
        default: nil
        }
    }
}
