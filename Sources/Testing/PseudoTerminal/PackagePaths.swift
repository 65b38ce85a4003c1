import Foundation

/// Where the package's own files are, for tests that read the docs, the schemas and fixtures.
public enum PackagePaths {
    /// The package's root: this file is Sources/Testing/PseudoTerminal/PackagePaths.swift.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A file from the root: "Docs/events.schema.json".
    public static func file(_ path: String) -> URL { root.appendingPathComponent(path) }
}
