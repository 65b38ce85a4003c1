/// What a pick at a terminal does with the keyboard's bytes, before the line editor reads them.
public enum PickKeys: Equatable, Sendable {
    /// A lone Escape on an empty line: nothing is chosen.
    case cancel
    /// Ctrl-C, which comes as a byte while picking (the terminal sends no SIGINT then): nothing
    /// is chosen, typed text and all, and the pick ends as an interrupted command does (130).
    case interrupt
    /// Keys for the line editor, as ever: these bytes, Ctrl-Z and Ctrl-\ taken out.
    case typed([UInt8])
}

extension PickRules {
    /// How a pick takes the bytes one read of the keyboard gave. A lone Escape read by itself
    /// (a terminal sends an arrow's bytes together) cancels when nothing is typed; with text on
    /// the line it is the editor's, as ever. Ctrl-C ends a pick, as in fzf, rather than
    /// interrupting the whole foreground process group: the shell script that ran
    /// `n=$(sayline pick …)` as well. Ctrl-Z and Ctrl-\ do nothing in a pick.
    /// - Parameter lineIsEmpty: nothing is typed on the line yet.
    public static func keyboard(_ bytes: ArraySlice<UInt8>, lineIsEmpty: Bool) -> PickKeys {
        if bytes.contains(0x03) { return .interrupt }
        let typed: [UInt8] = bytes.filter { $0 != 0x1A && $0 != 0x1C }
        if typed == [0x1B] && lineIsEmpty { return .cancel }
        return .typed(typed)
    }
}
