extension JSONWriter {
    /// A string in quotes: `"`, `\`, and control characters (C0 and DEL) escaped, the rest as is.
    package static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        var text = text
        text.withUTF8 { appendEscaped($0, to: &out) }
        out.append(0x22)
    }

    /// Most text needs no escape and is copied whole; text that does (a control's own JSON,
    /// quoted in every node of a report) is copied in runs between the bytes that need one.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var runStart = 0
        for position in 0..<bytes.count {
            let byte = bytes[position]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
            if runStart < position { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position])) }
            switch byte {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            default:
                let hex = Array("0123456789abcdef".utf8)
                out += [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
            runStart = position + 1
        }
        if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count])) }
    }

    /// A number in its shortest exact form: a whole one as an integer ("3", not "3.0"), one
    /// that is not finite as null, which JSON has no number for.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
