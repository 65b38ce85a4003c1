import Foundation
import PseudoTerminal

/// The outside programs the consumer checks run; .ci/run installs them all. A check is enabled
/// only where its consumer is installed, so a machine without one reports the check skipped,
/// never passed; under CI every check runs, and a missing consumer fails it.
enum Consumers {
    static let underCI = ProcessInfo.processInfo.environment["CI"] != nil

    /// Every one of these files is there (programs, or a shell's completion library), or CI.
    static func installed(_ paths: String...) -> Bool {
        underCI || paths.allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }

    /// A program found on the PATH, or CI.
    static func onPath(_ name: String) -> Bool {
        underCI || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    /// python3 imports every one of these modules (`"selenium, axe_playwright_python"`), or CI.
    static func python(_ modules: String) -> Bool {
        underCI || (try? runPiped(["python3", "-c", "import \(modules)"], input: "", executable: "/usr/bin/env"))?.status == 0
    }
}
