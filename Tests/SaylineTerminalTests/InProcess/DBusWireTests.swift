import Testing
import SaylineAccessibilityBus

/// The D-Bus wire reader against bytes a hostile peer chooses: every malformed message is
/// refused with a reason, never read out of bounds, trapped on or recursed into without end.
@Suite struct DBusWireTests {
    /// A little-endian method return's header with the body length, reply serial and signature given.
    static func rebuiltHeader(signature: String, replySerial: UInt32, bodyLength: Int) -> [UInt8] {
        var writer = DBusWriter()
        for byte in [UInt8(ascii: "l"), 2, 0, 1] { writer.write(.byte(byte)) }
        writer.write(.uint32(UInt32(bodyLength)))
        writer.write(.uint32(7))
        writer.write(.array(element: .structure([.byte, .variant]), [
            .structure([.byte(5), .variant(.uint32(replySerial))]),
            .structure([.byte(8), .variant(.signature(signature))]),
        ]))
        writer.pad(to: 8)
        return writer.bytes
    }

    /// The message in `bytes`, or why not (nil reason: its header's length or order).
    static func decode(_ bytes: [UInt8]) -> Result<DBusMessage, DBusFormatError> {
        guard bytes.count >= 16, let length = DBusMessage.length(ofMessageAt: 0, in: bytes), length <= bytes.count else {
            return .failure(Self.lengthRefused)
        }
        do { return .success(try DBusMessage.decode(bytes, from: 0, length: length)) } catch { return .failure(error) }
    }

    /// A format error of the reader's own, standing for a header refused before reading.
    static let lengthRefused: DBusFormatError = {
        var reader = DBusReader(bytes: [], bigEndian: false)
        do throws(DBusFormatError) { _ = try reader.read(.byte) } catch { return error }
        preconditionFailure("an empty reader read a byte")
    }()

    static func read(_ bytes: [UInt8], as type: DBusType, bigEndian: Bool = false) -> Result<DBusValue, DBusFormatError> {
        var reader = DBusReader(bytes: bytes, bigEndian: bigEndian)
        do { return .success(try reader.read(type)) } catch { return .failure(error) }
    }

    @Test func aWellFormedReplyReadsBack() throws {
        var writer = DBusWriter()
        writer.write(.string("Volume"))
        let message = try Self.decode(Self.rebuiltHeader(signature: "s", replySerial: 1, bodyLength: writer.bytes.count) + writer.bytes).get()
        #expect(message.kind == .methodReturn && message.replySerial == 1 && message.body == [.string("Volume")])
    }

    @Test func aStringPastTheEndOrWithoutItsNulIsRefused() {
        // Length 100, three bytes there.
        #expect(throws: DBusFormatError.self) { try Self.read([100, 0, 0, 0, 65, 66, 67], as: .string).get() }
        // Length 3, no nul after it.
        #expect(throws: DBusFormatError.self) { try Self.read([3, 0, 0, 0, 65, 66, 67, 68], as: .string).get() }
        // A nul inside.
        #expect(throws: DBusFormatError.self) { try Self.read([3, 0, 0, 0, 65, 0, 67, 0], as: .string).get() }
        // The largest length there is: no overflow, no allocation of it.
        #expect(throws: DBusFormatError.self) { try Self.read([255, 255, 255, 255, 65], as: .string).get() }
    }

    @Test func invalidUTF8IsRepairedNotTrappedOn() throws {
        let value = try Self.read([6, 0, 0, 0, 0xFF, 0xFE, 0xC0, 0x80, 0x41, 0xE2, 0], as: .string).get()
        #expect(value.text?.hasSuffix("A\u{FFFD}") == true, "\(value)")
    }

