import SaylineSession

/// What the line editor calls back into: the interactive loop. readline's callbacks are C
/// functions, so they reach it through the installed `ReadlineBridge`'s `client`, and the
/// editor knows nothing else of the loop.
package protocol LineEditorClient: AnyObject {
    /// Whether the client is a pick: its keys go by pick's rules (`PickRules.keyboard`) before
    /// the editor reads them, and a lone Escape on an empty line cancels.
    var escapeCancels: Bool { get }
    /// Escape on an empty line, as pick's rules decide (`PickKeys.cancel`).
    func cancel()
    /// Ctrl-C read as a key, as pick's rules decide (`PickKeys.interrupt`): while picking, the
    /// terminal sends it as a byte instead of interrupting the whole foreground process group.
    func interruptKey()
    /// A key bound to a command was pressed on an empty line.
    func perform(_ command: Command)
    /// Left or Right on an empty line where they only move the cursor (BRLTTY's routing).
    func arrowLeftToRouting()
    /// Enter: the line's bytes, or nil when they were not UTF-8.
    func acceptLine(_ bytes: [UInt8]?)
    /// Ctrl-D on an empty line, or the end of input.
    func endOfInput()
    /// Tab: what may follow the text before the cursor.
    func completions(for textBeforeCursor: String) -> [String]
}
