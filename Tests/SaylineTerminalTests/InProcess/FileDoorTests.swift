import Foundation
import Glibc
import Testing
import PseudoTerminal
@testable import SaylineSystem

/// The one door, in process: which names are streams written as streams, and which are files
/// replaced or refused.
@Suite struct FileDoorTests {
    /// Why the door refused, or nil when it wrote.
    static func write(_ text: String, to path: String, as kind: FileDoor.Kind = .kept(newFileMode: nil)) -> FileAccess.Failure? {
        if case .failure(let failure) = FileDoor.write(text, to: path, as: kind) { return failure }
        return nil
    }

    /// A FIFO with a reader gets the bytes as they are, and stays a FIFO; the reader sees the
    /// end of the stream once the writer is done.
    @Test func aFIFOWithAReaderIsWrittenAsAStream() throws {
        let folder = try ScratchFolder()
        let fifo = folder.path + "/f"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        guard case .success(.stream) = FileDoor.check(fifo) else { Issue.record("a FIFO with a reader is not a stream"); return }
        #expect(Self.write("report\n", to: fifo) == nil)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(count == 7 && String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == "report\n")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    /// With no reader, the answer comes at once: nothing waits for a reader that may never come.
    @Test func aFIFOWithNoReaderIsRefusedAtOnce() throws {
        let folder = try ScratchFolder()
        let fifo = folder.path + "/f"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(Self.write("x", to: fifo) == .cannotWrite("it is a FIFO with no reader"))
    }

    /// A pipe named through the program's own descriptors (bash's `/dev/fd/63`) is a stream;
    /// any other link is not followed, to a file or to a FIFO with a reader: a link committed
    /// to a repository, or planted in a shared folder, could lead a report into another
    /// program's FIFO.
    @Test func onlyTheProgramsOwnDescriptorsLeadToAStream() throws {
        let folder = try ScratchFolder()
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(Self.write("through the pipe", to: "/proc/self/fd/\(ends[1])") == nil)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(ends[0], &buffer, buffer.count)
        #expect(String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == "through the pipe")
        let planted = folder.path + "/planted"
        #expect(symlink("/proc/self/fd/\(ends[1])", planted) == 0)
        #expect(Self.write("x", to: planted) == .symbolicLink("/proc/self/fd/\(ends[1])"))
        let fifo = folder.path + "/f"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let toFIFO = folder.path + "/to-fifo"
        #expect(symlink(fifo, toFIFO) == 0)
        #expect(Self.write("x", to: toFIFO) == .symbolicLink(fifo))
        let real = try folder.file("real", "old")
        let fileLink = folder.path + "/file-link"
        #expect(symlink(real, fileLink) == 0)
        #expect(Self.write("new", to: fileLink) == .symbolicLink(real))
        #expect(folder.read("real") == "old")
    }

    /// `/dev/ptmx` makes a new terminal nobody reads: it is no terminal to write to.
    @Test func theTerminalMultiplexerIsNoTerminal() {
        #expect(Self.write("x", to: "/dev/ptmx") == .special(.device))
    }

    /// A stream that is one of the command's inputs is refused as the file would be.
    @Test func aStreamThatIsAnInputIsRefused() throws {
        let folder = try ScratchFolder()
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let input = "/proc/self/fd/\(ends[0])"
        if case .failure(let failure) = FileDoor.write("x", to: "/proc/self/fd/\(ends[1])", inputs: [input]) {
            #expect(failure == .ownInput(input))
        } else {
            Issue.record("a pipe the command reads was written")
        }
        _ = folder
    }

    /// What Sayline reads back (a baseline, the history) and what it installs is never a
    /// stream: a FIFO there is refused as before, even with a reader.
    @Test func aBaselineOrAnInstalledFileIsNeverAStream() throws {
        let folder = try ScratchFolder()
        let fifo = folder.path + "/f"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        for kind in [FileDoor.Kind.keptFile(newFileMode: nil), .installed(mode: 0o644), .keptOrInPlace(previous: [])] {
            #expect(Self.write("x", to: fifo, as: kind) == .special(.fifo))
        }
    }

    /// A regular file is replaced whole, keeping its mode; nothing is left beside it.
    @Test func aRegularFileIsReplacedKeepingItsMode() throws {
        let folder = try ScratchFolder()
        let report = try folder.file("r.txt", "an old report that is longer")
        #expect(chmod(report, 0o640) == 0)
        #expect(Self.write("new", to: report) == nil)
        #expect(folder.read("r.txt") == "new")
        var info = stat()
        #expect(stat(report, &info) == 0 && info.st_mode & 0o7777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["r.txt"])
    }
}
