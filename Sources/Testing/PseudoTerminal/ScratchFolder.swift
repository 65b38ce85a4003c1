import Foundation

/// A temporary folder for a test's files, removed when the last reference goes.
public final class ScratchFolder {
    public let path = NSTemporaryDirectory() + "sayline-\(UUID().uuidString)"

    public init() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `text` to `name` in the folder and returns the file's path.
    @discardableResult
    public func file(_ name: String, _ text: String, executable: Bool = false) throws -> String {
        let file = path + "/" + name
        // A name with folders in it ("sayline/history") gets them.
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        if executable { chmod(file, 0o755) }
        return file
    }

    public func read(_ name: String) -> String? {
        try? String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }
}
