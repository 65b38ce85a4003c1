/// What a terminal sends for each key the tests and the benchmark press, written once.
public enum Keys {
    public static let up = "\u{1B}[A"
    public static let down = "\u{1B}[B"
    public static let right = "\u{1B}[C"
    public static let left = "\u{1B}[D"
    public static let pageUp = "\u{1B}[5~"
    public static let pageDown = "\u{1B}[6~"
    public static let home = "\u{1B}[H"
    public static let end = "\u{1B}[F"
    public static let tab = "\t"
    public static let shiftTab = "\u{1B}[Z"
    public static let escape = "\u{1B}"

    /// Every key Sayline binds, for tests that press them all.
    public static let all = [up, down, right, left, pageUp, pageDown, home, end, tab, shiftTab, "+", "-"]
}