    @Test func paddingThatIsNotZeroAndBooleansThatAreNotBitsAreRefused() {
        // A uint32 after one byte of padding that is not zero.
        var reader = DBusReader(bytes: [1, 9, 0, 0, 5, 0, 0, 0], bigEndian: false)
        #expect(throws: DBusFormatError.self) {
            _ = try reader.read(.byte)
            _ = try reader.read(.uint32)
        }
        #expect(throws: DBusFormatError.self) { try Self.read([2, 0, 0, 0], as: .boolean).get() }
    }

    @Test func arraysOverTheLimitOrPastTheEndAreRefused() {
        // 64 MiB + 1.
        #expect(throws: DBusFormatError.self) { try Self.read([1, 0, 0, 4], as: .array(.byte)).get() }
        #expect(throws: DBusFormatError.self) { try Self.read([0xFF, 0xFF, 0xFF, 0xFF], as: .array(.uint32)).get() }
        // Says 8 bytes of uint32s, holds 4.
        #expect(throws: DBusFormatError.self) { try Self.read([8, 0, 0, 0, 1, 0, 0, 0], as: .array(.uint32)).get() }
        // An element that runs past its array's own length.
        #expect(throws: DBusFormatError.self) { try Self.read([2, 0, 0, 0, 1, 0, 0, 0, 0, 0], as: .array(.uint32)).get() }
    }

    @Test func variantsNestedPastTheLimitAreRefused() {
        // 200 variants, each holding the next: the specification allows 64 levels.
        let nest: [UInt8] = [1, UInt8(ascii: "v"), 0]
        let bytes: [UInt8] = Array(repeating: nest, count: 200).flatMap { $0 } + [1, UInt8(ascii: "u"), 0, 0, 5, 0, 0, 0]
        #expect(throws: DBusFormatError.self) { try Self.read(bytes, as: .variant).get() }
        // A variant whose signature is not one type, or not a signature.
        #expect(throws: DBusFormatError.self) { try Self.read([2, UInt8(ascii: "u"), UInt8(ascii: "u"), 0], as: .variant).get() }
        #expect(throws: DBusFormatError.self) { try Self.read([1, UInt8(ascii: "("), 0], as: .variant).get() }
    }

    @Test func variantsOfDeepArraysStayWithinTheStack() {
        // 64 variants, each an array 31 deep of the next: the reader must neither overflow
        // the stack nor accept more nesting than the specification's 64 levels in all.
        var bytes: [UInt8] = []
        for _ in 0..<64 {
            let signature = String(repeating: "a", count: 31) + "v"
            bytes += [UInt8(signature.utf8.count)] + Array(signature.utf8) + [0]
            // Each array says it is long enough to hold the rest, so nesting decides the end.
            for _ in 0..<31 {
                while bytes.count % 4 != 0 { bytes.append(0) }
                bytes += [0xFF, 0xFF, 0, 0]
            }
        }
        bytes += [1, UInt8(ascii: "y"), 0, 7] + Array(repeating: 0, count: 70_000)
        var reader = DBusReader(bytes: bytes, bigEndian: false)
        #expect(throws: DBusFormatError.self) { _ = try reader.read(.variant) }
    }

    @Test func bigEndianNumbersReadInTheirOrder() throws {
        #expect(try Self.read([0, 0, 0x10, 0x92], as: .uint32, bigEndian: true).get() == .uint32(4242))
        let double = try Self.read([0x3F, 0xF0, 0, 0, 0, 0, 0, 0], as: .double, bigEndian: true).get()
        #expect(double == .double(1))
    }

    @Test func headersThatLieAboutLengthOrOrderAreRefusedBeforeReading() {
        func header(_ order: UInt8, body: UInt32, fields: UInt32) -> [UInt8] {
            var writer = DBusWriter()
            for byte in [order, 2, 0, 1] { writer.write(.byte(byte)) }
            writer.write(.uint32(body))
            writer.write(.uint32(1))
            writer.write(.uint32(fields))
            return writer.bytes
        }
        #expect(DBusMessage.length(ofMessageAt: 0, in: header(UInt8(ascii: "l"), body: 100 << 20, fields: 8)) == nil)
        #expect(DBusMessage.length(ofMessageAt: 0, in: header(UInt8(ascii: "l"), body: 0xFFFF_FFFF, fields: 0xFFFF_FFFF)) == nil)
        #expect(DBusMessage.length(ofMessageAt: 0, in: header(UInt8(ascii: "x"), body: 0, fields: 0)) == nil)
        #expect(DBusMessage.length(ofMessageAt: 0, in: header(UInt8(ascii: "l"), body: 8, fields: 8)) == 32)
        // A header of another protocol version.
        var other = header(UInt8(ascii: "l"), body: 0, fields: 0)
        other[3] = 2
        #expect(throws: DBusFormatError.self) { try Self.decode(other).get() }
    }

    @Test func everyByteOfAReplyFlippedNeverTraps() {
        var writer = DBusWriter()
        writer.write(.array(element: .structure([.string, .objectPath]), [.structure([.string(":1.9"), .objectPath("/a/b")])]))
        writer.write(.variant(.double(1e308)))
        let good = Self.rebuiltHeader(signature: "a(so)v", replySerial: 1, bodyLength: writer.bytes.count) + writer.bytes
        var refused = 0
        for index in good.indices {
            for value: UInt8 in [0, 0xFF, 0x80, UInt8(ascii: "a"), UInt8(ascii: "v")] where good[index] != value {
                var bad = good
                bad[index] = value
                if case .failure = Self.decode(bad) { refused += 1 }
            }
        }
        // Most changes break the message; none of them may trap (reaching here is the test).
        #expect(refused > good.count)
    }
}
