/// One D-Bus message: a method call this client makes, or a reply, error or signal from a peer.
package struct DBusMessage: Sendable {
    package enum Kind: UInt8, Sendable {
        case methodCall = 1
        case methodReturn = 2
        case error = 3
        case signal = 4
    }

    package var kind: Kind
    package var serial: UInt32 = 0
    package var replySerial: UInt32?
    package var path: String?
    package var interface: String?
    package var member: String?
    package var errorName: String?
    package var destination: String?
    package var sender: String?
    package var body: [DBusValue] = []

    /// The largest message this client reads: the specification allows 128 MiB, but nothing an
    /// accessible says comes near 16 MiB, and a peer that sends more is sending too much.
    package static let largestLength = 16 << 20

    /// A method call.
    package static func call(_ destination: String, _ path: String, _ interface: String, _ member: String, _ body: [DBusValue] = []) -> DBusMessage {
        var message = DBusMessage(kind: .methodCall)
        message.destination = destination
        message.path = path
        message.interface = interface
        message.member = member
        message.body = body
        return message
    }

    /// The message in wire format, little-endian, under `serial`.
    package func encoded(serial: UInt32) -> [UInt8] {
        var fields: [DBusValue] = []
        func field(_ code: UInt8, _ value: DBusValue?) {
            if let value { fields.append(.structure([.byte(code), .variant(value)])) }
        }
        field(1, path.map(DBusValue.objectPath))
        field(2, interface.map(DBusValue.string))
        field(3, member.map(DBusValue.string))
        field(4, errorName.map(DBusValue.string))
        field(5, replySerial.map(DBusValue.uint32))
        field(6, destination.map(DBusValue.string))
        if !body.isEmpty { field(8, .signature(body.map(\.type.signature).joined())) }
        var bodyWriter = DBusWriter()
        for value in body { bodyWriter.write(value) }
        var writer = DBusWriter()
        for byte in [UInt8(ascii: "l"), kind.rawValue, 0, 1] { writer.write(.byte(byte)) }
        writer.write(.uint32(UInt32(truncatingIfNeeded: bodyWriter.bytes.count)))
        writer.write(.uint32(serial))
        writer.write(.array(element: .structure([.byte, .variant]), fields))
        writer.pad(to: 8)
        return writer.bytes + bodyWriter.bytes
    }

    /// How many bytes the message at the start of `bytes` takes, once its first 16 are there;
    /// nil when it is longer than this client reads or its byte order is neither.
    package static func length(ofMessageAt start: Int, in bytes: [UInt8]) -> Int? {
        let order = bytes[start]
        guard order == UInt8(ascii: "l") || order == UInt8(ascii: "B") else { return nil }
        func word(_ offset: Int) -> Int {
            var number = 0
            for index in 0..<4 {
                let byte = Int(bytes[start + offset + index])
                number |= order == UInt8(ascii: "l") ? byte << (8 * index) : byte << (8 * (3 - index))
            }
            return number
        }
        let body = word(4), fields = word(12)
        let headerEnd = (16 + fields + 7) / 8 * 8
        guard body <= largestLength, fields <= largestLength, headerEnd + body <= largestLength else { return nil }
        return headerEnd + body
    }

    /// Reads one whole message (`length(ofMessageAt:in:)` bytes from `start`).
    package static func decode(_ bytes: [UInt8], from start: Int, length: Int) throws(DBusFormatError) -> DBusMessage {
        let bigEndian = bytes[start] == UInt8(ascii: "B")
        // Offsets and alignment count from the message's start, so it is read as bytes of its own.
        let own = Array(bytes[start..<(start + length)])
        var reader = DBusReader(bytes: own, bigEndian: bigEndian)
        guard case .byte = try reader.read(.byte), case .byte(let kindCode) = try reader.read(.byte),
              case .byte = try reader.read(.byte), case .byte(let version) = try reader.read(.byte), version == 1,
              case .uint32 = try reader.read(.uint32), case .uint32(let serial) = try reader.read(.uint32) else {
            throw DBusFormatError(reason: "a header of another version")
        }
        guard let kind = Kind(rawValue: kindCode) else { throw DBusFormatError(reason: "a message of no known kind") }
        var message = DBusMessage(kind: kind, serial: serial)
        let fields = try reader.read(.array(.structure([.byte, .variant])))
        var signature = ""
        for field in fields.elements ?? [] {
            guard let members = field.members, members.count == 2, case .byte(let code) = members[0] else { continue }
            let value = members[1].unwrapped
            switch code {
            case 1: message.path = value.text
            case 2: message.interface = value.text
            case 3: message.member = value.text
            case 4: message.errorName = value.text
            case 5: message.replySerial = value.uint32
            case 6: message.destination = value.text
            case 7: message.sender = value.text
            case 8: signature = value.text ?? ""
            default: break
            }
        }
        try reader.align(8)
        guard let types = DBusType.parse(signature) else { throw DBusFormatError(reason: "a body signature that is not one") }
        for type in types { message.body.append(try reader.read(type)) }
        return message
    }
}
