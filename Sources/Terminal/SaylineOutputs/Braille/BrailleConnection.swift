import Glibc
import CBrailleAPI
import SaylineText
import SaylineSession

/// One connection to BRLTTY through BrlAPI: the display's width, holding it for this terminal,
/// writing a line and reading the display's keys. BrlAPI finds BRLTTY through BRLAPI_HOST and
/// BRLAPI_AUTH itself. If Sayline dies, BRLTTY sees the socket close and takes the display back.
package final class BrailleConnection {
    private let handle: OpaquePointer
    /// Readable when the display has a key: polled by the loop beside the keyboard.
    package let descriptor: Int32
    /// The display's cells in a row.
    package let width: Int
    /// Whether the display is held (tty mode), so writes show and keys come here.
    private(set) var holding = false
    /// The console or path given when the display was first held, to hold it again after Ctrl-Z.
    private var console: Int32 = -1
    /// BRLTTY went away: nothing more is written or read.
    package private(set) var lost = false
    private var closed = false
    private var lastWritten: String?

    private init(handle: OpaquePointer, descriptor: Int32, width: Int) {
        self.handle = handle
        self.descriptor = descriptor
        self.width = width
    }

    deinit {
        close()
        free(UnsafeMutableRawPointer(handle))
    }

    /// Whether BrlAPI's local socket for the first BRLTTY (":0", the default host) is there.
    package static func localServerListens() -> Bool {
        access(BRLAPI_SOCKETPATH + "/0", F_OK) == 0
    }

    /// Connects to BRLTTY, or says why not.
    package static func open() -> Result<BrailleConnection, BrailleProblem> {
        // One byte more than BrlAPI's handle: the exception mark (`recordException`).
        guard let memory = calloc(1, brlapi_getHandleSize() + 1) else { return .failure(.noServer(translated("out of memory"))) }
        let handle = OpaquePointer(memory)
        let descriptor = brlapi__openConnection(handle, nil, nil)
        guard descriptor >= 0 else {
            let problem = lastError()
            free(memory)
            return .failure(problem.authentication ? .refused(problem.text) : .noServer(problem.text))
        }
        // The descriptor must not reach a speech engine or a change command.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        // BrlAPI's own handler of an error BRLTTY reports prints it and aborts, which would
        // leave the terminal raw: here the connection is given up instead.
        _ = brlapi__setExceptionHandler(handle, recordException)
        var columns: UInt32 = 0, rows: UInt32 = 0
        let width = brlapi__getDisplaySize(handle, &columns, &rows) == 0 && columns > 0 ? Int(min(columns, 1_000)) : 0
        let connection = BrailleConnection(handle: handle, descriptor: descriptor, width: width)
        guard width > 0 else { return .failure(.noDisplay) }
        return .success(connection)
    }

    /// Holds the display for this terminal: the Linux console numbered `console`, or else the
    /// terminal BrlAPI works out from WINDOWPATH and WINDOWID (a terminal emulator) or CONTROLVT.
    /// Only the keys Sayline uses come here; BRLTTY keeps the rest.
    package func hold(console: Int32?) -> Bool {
        guard !holding, !lost else { return holding }
        self.console = console ?? -1
        guard brlapi__enterTtyMode(handle, self.console, nil) >= 0 else { return false }
        holding = true
        _ = brlapi__ignoreKeys(handle, brlapi_rangeType_all, nil, 0)
        var keys = [sayline_brlapi_line_up, sayline_brlapi_line_down, sayline_brlapi_pan_left, sayline_brlapi_pan_right,
                    sayline_brlapi_top, sayline_brlapi_bottom, sayline_brlapi_home]
        _ = brlapi__acceptKeys(handle, brlapi_rangeType_key, &keys, UInt32(keys.count))
        var routing = [sayline_brlapi_route]
        _ = brlapi__acceptKeys(handle, brlapi_rangeType_command, &routing, 1)
        lastWritten = nil
        return true
    }

    /// Hands the display back to BRLTTY's screen review (Ctrl-Z, exit).
    package func letGo() {
        guard holding else { return }
        holding = false
        if !lost { _ = brlapi__leaveTtyMode(handle) }
    }

    /// Holds the display again where it was held before.
    package func holdAgain() -> Bool { hold(console: console) }

    /// Whether BRLTTY reported an error on this connection: it is given up.
    private func checkExceptions() {
        if exceptionMark(of: handle).pointee != 0 {
            exceptionMark(of: handle).pointee = 0
            lost = true
        }
    }

    /// The newest line not yet sent because BRLTTY is not reading its socket (stopped, or
    /// stuck): BrlAPI's writes block once the socket is full, and a key press must never wait
    /// on the display. Sent when the socket has room again (`sendUnsent`), older ones dropped.
    private var unsent: String?

    /// Whether a line waits for room: the loop then polls the descriptor for writing too.
    package var hasUnsent: Bool { unsent != nil }

    /// Shows one line of cells, padded to the display's width; the same line is not sent twice.
    package func show(_ line: String) {
        checkExceptions()
        guard holding, !lost else { return }
        guard hasRoom() else {
            unsent = line
            return
        }
        unsent = nil
        guard line != lastWritten else { return }
        // BrlAPI counts the text in characters of its charset (code points), one a cell.
        var scalars = Array(line.unicodeScalars.prefix(width))
        scalars += repeatElement(" ", count: width - scalars.count)
        var text = String(String.UnicodeScalarView(scalars))
        let sent: Int32 = text.withUTF8 { bytes in
            "UTF-8".withCString { charset in
                var arguments = sayline_brlapi_write_arguments()
                arguments.regionBegin = 1
                arguments.regionSize = Int32(width)
                arguments.text = UnsafeRawPointer(bytes.baseAddress).map { $0.assumingMemoryBound(to: CChar.self) }
                arguments.textSize = Int32(bytes.count)
                arguments.charset = charset
                arguments.cursor = sayline_brlapi_cursor_off
                return brlapi__write(handle, &arguments)
            }
        }
        if sent < 0 { lost = true } else { lastWritten = line }
        checkExceptions()
    }

    /// The line that waited for room, now that the socket may have it.
    package func sendUnsent() {
        if let line = unsent { show(line) }
    }

    /// Whether a line can be written without waiting: a Unix socket is writable while no more
    /// than a quarter of its buffer is taken, far more than one line needs.
    private func hasRoom() -> Bool {
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&ready, 1, 0) == 1 && ready.revents & Int16(POLLOUT) != 0
    }

    /// The display's keys pressed since the last call, those Sayline takes.
    package func readKeys() -> [BrailleKey] {
        var keys: [BrailleKey] = []
        var code: brlapi_keyCode_t = 0
        while holding, !lost {
            let got = brlapi__readKeyWithTimeout(handle, 0, &code)
            if got < 0 {
                // BRLTTY went away, or the connection broke: the screen is all there is.
                lost = true
                break
            }
            guard got > 0 else { break }
            if let key = Self.key(code) { keys.append(key) }
        }
        checkExceptions()
        return lost ? [] : keys
    }

    /// The key a BrlAPI key code names, if Sayline takes it; its flags are ignored.
    static func key(_ code: brlapi_keyCode_t) -> BrailleKey? {
        let withoutFlags = code & (sayline_brlapi_type_mask | sayline_brlapi_command_block_mask | sayline_brlapi_command_argument_mask)
        if withoutFlags & (sayline_brlapi_type_mask | sayline_brlapi_command_block_mask) == sayline_brlapi_route { return .route }
        switch withoutFlags {
        case sayline_brlapi_line_up: return .lineUp
        case sayline_brlapi_line_down: return .lineDown
        case sayline_brlapi_pan_left: return .panLeft
        case sayline_brlapi_pan_right: return .panRight
        case sayline_brlapi_top: return .top
        case sayline_brlapi_bottom: return .bottom
        case sayline_brlapi_home: return .home
        default: return nil
        }
    }

    /// BRLTTY's contraction table when the reader has set its text style to contracted
    /// (literary) braille, as BrlAPI exposes them; nil for computer braille.
    package func readersContractionTable() -> String? {
        var literary: brlapi_param_literaryBraille_t = 0
        guard brlapi__getParameter(handle, BRLAPI_PARAM_LITERARY_BRAILLE, 0, brlapi_param_flags_t(BRLAPI_PARAMF_GLOBAL), &literary, MemoryLayout.size(ofValue: literary)) > 0,
              literary != 0 else { return nil }
        return contractionTable()
    }

    /// BRLTTY's contraction table's name ("en-ueb-g2"), if it has one.
    package func contractionTable() -> String? {
        var name = [CChar](repeating: 0, count: 256)
        let length = brlapi__getParameter(handle, BRLAPI_PARAM_LITERARY_BRAILLE_TABLE, 0, brlapi_param_flags_t(BRLAPI_PARAMF_GLOBAL), &name, name.count - 1)
        guard length > 0 else { return nil }
        // The name may be padded with NULs: it ends at the first.
        let bytes = name.prefix(min(length, name.count - 1)).prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let table = String(decoding: bytes, as: UTF8.self)
        return table.isEmpty || table == "none" ? nil : table
    }

    /// Lets go of the display and closes the connection, also one BRLTTY broke (its
    /// descriptor and the handle's buffers are freed either way); safe to call twice.
    package func close() {
        letGo()
        lost = true
        guard !closed else { return }
        closed = true
        brlapi__closeConnection(handle)
    }

    private static func lastError() -> (text: String, authentication: Bool) {
        // BrlAPI's own words stay its own, as the system's do.
        guard let error = brlapi_error_location() else { return (translated("unknown error"), false) }
        let text = brlapi_strerror(error).map { String(cString: $0) } ?? translated("unknown error")
        return (text, error.pointee.brlerrno == BRLAPI_ERROR_AUTHENTICATION)
    }
}

/// The byte just past BrlAPI's handle, in the memory the connection allocated for it: set by
/// `recordException` when BRLTTY reports an error on that connection (an exception packet)
/// while a BrlAPI call runs, and read after the call returns. The handler is C and is given
/// only the handle, so the mark lives with the handle rather than in a table of them.
private func exceptionMark(of handle: OpaquePointer) -> UnsafeMutablePointer<UInt8> {
    (UnsafeMutableRawPointer(handle) + brlapi_getHandleSize()).assumingMemoryBound(to: UInt8.self)
}

/// Marks the connection instead of aborting, as BrlAPI's default handler would.
private let recordException: brlapi__exceptionHandler_t = { handle, _, _, _, _ in
    if let handle { exceptionMark(of: handle).pointee = 1 }
}
