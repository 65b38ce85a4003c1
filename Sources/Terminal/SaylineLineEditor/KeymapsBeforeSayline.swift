@preconcurrency import CReadline
import Glibc

/// The keymaps as readline had them before Sayline bound anything, and what a key bound to a
/// Sayline function does when the line has text: its readline meaning, as these keep it.
struct KeymapsBeforeSayline {
    private let maps: [(name: String, map: Keymap)]

    /// Copies of the editing modes' keymaps as they are now: taken before anything is bound.
    static func copied() -> KeymapsBeforeSayline {
        KeymapsBeforeSayline(maps: KeyBinder.keymapNames.compactMap { name in
            rl_get_keymap_by_name(name).map { (name, deepCopy($0, depth: 0)) }
        })
    }

    /// What the key that was pressed does with text on the line. For a key of Sayline's own
    /// table, the function its spelling names (Up recalls history, Right moves the cursor);
    /// for a key the user bound, what readline's keymap did before Sayline bound anything (so
    /// a vi command mode `k` recalls history and `\C-xA` never acts as Up).
    func runWithText(_ count: Int32, _ key: Int32) -> Int32 {
        // readline's buffer of the keys read for this binding is not terminated: its length says where it ends.
        let sequence = rl_executing_keyseq.map { keys in
            String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(keys).assumingMemoryBound(to: UInt8.self),
                                                 count: Int(max(rl_key_sequence_length, 0))), as: UTF8.self)
        } ?? ""
        let current = rl_get_keymap()
        let mapName = maps.first { rl_get_keymap_by_name($0.name) == current }?.name ?? "emacs"
        let ours = TerminalKey.spelling(sequence)
        // Printable keys are not bound in vi command mode, so a spelling found there is the user's.
        if let ours, !(mapName == "vi-command" && sequence.utf8.count == 1) {
            guard let name = ours.withText, let function = rl_named_function(name) else { return rl_ding() }
            return function(count, key)
        }
        if let map = maps.first(where: { $0.name == mapName })?.map {
            var type: Int32 = 0
            if let function = rl_function_of_keyseq(sequence, map, &type), type == ISFUNC {
                return function(count, key)
            }
        }
        // A printable key with nothing bound is typed, as readline would type it.
        if mapName != "vi-command", sequence.utf8.count == 1, let byte = sequence.utf8.first, byte >= 0x20, byte < 0x7F {
            return rl_insert(count, key)
        }
        return rl_ding()
    }

    /// A keymap with its prefix keymaps (`\C-x`, Esc) copied too: readline's own copy shares
    /// them, and a binding the user makes later under a prefix would show in the copy.
    private static func deepCopy(_ map: Keymap, depth: Int) -> Keymap {
        guard let copy = rl_copy_keymap(map) else { return map }
        // Prefixes nest one or two deep in practice; the bound keeps a cycle from recursing.
        guard depth < 4 else { return copy }
        for index in 0..<Int(KEYMAP_SIZE) where copy[index].type == CChar(ISKMAP) {
            guard let prefix = copy[index].function else { continue }
            let inner = deepCopy(unsafeBitCast(prefix, to: Keymap.self), depth: depth + 1)
            // The entry holds the inner keymap where a function would be: written as a pointer.
            guard let offset = MemoryLayout<KEYMAP_ENTRY>.offset(of: \KEYMAP_ENTRY.function) else { continue }
            UnsafeMutableRawPointer(copy.advanced(by: index)).storeBytes(of: UnsafeMutableRawPointer(inner), toByteOffset: offset,
                                                                          as: UnsafeMutableRawPointer.self)
        }
        return copy
    }
}
