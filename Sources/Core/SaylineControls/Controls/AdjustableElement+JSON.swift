import SaylineText

extension AdjustableElement {
    /// The control as a program reads it, the same in every event and in `pick --print json`:
    /// its id, value (as a file keeps it), the answer's text when asked, what the screen shows
    /// and what is said.
    public func jsonMembers(includingText: Bool = false) -> [JSONMember] {
        var members = [JSONMember("id", .string(identity.id)), JSONMember("value", .number(storedValue))]
        if includingText { members.append(JSONMember("text", .string(answerText))) }
        members += [JSONMember("display", .string(displayText)), JSONMember("spoken", .string(spokenValue))]
        return members
    }

    /// The focused control in one line, as the plain display adds it: "Weight, 62.5 kg" (a
    /// comma, which screen readers do not name at their default punctuation, not a colon).
    public var plainLine: String { "\(identity.label), \(displayText)" }
}
