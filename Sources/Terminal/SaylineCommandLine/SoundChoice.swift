/// What Sayline sounds besides its words (`--sound`).
package enum SoundChoice: String, CaseIterable, Sendable {
    /// Words alone.
    case off
    /// A tone at every step: the value's place in its range as pitch (Docs/guide.md).
    case tones
}
