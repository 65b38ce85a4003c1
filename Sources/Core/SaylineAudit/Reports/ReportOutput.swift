import SaylineText

/// A report's bytes on their way to the front: handed on in pieces of about 64 KiB, so a
/// report of tens of megabytes is never held whole. Long runs of items may be written on
/// threads the front lends (the core has none), a bounded round at a time, and handed on in
/// order.
struct ReportOutput {
    private var bytes: [UInt8] = []
    private let sink: (ArraySlice<UInt8>) -> Void
    /// Threads the front lends, if any.
    let parallel: JSONParallelRender?

    /// Items one thread writes together, and batches in a round: sixteen keep two cores busy
    /// and what is held to a few hundred KB.
    static let batchLength = 512
    static let batchesPerRound = 16

    /// An output handing its pieces to `sink`.
    init(sink: @escaping (ArraySlice<UInt8>) -> Void, parallel: JSONParallelRender? = nil) {
        self.sink = sink
        self.parallel = parallel
        bytes.reserveCapacity(1 << 17)
    }

    /// Appends `text`, handing on what is held once it reaches 64 KiB.
    mutating func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= 1 << 16 { flush() }
    }

    /// Appends `count` items, each written by `item` into its own bytes: on the lent threads
    /// when there are more than a batch, otherwise here.
    mutating func write(_ count: Int, item: @escaping @Sendable (Int, inout [UInt8]) -> Void) {
        guard let parallel, count > Self.batchLength else {
            for index in 0..<count {
                item(index, &bytes)
                if bytes.count >= 1 << 16 { flush() }
            }
            return
        }
        let batches = (count + Self.batchLength - 1) / Self.batchLength
        for round in stride(from: 0, to: batches, by: Self.batchesPerRound) {
            let written = parallel(min(Self.batchesPerRound, batches - round)) { batch in
                var piece: [UInt8] = []
                let start = (round + batch) * Self.batchLength
                for index in start..<min(start + Self.batchLength, count) { item(index, &piece) }
                return piece
            }
            for piece in written { JSONWriter.sink(piece, after: &bytes, sink) }
        }
    }

    /// Writes `tree` as `JSONWriter.stream` does, after what is held.
    mutating func stream(_ tree: JSONTree, inlineFrom depth: Int) {
        flush()
        JSONWriter.stream(tree, inlineFrom: depth, parallel: parallel, to: sink)
    }

    /// Hands on what is held.
    mutating func flush() {
        guard !bytes.isEmpty else { return }
        sink(bytes[...])
        bytes.removeAll(keepingCapacity: true)
    }
}

extension AuditReport {
    /// Walks the report into a format made by `make` around an output to `sink`, every word in
    /// the report's language (the lent threads take the phrasebook of the thread that lends them).
    func write<Format: ReportFormat>(_ settings: ReportSettings, parallel: JSONParallelRender? = nil,
                                     to sink: (ArraySlice<UInt8>) -> Void, as make: (ReportOutput) -> Format) {
        Phrasebook.using(settings.language ?? Phrasebook.current) {
            withoutActuallyEscaping(sink) { sink in
                var format = make(ReportOutput(sink: sink, parallel: parallel))
                var walk = ReportWalk(self, settings)
                walk.walk(&format)
            }
        }
    }

    /// The whole report in a format, as one string.
    func written<Format: ReportFormat>(_ settings: ReportSettings, as make: (ReportOutput) -> Format) -> String {
        var all: [UInt8] = []
        write(settings, to: { all.append(contentsOf: $0) }, as: make)
        return String(decoding: all, as: UTF8.self)
    }
}
