extension JSONWriter {
    /// `tree` on one line with no spaces, the form of JSON Lines: an event, a setting, a value
    /// quoted in a message. A streamed array's items write their own bytes as they always do.
    static func appendCompact(_ tree: JSONTree, to out: inout [UInt8]) {
        switch tree {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): out.append(contentsOf: number(value).utf8)
        case .string(let text): appendString(text, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendCompact(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                appendCompact(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .items(let items):
            out.append(UInt8(ascii: "["))
            for index in 0..<items.count {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                items.write(index, &out)
            }
            out.append(UInt8(ascii: "]"))
        }
    }
}
