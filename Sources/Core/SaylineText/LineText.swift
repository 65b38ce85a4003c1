/// The lines of a line-based file Sayline reads (settings, baselines, preferences, scripts,
/// transcripts): LF or CRLF line ends alike, and an optional byte-order mark at the start, as
/// an editor on another system may save them.
public enum LineText {
    /// The UTF-8 byte-order mark, as some editors start a file with it.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The text's lines, without their line ends and without a leading byte-order mark.
    ///
    /// The text is split on its bytes, never its characters: Swift counts "\r\n" as one
    /// character, so a split on "\n" would see a CRLF file as one line.
    public static func lines(of text: String) -> [String] {
        var bytes = Substring(text).utf8[...]
        if bytes.starts(with: byteOrderMark) { bytes = bytes.dropFirst(byteOrderMark.count) }
        return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
    }
}
