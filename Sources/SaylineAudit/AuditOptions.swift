import SaylineText
import SaylineControls
import SaylineSession
import SaylineScene

/// Settings of an audit.
public struct AuditOptions: Sendable, Equatable {
    /// Most words a change announcement may take.
    public var maximumChangeWords = 8
    /// Most words a focus announcement may take.
    public var maximumFocusWords = 15

    /// The default limits.
    public init() {}
}
