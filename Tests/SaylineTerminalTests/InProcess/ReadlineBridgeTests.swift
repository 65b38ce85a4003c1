import Glibc
import Testing
@preconcurrency import CReadline
import SaylineCore
@testable import SaylineSession
@testable import SaylineLineEditor

/// GNU readline itself, in process: the bridge installed as a session installs it, keys fed as
/// the loop feeds them, and readline's own lookups asked what each key is bound to. readline
/// is one per process, so these run one at a time and each ends with the line handler removed
/// and the terminal given back.
@Suite(.serialized) struct ReadlineBridgeTests {
    /// A client that keeps what the editor called it with.
    final class RecordingClient: LineEditorClient {
        var escapeCancels = false
        /// Commands run by keys, in order.
        private(set) var performed: [Command] = []
        /// Lines handed over by Enter (nil when not UTF-8).
        private(set) var lines: [String?] = []
        /// Other calls, by name: cancel, interrupt, routing, end.
        private(set) var calls: [String] = []
        /// What Tab offers, and the texts it was asked about.
        var offered: [String] = []
        private(set) var asked: [String] = []
        /// Called after each line, as the loop stops reading after `quit`.
        var afterLine: ((String?) -> Void)?

        func cancel() { calls.append("cancel") }
        func interruptKey() { calls.append("interrupt") }
        func perform(_ command: Command) { performed.append(command) }
        func arrowLeftToRouting() { calls.append("routing") }
        func endOfInput() { calls.append("end") }

        func acceptLine(_ bytes: [UInt8]?) {
            let line = bytes.map { String(decoding: $0, as: UTF8.self) }
            lines.append(line)
            afterLine?(line)
        }

        func completions(for textBeforeCursor: String) -> [String] {
            asked.append(textBeforeCursor)
            return offered.filter { $0.hasPrefix(textBeforeCursor) }
        }
    }

    /// Installs a bridge as a session in `display` would, reading lines, runs `body`, then
    /// leaves readline as the next test needs it: no handler, no line, the terminal given back.
    private func withBridge(_ display: DisplayMode = .full, arrowsOnlyMoveTheCursor: Bool = false, signalKeysAreKeys: Bool = false,
                            _ body: (ReadlineBridge, RecordingClient) throws -> Void) rethrows {
        let bridge = ReadlineBridge()
        let client = RecordingClient()
        bridge.client = client
        // The display's appendOnly (Screen.appendOnly): every mode but the full one.
        bridge.install(appendOnly: display != .full, arrowsOnlyMoveTheCursor: arrowsOnlyMoveTheCursor, signalKeysAreKeys: signalKeysAreKeys)
        // readline's prompt and redisplay, which would fill the test log.
        let nowhere = fopen("/dev/null", "w")
        rl_outstream = nowhere
        // As readline sets them in a UTF-8 locale, whatever the test's: a byte above 127 is text, not Meta.
        for (variable, value) in [("input-meta", "on"), ("convert-meta", "off"), ("output-meta", "on")] { rl_variable_bind(variable, value) }
        bridge.startReading(prompt: "> ")
        defer {
            bridge.clearLine()
            bridge.stopReading()
            bridge.restoreTerminal()
            bridge.client = nil
            rl_variable_bind("editing-mode", "emacs")
            rl_outstream = nil
            if let nowhere { fclose(nowhere) }
        }
        try body(bridge, client)
    }

    private func feed(_ bridge: ReadlineBridge, _ text: String) { bridge.feed(Array(text.utf8)[...]) }

    /// The function readline binds a key's sequences to: the one named for its entry, or the
    /// cursor-only one for Left and Right where BRLTTY's routing sends them.
    private func functionName(of key: String, in spec: KeySpec, arrowsOnlyMoveTheCursor: Bool) -> String? {
        arrowsOnlyMoveTheCursor && (key == "Left" || key == "Right") ? KeyFunctions.cursorOnlyName : spec.function
    }

