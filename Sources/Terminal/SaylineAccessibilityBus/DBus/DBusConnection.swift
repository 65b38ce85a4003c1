import Glibc
import SaylineSystem

/// Why a bus could not be used: each is one line for a person, worded where it is said.
package enum BusFailure: Error, Equatable {
    /// No address to connect to, or none of its addresses accepted a connection.
    case unreachable(address: String)
    /// The peer did not answer by the deadline.
    case timedOut(member: String)
    /// The connection ended.
    case closed
    /// The peer sent bytes that are not D-Bus.
    case malformed(String)
    /// The call was answered with an error.
    case remote(name: String, message: String)
}

/// One connection to a message bus, spoken in the D-Bus wire protocol itself: a Unix socket,
/// the EXTERNAL authentication by this process's user id, and method calls with deadlines.
///
/// Every wait has a deadline and a call can be one of many in flight (`callMany`), so
/// walking an application's tree costs round trips by the level, not by the call. Signals that arrive while replies are awaited are kept, up to a bound.
package final class DBusConnection {
    private let socket: Int32
    private var nextSerial: UInt32 = 1
    private var received: [UInt8] = []
    private var receivedStart = 0
    private var signals: [DBusMessage] = []
    private var ended = false
    /// What one read takes from the socket, kept: made afresh, 64 KiB were zeroed per read.
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    /// The connection's own name on the bus, from `Hello`.
    package private(set) var uniqueName = ""

    /// Signals kept between reads; an application that floods the bus loses its oldest.
    static let keptSignals = 4_096

    private init(socket: Int32) {
        self.socket = socket
    }

    deinit { close(socket) }

    /// Connects to the first address of `address` (a `;`-separated D-Bus address list) that
    /// answers, authenticates and says hello, all by `deadline` (monotonic seconds).
    /// - Parameter peer: a connection straight to one application (its own server, as
    ///   at-spi2 offers), not to a bus: no `Hello`, as there is no bus to greet.
    package static func open(_ address: String, until deadline: Double, peer: Bool = false) throws(BusFailure) -> DBusConnection {
        for entry in DBusAddress.parse(address) {
            guard let socket = entry.connect() else { continue }
            let connection = DBusConnection(socket: socket)
            do {
                try connection.authenticate(until: deadline)
                if peer { return connection }
                let hello = try connection.call(.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello"), until: deadline)
                connection.uniqueName = hello.body.first?.text ?? ""
                return connection
            } catch .timedOut(let member) {
                throw .timedOut(member: member)
            } catch {
                continue
            }
        }
        throw .unreachable(address: address)
    }

    // MARK: Calls

    /// Sends a call and waits for its reply by `deadline`; an error reply is thrown.
    package func call(_ message: DBusMessage, until deadline: Double) throws(BusFailure) -> DBusMessage {
        guard let reply = try callMany([message], until: deadline)[0] else { throw .timedOut(member: message.member ?? "") }
        if reply.kind == .error { throw .remote(name: reply.errorName ?? "", message: reply.body.first?.text ?? "") }
        return reply
    }

    /// Sends a message and returns its serial, without waiting for any reply.
    @discardableResult
    package func send(_ message: DBusMessage, until deadline: Double) throws(BusFailure) -> UInt32 {
        guard !ended else { throw .closed }
        let serial = nextSerial
        nextSerial = nextSerial == UInt32.max ? 1 : nextSerial + 1
        try write(message.encoded(serial: serial), until: deadline)
        return serial
    }

    /// Calls in flight together, at most: the peer's replies to them fit in a socket's
    /// buffer, so neither side ever waits on the other to read.
    static let window = 256

    /// Makes every call with up to `window` in flight at once (one more is sent as each reply
    /// comes), and returns each reply (a return or an error) in order; nil for a call not
    /// answered by `deadline`.
    package func callMany(_ messages: [DBusMessage], until deadline: Double) throws(BusFailure) -> [DBusMessage?] {
        var answers = [DBusMessage?](repeating: nil, count: messages.count)
        var waiting: [UInt32: Int] = [:]
        waiting.reserveCapacity(Self.window)
        var next = 0
        while next < messages.count || !waiting.isEmpty {
            while next < messages.count, waiting.count < Self.window {
                waiting[try send(messages[next], until: deadline)] = next
                next += 1
            }
            guard let message = try nextMessage(until: deadline) else { break }
            if let serial = message.replySerial, message.kind == .methodReturn || message.kind == .error {
                if let index = waiting.removeValue(forKey: serial) { answers[index] = message }
            } else if message.kind == .signal {
                keep(message)
            }
            // A peer that keeps sending other things never holds a call past its deadline.
            if monotonicSeconds() >= deadline { break }
        }
        return answers
    }

    /// The next signal, kept or arriving by `deadline`; nil when none came in time.
    package func nextSignal(until deadline: Double) throws(BusFailure) -> DBusMessage? {
        if !signals.isEmpty { return signals.removeFirst() }
        while let message = try nextMessage(until: deadline) {
            if message.kind == .signal { return message }
        }
        return nil
    }

    /// The socket, for a caller that waits on several things at once (a key or a signal).
    package var fileDescriptor: Int32 { socket }

    /// Whether the peer closed the connection or broke the protocol: nothing more will come.
    package var isClosed: Bool { ended }

    /// Whether a signal is kept or a whole message is waiting, so `nextSignal` would not block.
    package var hasPendingInput: Bool {
        if !signals.isEmpty { return true }
        let available = received.count - receivedStart
        guard available >= 16, let length = DBusMessage.length(ofMessageAt: receivedStart, in: received) else { return false }
        return available >= length
    }

    private func keep(_ signal: DBusMessage) {
        if signals.count >= Self.keptSignals { signals.removeFirst() }
        signals.append(signal)
    }

    // MARK: The socket

    private func authenticate(until deadline: Double) throws(BusFailure) {
        // The uid as ASCII digits, hex-encoded: the EXTERNAL mechanism's identity.
        let uid = Array(String(getuid()).utf8).map { byte in String(byte, radix: 16) }.joined()
        try write([0] + Array("AUTH EXTERNAL \(uid)\r\n".utf8), until: deadline)
        let answer = try line(until: deadline)
        guard answer.hasPrefix("OK ") else { throw .malformed("authentication refused") }
        try write(Array("BEGIN\r\n".utf8), until: deadline)
    }

    /// One line of the authentication exchange, at most 512 bytes.
    private func line(until deadline: Double) throws(BusFailure) -> String {
        while true {
            if let newline = received[receivedStart...].firstIndex(of: UInt8(ascii: "\n")) {
                let text = String(decoding: received[receivedStart..<newline], as: UTF8.self)
                receivedStart = newline + 1
                return text
            }
            guard received.count - receivedStart < 512 else { throw .malformed("an authentication line too long") }
            guard try fill(until: deadline) else { throw .timedOut(member: "AUTH") }
        }
    }

    private func nextMessage(until deadline: Double) throws(BusFailure) -> DBusMessage? {
        while true {
            let available = received.count - receivedStart
            if available >= 16 {
                guard let length = DBusMessage.length(ofMessageAt: receivedStart, in: received) else {
                    ended = true
                    throw .malformed("a message too long or of no byte order")
                }
                if available >= length {
                    let start = receivedStart
                    receivedStart += length
                    let message: DBusMessage
                    do {
                        message = try DBusMessage.decode(received, from: start, length: length)
                    } catch {
                        ended = true
                        throw .malformed(error.reason)
                    }
                    compact()
                    return message
                }
            }
            guard try fill(until: deadline) else { return nil }
        }
    }

    /// Drops consumed bytes once they are most of the buffer, so reading stays linear.
    private func compact() {
        if receivedStart > 65_536, receivedStart * 2 > received.count {
            received.removeFirst(receivedStart)
            receivedStart = 0
        }
    }

    /// Waits for bytes by `deadline` and appends them; false when none came in time.
    private func fill(until deadline: Double) throws(BusFailure) -> Bool {
        guard !ended else { throw .closed }
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        while true {
            let left = Int32(max(0, min((deadline - monotonicSeconds()) * 1000, 3_600_000)).rounded(.up))
            let ready = poll(&entry, 1, left)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return false }
            break
        }
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if count < 0, errno == EAGAIN || errno == EINTR { return true }
        guard count > 0 else {
            ended = true
            throw .closed
        }
        received.append(contentsOf: chunk[0..<count])
        return true
    }

    private func write(_ bytes: [UInt8], until deadline: Double) throws(BusFailure) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Glibc.send(socket, $0 + offset, buffer.count - offset, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) } ?? 0
            }
            if sent > 0 { offset += sent; continue }
            guard sent < 0, errno == EAGAIN || errno == EINTR else {
                ended = true
                throw .closed
            }
            var entry = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            let left = Int32(max(0, min((deadline - monotonicSeconds()) * 1000, 3_600_000)).rounded(.up))
            guard poll(&entry, 1, left) > 0 || errno == EINTR else {
                // Half a message sent leaves the stream unframed: the connection is over.
                if offset > 0 { ended = true }
                throw .timedOut(member: "send")
            }
        }
    }
}
