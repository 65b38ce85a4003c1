import PseudoTerminal
import Testing

/// A trait that turns every wait which ran out its timeout into a failure of the running test,
/// so a silent ten-second wait for something that never came cannot pass again.
struct TimeoutsFail: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        TerminalProcess.timeoutReporter = { message in Issue.record(Comment(rawValue: message)) }
        try await function()
    }
}

extension Trait where Self == TimeoutsFail {
    static var timeoutsFail: TimeoutsFail { TimeoutsFail() }
}
