import CSystem
import Glibc
import SaylineText

/// The one way Sayline writes a file: reports (`--output`), transcripts, baselines, saved
/// scenes, the history and installed files all pass here, so one set of rules holds for all.
///
/// Sayline runs in other people's repositories and CI, where any name it writes to may have
/// been prepared by someone else (a committed `audit.baseline -> ../.bash_profile`, a FIFO at
/// an install destination). The rules, checked on the name itself:
/// - `-` is standard output, where a command allows it;
/// - a stream the person names is written as a stream, never replaced or truncated: a FIFO
///   with a reader, a terminal, the program's own standard output or error (`/dev/stdout`),
///   or a pipe through its own descriptors (`>(gzip > r.gz)` is bash's `/dev/fd/63`); no
///   other link is followed to one. Only a report or transcript (`Kind.kept`) is ever a
///   stream: an installed file, a baseline or a saved scene is a file or nothing. A FIFO with
///   no reader is answered at once, never waited on (`FileDoor+Stream.swift`);
/// - any other symbolic link is refused, never followed, dangling or not: what a link leads to
///   was chosen by whoever made the link, and a link committed to a repository is made by a
///   stranger. The person names the file itself if that is what they mean;
/// - a folder, device or socket is refused (nothing is opened, so nothing blocks);
/// - one of the command's own inputs (the same file, by device and inode, however it is
///   named: `audit s.json --output s.json`, a hard link) is refused;
/// - otherwise a new file is made beside it and renamed over the name
///   (`FileDoor+Replace.swift`): a crash leaves the old file or the new one, and a failure
///   leaves no temporary file.
///
/// The folders above the last name are the person's to choose and are followed (merged /usr
/// makes /bin a link); the last name is what a stranger can plant.
package enum FileDoor {
    /// What becomes of the file a write replaces.
    package enum Kind: Sendable {
        /// A report or transcript: a file replaced keeps its owner (root writing it gives it
        /// back), group, mode and extended attributes; a new one gets `newFileMode`, or 0666
        /// less the umask. A stream the person names is written as one.
        case kept(newFileMode: mode_t?)
        /// A baseline or the history: as `kept`, but always a file, never a stream: Sayline
        /// reads it back next time, which a stream could not give.
        case keptFile(newFileMode: mode_t?)
        /// A scene's own file, saved: as `kept`, and where the folder cannot take a new file
        /// (or the new file cannot be given the old one's owner or attributes), the file is
        /// written where it is, and put back as `previous` if that fails half way.
        case keptOrInPlace(previous: [UInt8])
        /// An installed file: exactly `mode`, owned by whoever installs; nothing of a file it
        /// replaces is kept (an old owner or a capability must not pass to a new program).
        case installed(mode: mode_t)

        /// Only what a person reads (a report, a transcript) may go to a stream: an installed
        /// program, a saved scene or a baseline that went down a pipe would be lost.
        var takesStreams: Bool {
            if case .kept = self { return true }
            return false
        }
    }

    /// What the name holds now, once it has passed the rules.
    package enum Place {
        /// Nothing yet: a new file is made.
        case nothing
        /// A regular file, replaced.
        case file(stat)
        /// A stream, written as it is.
        case stream(OpenStream)
    }

    /// Checks `path` against the rules without writing: a command checks its outputs before
    /// it writes any, so a refused one changes nothing. `inputs` are the files the command
    /// read (`-` and names that are gone are passed over). A FIFO is opened here, to know at
    /// once whether it has a reader; a command's check before its writes leaves that descriptor
    /// open until the program ends (closed before the write, it would tell the reader the
    /// stream had ended before it began), and the write opens and closes its own.
    package static func check(_ path: String, as kind: Kind = .kept(newFileMode: nil), inputs: [String] = []) -> Result<Place, FileAccess.Failure> {
        if path == "-" { return .success(.stream(.standardOutput)) }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let number = errno
            // Nothing there: the folder is checked when the new file is made in it.
            return number == ENOENT ? .success(.nothing) : .failure(.cannotWrite(String(cString: strerror(number))))
        }
        if kind.takesStreams, let stream = OpenStream.named(path, info, inputs: inputs) { return stream.map { .stream($0) } }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: return .failure(.symbolicLink(linkText(path)))
        case S_IFDIR: return .failure(.folder)
        case S_IFREG: break
        default: return .failure(.special(specialKind(info.st_mode)))
        }
        for input in inputs where input != "-" {
            var read = stat()
            if stat(input, &read) == 0, read.st_dev == info.st_dev, read.st_ino == info.st_ino {
                return .failure(.ownInput(FileAccess.shown(input)))
            }
        }
        return .success(.file(info))
    }

    /// Writes `bytes` to `path` by the rules above.
    package static func write(_ bytes: [UInt8], to path: String, as kind: Kind = .kept(newFileMode: nil),
                              inputs: [String] = []) -> Result<Void, FileAccess.Failure> {
        write(to: path, as: kind, inputs: inputs) { sink in sink(bytes[...]) }
    }

    /// `write` for text.
    package static func write(_ text: String, to path: String, as kind: Kind = .kept(newFileMode: nil),
                              inputs: [String] = []) -> Result<Void, FileAccess.Failure> {
        write(Array(text.utf8), to: path, as: kind, inputs: inputs)
    }

    /// `write` for text made a piece at a time: `produce` hands each piece to the function it
    /// is given, so a report of any size is never held whole. A file's name is replaced only
    /// once everything is written and synced; a stream gets each piece as it comes.
    package static func write(to path: String, as kind: Kind = .kept(newFileMode: nil), inputs: [String] = [],
                              producing produce: ((ArraySlice<UInt8>) -> Void) -> Void) -> Result<Void, FileAccess.Failure> {
        switch check(path, as: kind, inputs: inputs) {
        case .failure(let failure): return .failure(failure)
        case .success(.stream(let stream)): return stream.pour(produce)
        case .success(.nothing): return replace(path, existing: nil, as: kind, produce)
        case .success(.file(let info)): return replace(path, existing: info, as: kind, produce)
        }
    }

    /// Pieces to a descriptor; after a failed write the rest are dropped, and why is kept.
    static func pour(_ produce: ((ArraySlice<UInt8>) -> Void) -> Void, into fd: Int32) -> String? {
        var failure: String?
        produce { piece in
            guard failure == nil else { return }
            if !FileAccess.writeFully(piece, to: fd) { failure = String(cString: strerror(errno)) }
        }
        return failure
    }

    /// What a link says it leads to, shown, or "" when it cannot be read.
    static func linkText(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return "" }
        return FileAccess.shown(String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// What the door found where a file was to be written, when it is none.
    package enum SpecialKind: Sendable, Equatable {
        case fifo, socket, device, other
    }

    static func specialKind(_ mode: mode_t) -> SpecialKind {
        switch mode & S_IFMT {
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        case S_IFCHR, S_IFBLK: .device
        default: .other
        }
    }
}