    @Test(arguments: DisplayMode.allCases)
    func everyKeyOfTheTableIsBoundToItsFunctionInEveryCursorMode(display: DisplayMode) throws {
        for (arrowsOnly, signalKeys) in [(false, false), (true, false), (false, true), (true, true)] {
            try withBridge(display, arrowsOnlyMoveTheCursor: arrowsOnly, signalKeysAreKeys: signalKeys) { bridge, client in
                let mode = "\(display) arrowsOnlyMoveTheCursor \(arrowsOnly) signalKeysAreKeys \(signalKeys)"
                let named = KeyTable.all.compactMap(\.function) + [KeyFunctions.cursorOnlyName]
                let functions = try named.map { name in try #require(rl_named_function(name), "\(name) not named to readline") }
                #expect(Set(functions.map { unsafeBitCast($0, to: UnsafeRawPointer.self) }).count == named.count, "one function a name")
                for spec in KeyTable.all where spec.function != nil {
                    for key in spec.keys {
                        let name = try #require(functionName(of: key, in: spec, arrowsOnlyMoveTheCursor: arrowsOnly))
                        let wanted = unsafeBitCast(try #require(rl_named_function(name)), to: UnsafeRawPointer.self)
                        let spellings = ReadlineBridge.spellings(of: key)
                        #expect(!spellings.isEmpty, "\(key) has no spelling: bound nowhere")
                        for spelling in spellings {
                            for mapName in ["emacs", "vi-insert", "vi-command"] {
                                // vi's command mode keeps its printable keys (+, -, ?) for itself.
                                if mapName == "vi-command" && spelling.sequence.utf8.count == 1 && spelling.sequence != "\t" { continue }
                                var type: Int32 = -1
                                let map: Keymap? = rl_get_keymap_by_name(mapName)
                                guard let map else { Issue.record("readline has no keymap \(mapName)"); continue }
                                let bound = rl_function_of_keyseq(spelling.sequence, map, &type)
                                #expect(type == ISFUNC && bound.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } == wanted,
                                        "\(mode): \(key) \(spelling.sequence.debugDescription) in \(mapName) is not \(name)")
                            }
                            // Pressed on an empty line, the key does what its entry says.
                            let before = (client.performed.count, client.calls.count)
                            feed(bridge, spelling.sequence)
                            if name == KeyFunctions.cursorOnlyName {
                                #expect(client.calls.count == before.1 + 1 && client.calls.last == "routing", "\(mode): \(key)")
                            } else {
                                #expect(client.performed.count == before.0 + 1 && client.performed.last == spec.command, "\(mode): \(key) \(spelling.sequence.debugDescription)")
                            }
                        }
                    }
                }
            }
        }
    }

    @Test func thePoolHoldsTheKeyTableAndATableThatOutgrowsItLosesKeysWithoutTrapping() {
        let made = KeyFunctions.made(from: KeyTable.all)
        #expect(made.unbound.isEmpty, "the key table outgrew the pool of key functions: \(made.unbound)")
        #expect(made.functions.map(\.name) == KeyTable.all.compactMap(\.function) + [KeyFunctions.cursorOnlyName])
        let tooMany = (0...KeyFunctions.pool.count).map { KeySpec(function: "f\($0)", keys: ["Up"], command: .next, help: "") }
        let over = KeyFunctions.made(from: tooMany)
        #expect(over.functions.count == KeyFunctions.pool.count)
        #expect(over.unbound == ["f\(KeyFunctions.pool.count)", KeyFunctions.cursorOnlyName])
        // A slot the bridge never assigned does nothing; it never traps.
        #expect(ReadlineBridge.keyPressed(slot: KeyFunctions.pool.count + 5, count: 1, key: 0) == 0)
    }

    @Test func keysSplitAcrossReadsAndLinesTogetherInOneReadAreAllTaken() {
        withBridge { bridge, client in
            // A terminal's arrow cut between two reads of the keyboard is still one key.
            feed(bridge, "\u{1B}")
            feed(bridge, "[A")
            #expect(client.performed == [.increment(1)])
            // Alt-5 Up: readline's count reaches the command.
            feed(bridge, "\u{1B}5\u{1B}[A")
            #expect(client.performed == [.increment(1), .increment(5)])
            // Two lines in one read: both, in order.
            feed(bridge, "say\rdescri")
            feed(bridge, "be\r")
            #expect(client.lines == ["say", "describe"])
            // A line that stops reading (quit): what came after it in the same read is not run.
            client.afterLine = { line in if line == "quit" { bridge.stopReading() } }
            feed(bridge, "quit\rsay\r\u{1B}[A")
            #expect(client.lines == ["say", "describe", "quit"] && client.performed.count == 2)
            #expect(!bridge.isReading)
        }
    }

    @Test func aCharacterSplitAcrossReadsArrivesWholeAndABadByteRefusesItsLine() {
        withBridge { bridge, client in
            // é is C3 A9: the read ends between its two bytes.
            bridge.feed([0x73, 0x65, 0x74, 0x20, 0xC3][...])
            bridge.feed([0xA9, 0x0D][...])
            #expect(client.lines == ["set é"])
            // A byte that is no UTF-8 refuses the whole line; the next line is clean.
            bridge.feed([0x61, 0xFF, 0x62, 0x0D][...])
            feed(bridge, "ok\r")
            #expect(client.lines == ["set é", nil, "ok"])
        }
    }

    @Test func tabWithTextCompletesFromTheClientsCandidates() {
        withBridge { bridge, client in
            client.offered = ["increment", "inclination", "describe"]
            // Two candidates: their common start is typed, and Enter hands the line over.
            feed(bridge, "in\t\r")
            #expect(client.asked == ["in"])
            #expect(client.lines == ["inc"])
            // One candidate: completed, with the space after a whole word.
            feed(bridge, "de\t\r")
            #expect(client.asked == ["in", "de"])
            #expect(client.lines == ["inc", "describe "])
            // On an empty line Tab is the key table's: focus moves, nothing is completed.
            feed(bridge, "\t")
            #expect(client.performed == [.next] && client.asked.count == 2)
        }
    }

    @Test func withTextTheKeysKeepTheirReadlineMeaningAndRoutingArrowsOnlyMoveTheCursor() {
        withBridge(.screenReader, arrowsOnlyMoveTheCursor: true) { bridge, client in
            // Left and Right on an empty line: said once why they do not step, by the client.
            feed(bridge, "\u{1B}[D")
            #expect(client.calls == ["routing"] && client.performed.isEmpty)
            // With text: Left moves the cursor, + is typed, Home goes to the start.
            feed(bridge, "ab\u{1B}[DX+\u{1B}[1~>\r")
            #expect(client.lines == [">aX+b"] && client.performed.isEmpty)
        }
    }

    @Test func aPicksEscapeAndControlCAreDecidedByPickWithTheRestLeftToTheEditor() {
        withBridge(signalKeysAreKeys: true) { bridge, client in
            client.escapeCancels = true
            // Escape read alone with text on the line is the editor's; Ctrl-Z does nothing.
            feed(bridge, "5")
            feed(bridge, "\u{1B}")
            feed(bridge, "\u{1A}")
            #expect(client.calls.isEmpty)
            bridge.clearLine()
            feed(bridge, "\u{1B}[A")
            #expect(client.performed == [.increment(1)] && client.calls.isEmpty)
            feed(bridge, "\u{1B}")
            #expect(client.calls == ["cancel"])
            feed(bridge, "12\u{03}")
            #expect(client.calls == ["cancel", "interrupt"])
        }
    }
}
