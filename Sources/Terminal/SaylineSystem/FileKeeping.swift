import Glibc

/// A file a person keeps (a scene): what its path names, whether it may be written, and its
/// replacement through `FileDoor`, keeping its owner, group, mode and extended attributes.
package enum FileKeeping {
    /// What a path names: enough to tell later whether it still names the file it named.
    package struct Identity: Equatable {
        /// The path itself is a symbolic link.
        package let isLink: Bool
        /// The file it leads to, links resolved; the path itself when nothing is there.
        package let target: String
    }

    package static func identity(_ path: String) -> Identity {
        var info = stat()
        let isLink = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
        guard let resolved = realpath(path, nil) else { return Identity(isLink: isLink, target: path) }
        defer { free(resolved) }
        return Identity(isLink: isLink, target: String(cString: resolved))
    }

    /// Nobody may write it: its mode has no write bit, or this user is refused. (Root may write
    /// any file, but a file its owner made 0444 is one they meant to keep.)
    package static func isReadOnly(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o222 == 0 || access(path, W_OK) != 0
    }

    /// Replaces the scene's own file at `path` with `bytes`, through `FileDoor`: a new file
    /// beside it, given the old one's owner, group, mode and extended attributes, synced, then
    /// renamed over it; where the folder cannot take a new file, or the new file cannot be
    /// given what the old one had, the file is written in place instead, and put back as
    /// `previous` if that fails half way. `inputs` are the other files the session read.
    package static func replace(_ path: String, with bytes: [UInt8], previous: [UInt8], inputs: [String] = []) -> Result<Void, FileAccess.Failure> {
        FileDoor.write(bytes, to: path, as: .keptOrInPlace(previous: previous), inputs: inputs)
    }
}
