import Glibc
import Testing
@testable import SaylineLineEditor

/// The terminal's output stream: what a batch of keys draws goes out in one write, in the
/// order it was written, whatever stdio still buffered when the batch ended.
@Suite struct TerminalStreamTests {
    /// Everything the pipe holds now, in one read.
    static func drain(_ fd: Int32) -> (text: String, reads: Int) {
        var text = "", reads = 0
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return (text, reads) }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
            reads += 1
        }
    }

    @Test func aHeldBatchGoesOutInOneWriteInTheOrderItWasWritten() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        let stream = TerminalStream(descriptor: ends[1])
        let file = try #require(stream.file)
        stream.hold()
        fputs("\r\n", file)
        fflush(file)
        // Nothing reaches the terminal while held, flushed or not.
        #expect(Self.drain(ends[0]).text == "")
        fputs("62.5 kilograms ", file)
        stream.release()
        let written = Self.drain(ends[0])
        #expect(written.text == "\r\n62.5 kilograms ", "\(written.text.debugDescription)")
        #expect(written.reads == 1)
        // Unheld, a flush writes at once.
        fputs("63 kilograms ", file)
        fflush(file)
        #expect(Self.drain(ends[0]).text == "63 kilograms ")
    }
}
