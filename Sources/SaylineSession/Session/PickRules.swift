import SaylineText
import SaylineControls

/// How `sayline pick` is answered, the same at the keyboard and from a pipe.
public enum PickRules {
    /// What a pick says at start, after the control itself.
    public static var startLine: String {
        "Enter on an empty line accepts. Escape, Control C or Control D cancels. Press \(KeyTable.spokenName(of: KeyTable.describeKey)) to describe the control."
    }

    /// A pick accepts on an empty line, or one of nothing but spaces and tabs: what a person
    /// means by pressing Enter without typing.
    public static func accepts(line bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
