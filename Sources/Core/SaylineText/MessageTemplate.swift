/// A message's words split at their placeholders once: `%s` (in order), `%1$s`, `%2$s` (by
/// place) and `%%` read ahead, so that a sentence said a hundred thousand times is written
/// straight into its line with no scan of its template and no string made of it.
/// `Phrasebook.fill` is this, made and filled at once. A class: a phrasebook hands out the one
/// it keeps, one reference counted, where a struct was its three arrays' counts.
public final class MessageTemplate: Sendable {
    /// The words as the catalog gives them.
    public let text: String
    /// The template's bytes; each piece names a run of them.
    private let bytes: [UInt8]
    /// Each run of words, then the argument that follows it (by place from 0; none after the
    /// last run). Empty for a message with no `%`, which is `text` as it is.
    private let pieces: [Piece]

    private struct Piece: Sendable {
        let start: Int32
        let end: Int32
        /// The argument after the run, from 0; -1 for none.
        let argument: Int32
    }

    /// Reads `template`'s placeholders. A placeholder with no argument is left out when filled
    /// rather than trapping; a `%` that starts none is kept as it is.
    /// - Complexity: O(n) in the template's length.
    public init(_ template: String) {
        text = template
        guard template.utf8.contains(UInt8(ascii: "%")) else {
            bytes = []
            pieces = []
            return
        }
        let bytes = Array(template.utf8)
        var pieces: [Piece] = []
        var start = 0
        var next = 0
        var index = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func close(at end: Int, resumingAt resume: Int, argument: Int) {
            pieces.append(Piece(start: Int32(start), end: Int32(end), argument: Int32(argument)))
            start = resume
            index = resume
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%"), index + 1 < bytes.count else {
                index += 1
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "%") {
                // The first `%` ends this run; the second is skipped.
                close(at: index + 1, resumingAt: index + 2, argument: -1)
                continue
            }
            if bytes[index + 1] == UInt8(ascii: "s") {
                close(at: index, resumingAt: index + 2, argument: next)
                next += 1
                continue
            }
            // %N$s with N a place among the arguments (at most three digits).
            var digitsEnd = index + 1
            var place = 0
            while digitsEnd < bytes.count, isDigit(bytes[digitsEnd]), digitsEnd - index <= 3 {
                place = place * 10 + Int(bytes[digitsEnd] - UInt8(ascii: "0"))
                digitsEnd += 1
            }
            if digitsEnd > index + 1, digitsEnd + 1 < bytes.count, bytes[digitsEnd] == UInt8(ascii: "$"), bytes[digitsEnd + 1] == UInt8(ascii: "s") {
                // Place 0 is no argument: -1 is never filled.
                close(at: index, resumingAt: digitsEnd + 2, argument: place >= 1 ? place - 1 : -1)
                continue
            }
            // Not a placeholder: the text as it was.
            index += 1
        }
        pieces.append(Piece(start: Int32(start), end: Int32(bytes.count), argument: -1))
        self.bytes = bytes
        self.pieces = pieces
    }

    /// Whether the words take no argument and keep no `%%`: `text` is the whole sentence.
    public var isPlain: Bool { pieces.isEmpty }

    /// The template with each placeholder filled from `arguments`.
    public func filled(_ arguments: [String]) -> String {
        if pieces.isEmpty { return text }
        return Phrase.make { phrase in
            write(into: &phrase, count: arguments.count) { place, phrase in phrase.append(arguments[place]) }
        }
    }

    /// Writes the template into `phrase`, `argument` writing the argument at each place
    /// (from 0) below `count`; a placeholder at or past `count` is left out.
    @inline(__always)
    public func write(into phrase: inout Phrase, count: Int, argument: (Int, inout Phrase) -> Void) {
        if pieces.isEmpty { return phrase.append(text) }
        bytes.withUnsafeBufferPointer { all in
            for piece in pieces {
                if piece.end > piece.start { phrase.append(bytes: UnsafeBufferPointer(rebasing: all[Int(piece.start)..<Int(piece.end)])) }
                if piece.argument >= 0, Int(piece.argument) < count { argument(Int(piece.argument), &phrase) }
            }
        }
    }
}
