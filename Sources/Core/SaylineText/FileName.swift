/// A file's name as the system spells it (bytes, not necessarily UTF-8), in the forms a report
/// needs: shown to a person, kept as a baseline's key, written as a URI reference.
///
/// Each form is one-to-one: two names that differ in any byte never share a form, so findings
/// of `caf\xE9.json` and `caf\xC3.json` (both shown as "caf?.json" by a lossy decoder) stay apart.
public enum FileName {
    /// The name for people: as it is when it is UTF-8 with nothing unprintable, no `"` and no
    /// `\`; otherwise in double quotes with C escapes (`\t`, `\n`, `\"`, `\\`, `\xNN` for each
    /// byte of a control or format character or of what is not UTF-8), as git quotes paths.
    /// - Parameter everyByte: every byte that is not ASCII escaped too: a name that only
    ///   looks like another to Swift (which compares strings by canonical equivalence, so
    ///   "café" composed and decomposed are equal) is shown apart, in ASCII alone.
    public static func display(_ bytes: some Collection<UInt8>, everyByte: Bool = false) -> String {
        let pieces = decoded(bytes)
        let needsQuotes = everyByte || pieces.contains { piece in
            guard case .scalar(let scalar) = piece else { return true }
            return scalar == "\"" || scalar == "\\" || TextSanitiser.isUnprintable(scalar)
        }
        guard needsQuotes else { return String(decoding: Array(bytes), as: UTF8.self) }
        var out = "\""
        for piece in pieces {
            switch piece {
            case .byte(let byte): out += "\\x" + hex(byte)
            case .scalar(let scalar):
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\t": out += "\\t"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                default:
                    if TextSanitiser.isUnprintable(scalar) || (everyByte && !scalar.isASCII) {
                        for byte in String(scalar).utf8 { out += "\\x" + hex(byte) }
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return out + "\""
    }

    /// The name as a baseline keeps it: UTF-8 as it is, but `%`, control and format
    /// characters and every byte that is not UTF-8 as `%XX`, so any name is one JSON string
    /// and no two names share one.
    public static func key(_ bytes: some Collection<UInt8>) -> String {
        var out = ""
        for piece in decoded(bytes) {
            switch piece {
            case .byte(let byte): out += "%" + hex(byte)
            case .scalar(let scalar):
                if scalar == "%" || TextSanitiser.isUnprintable(scalar) {
                    for byte in String(scalar).utf8 { out += "%" + hex(byte) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// The path as a URI reference (RFC 3986): letters, digits, `-._~` and `/` kept, every
    /// other byte percent-encoded (a space, `%`, `#`, `?`, anything not ASCII).
    public static func uriReference(_ bytes: some Collection<UInt8>) -> String {
        var out = ""
        for byte in bytes {
            let keep = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
                || byte == UInt8(ascii: "/")
            if keep { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += "%" + hex(byte) }
        }
        return out
    }

    /// `path` (absolute, without `.` or `..` parts) as seen from the folder `base` (absolute
    /// too): "scenes/a.json", or "../other/a.json" when it lies outside; "." is `base` itself.
    public static func relative(_ path: [UInt8], from base: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/")
        let target = path.split(separator: slash), origin = base.split(separator: slash)
        var shared = 0
        while shared < target.count, shared < origin.count, target[shared].elementsEqual(origin[shared]) { shared += 1 }
        var parts: [[UInt8]] = Array(repeating: Array("..".utf8), count: origin.count - shared)
        parts += target[shared...].map(Array.init)
        guard !parts.isEmpty else { return Array(".".utf8) }
        return Array(parts.joined(separator: [slash]))
    }

    /// Whether `path` is `folder` or inside it (both absolute, without `.` or `..` parts).
    public static func isInside(_ path: [UInt8], _ folder: [UInt8]) -> Bool {
        let slash = UInt8(ascii: "/")
        let inner = path.split(separator: slash), outer = folder.split(separator: slash)
        return inner.count >= outer.count && zip(inner, outer).allSatisfy { $0.elementsEqual($1) }
    }

    private enum Piece {
        case scalar(Unicode.Scalar)
        case byte(UInt8)
    }

    /// The bytes as scalars where they are UTF-8, and as lone bytes where they are not.
    private static func decoded(_ bytes: some Collection<UInt8>) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Array(bytes)[...]
        while let first = rest.first {
            if first < 0x80 {
                pieces.append(.scalar(Unicode.Scalar(first)))
                rest = rest.dropFirst()
                continue
            }
            // The longest valid sequence of 2 to 4 bytes that starts here, or this byte alone.
            let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            if length > 1, rest.count >= length, let text = String(validating: rest.prefix(length), as: UTF8.self),
               let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 {
                pieces.append(.scalar(scalar))
                rest = rest.dropFirst(length)
            } else {
                pieces.append(.byte(first))
                rest = rest.dropFirst()
            }
        }
        return pieces
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
    }
}
