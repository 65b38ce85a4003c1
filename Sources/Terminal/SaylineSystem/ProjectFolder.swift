import Glibc

/// Where a file lies in its project: absolute, with links in its folders resolved, and the
/// repository (the nearest folder above with `.git`) it belongs to. Paths are bytes, as the
/// system spells them: a name need not be UTF-8.
package enum ProjectFolder {
    /// The folder `path` is in, resolved (realpath): nil when it cannot be.
    package static func realFolder(of path: [UInt8]) -> [UInt8]? {
        let slash = UInt8(ascii: "/")
        guard let last = path.lastIndex(of: slash) else { return real(Array(".".utf8)) }
        return real(last == 0 ? [slash] : Array(path[..<last]))
    }

    /// `path` made absolute, its folder resolved and its own name kept as it is (a scene that
    /// is itself a link is named by the link, as the person named it).
    package static func absolute(_ path: [UInt8]) -> [UInt8]? { absolute([path])[0] }

    /// `absolute` of each path, each folder resolved once: ten thousand scenes in one folder
    /// cost one realpath, not ten thousand.
    package static func absolute(_ paths: [[UInt8]]) -> [[UInt8]?] {
        let slash = UInt8(ascii: "/")
        var folders: [ArraySlice<UInt8>: [UInt8]?] = [:]
        return paths.map { path in
            let last = path.lastIndex(of: slash)
            // With its slash: "/a.json" is in "/", "a.json" in the current folder.
            let folderPart = last.map { path[...$0] } ?? []
            let resolved: [UInt8]?
            if let known = folders[folderPart] { resolved = known } else {
                resolved = realFolder(of: path)
                folders[folderPart] = resolved
            }
            guard let folder = resolved else { return nil }
            let name = last.map { path[($0 + 1)...] } ?? path[...]
            guard !name.isEmpty else { return folder }
            return (folder == [slash] ? [] : folder) + [slash] + name
        }
    }

    /// A folder resolved (realpath): nil when it cannot be.
    package static func real(_ folder: [UInt8]) -> [UInt8]? {
        guard let resolved = realpath(folder.map { CChar(bitPattern: $0) } + [0], nil) else { return nil }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    /// The repository `folder` (absolute, resolved) is in: the nearest folder at or above it
    /// that holds `.git` (a folder, or the file a worktree or submodule has); nil outside one.
    package static func repositoryRoot(of folder: [UInt8]) -> [UInt8]? {
        var current = folder
        for _ in 0..<4_096 {
            var info = stat()
            if lstat(cString(current.count == 1 ? Array("/.git".utf8) : current + Array("/.git".utf8)), &info) == 0 { return current }
            guard let parent = parent(of: current) else { return nil }
            current = parent
        }
        return nil
    }

    /// The folder above `folder` (absolute); nil for the root.
    package static func parent(of folder: [UInt8]) -> [UInt8]? {
        let slash = UInt8(ascii: "/")
        guard folder.count > 1, let last = folder.lastIndex(of: slash) else { return nil }
        return last == 0 ? [slash] : Array(folder[..<last])
    }

    /// The current folder, resolved.
    package static func current() -> [UInt8]? { real(Array(".".utf8)) }

    /// A path's bytes as a C string.
    package static func cString(_ bytes: [UInt8]) -> [CChar] { bytes.map { CChar(bitPattern: $0) } + [0] }
}
