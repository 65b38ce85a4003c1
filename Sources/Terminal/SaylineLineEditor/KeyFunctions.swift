import SaylineSession

/// A readline callback: the count (Alt-5 makes it 5) and the key that was pressed.
typealias KeyFunction = @convention(c) (Int32, Int32) -> Int32

/// What a function Sayline names to readline does when its key is pressed on an empty line.
enum KeyAction: Equatable {
    /// Runs the command of a key table's entry (with readline's count); an entry that names
    /// none does nothing.
    case command(Command?)
    /// What Left and Right do while BRLTTY reviews the screen and Sayline does not hold the
    /// braille display: on an empty line they say why they do not step, with text they move
    /// the cursor. BRLTTY's routing keys move the cursor by sending arrows, so a step there
    /// would change the value under the reader's finger. (Holding the display through
    /// BrlAPI, Sayline gets the routing keys themselves, and the arrows step.)
    case cursorOnly
}

/// One function readline knows by name (`sayline-increment`), the C function it calls, and
/// what that does.
struct NamedKeyFunction {
    let name: String
    let action: KeyAction
    let function: KeyFunction
}

/// The functions Sayline names to readline, made from the key table. readline needs a C
/// function of its own for each name, and a C function cannot capture which name it is: so a
/// fixed pool of them each passes its own slot number on, and the key table's entries take
/// the slots in order. A key added to the table is bound with no other change, as long as the
/// pool holds the table (a test holds it to that).
enum KeyFunctions {
    /// The function Left and Right are bound to where only the cursor moves (`KeyAction.cursorOnly`).
    static let cursorOnlyName = "sayline-cursor-only"

    /// The named functions of `table`, in its order, the cursor-only function last, each with
    /// a slot of the pool; and the names the pool had no slot left for, which stay unbound.
    /// A table that outgrows the pool loses keys, never traps: its keys are data, not input,
    /// but a start that fails over a missing key would be worse than a key that does nothing.
    static func made(from table: [KeySpec]) -> (functions: [NamedKeyFunction], unbound: [String]) {
        var wanted = table.compactMap { spec in spec.function.map { ($0, KeyAction.command(spec.command)) } }
        wanted.append((cursorOnlyName, .cursorOnly))
        let functions = zip(wanted, pool).map { NamedKeyFunction(name: $0.0, action: $0.1, function: $1) }
        return (functions, wanted.dropFirst(pool.count).map(\.0))
    }

    /// The C functions, one a slot: each finds the bridge readline's callbacks reach and runs
    /// the function its slot was given at install.
    static let pool: [KeyFunction] = [
        { ReadlineBridge.keyPressed(slot: 0, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 1, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 2, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 3, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 4, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 5, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 6, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 7, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 8, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 9, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 10, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 11, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 12, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 13, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 14, count: $0, key: $1) },
        { ReadlineBridge.keyPressed(slot: 15, count: $0, key: $1) },
    ]
}
