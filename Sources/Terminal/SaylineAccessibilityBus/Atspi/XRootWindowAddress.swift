import Glibc
import SaylineSystem

/// The accessibility bus's address as the X server's root window holds it (the `AT_SPI_BUS`
/// property, which at-spi-bus-launcher sets): where at-spi2-core's own client looks before it
/// asks the session bus, and all there is where a program has a display but no session bus
/// (`ssh -X`, `sudo`). Spoken in the X11 protocol itself over the display's Unix socket (no
/// Xlib: the executable is static), with a deadline on every read.
enum XRootWindowAddress {
    /// The property's text, or nil: no local display, no X server answering by `deadline`,
    /// no such property.
    static func read(environment: [String: String], until deadline: Double) -> String? {
        guard let display = environment["DISPLAY"], let number = localDisplayNumber(display),
              let socket = DBusAddress(socket: .path("/tmp/.X11-unix/X" + number)).connect()
                ?? DBusAddress(socket: .abstract("/tmp/.X11-unix/X" + number)).connect() else { return nil }
        defer { close(socket) }
        var client = XClient(socket: socket, deadline: deadline)
        let cookie = Self.cookie(environment: environment, display: number)
        guard let root = client.setUp(cookie: cookie), let atom = client.internAtom("AT_SPI_BUS"), atom != 0,
              let value = client.stringProperty(of: root, atom), !value.isEmpty else { return nil }
        return value
    }

    /// The display's number when it is on this machine: ":0", ":1.0", "unix:0".
    static func localDisplayNumber(_ display: String) -> String? {
        guard let colon = display.lastIndex(of: ":") else { return nil }
        let host = display[..<colon]
        guard host.isEmpty || host == "unix" else { return nil }
        let number = display[display.index(after: colon)...].prefix { $0 != "." }
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber) ? String(number) : nil
    }

    /// The MIT-MAGIC-COOKIE-1 for the local display `number` from the Xauthority file; nil
    /// when there is none (a server started without authorization, as Xvfb is by default).
    static func cookie(environment: [String: String], display number: String) -> [UInt8]? {
        guard let path = environment["XAUTHORITY"] ?? environment["HOME"].map({ $0 + "/.Xauthority" }),
              case .success(let bytes) = FileAccess.read(path, limit: 1 << 16) else { return nil }
        var position = 0
        func field() -> [UInt8]? {
            guard position + 2 <= bytes.count else { return nil }
            let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
            position += 2
            guard position + length <= bytes.count else { return nil }
            defer { position += length }
            return Array(bytes[position..<(position + length)])
        }
        while position + 2 <= bytes.count {
            let family = Int(bytes[position]) << 8 | Int(bytes[position + 1])
            position += 2
            guard field() != nil, let display = field(), let name = field(), let data = field() else { return nil }
            // 256 is FamilyLocal, a display on this machine; an empty number matches any.
            if family == 256, display.isEmpty || display == Array(number.utf8), name == Array("MIT-MAGIC-COOKIE-1".utf8) { return data }
        }
        return nil
    }
}

/// The three requests this needs, little-endian, each reply read whole by the deadline.
private struct XClient {
    let socket: Int32
    let deadline: Double

    /// The connection's setup; the first screen's root window, or nil when refused.
    mutating func setUp(cookie: [UInt8]?) -> UInt32? {
        let name: [UInt8] = cookie == nil ? [] : Array("MIT-MAGIC-COOKIE-1".utf8)
        let data = cookie ?? []
        var request: [UInt8] = [UInt8(ascii: "l"), 0, 11, 0, 0, 0]
        request += le16(name.count) + le16(data.count) + [0, 0]
        request += padded(name) + padded(data)
        guard send(request), let head = receive(8), head[0] == 1 else { return nil }
        let extra = (Int(head[6]) | Int(head[7]) << 8) * 4
        guard extra >= 32, let body = receive(extra) else { return nil }
        let vendor = Int(body[16]) | Int(body[17]) << 8, formats = Int(body[21])
        let screen = 32 + (vendor + 3) / 4 * 4 + formats * 8
        guard screen + 4 <= body.count else { return nil }
        return le32(body, screen)
    }

    mutating func internAtom(_ name: String) -> UInt32? {
        let bytes = Array(name.utf8)
        var request: [UInt8] = [16, 1] + le16(2 + (bytes.count + 3) / 4) + le16(bytes.count) + [0, 0]
        request += padded(bytes)
        guard send(request), let reply = receive(32), reply[0] == 1 else { return nil }
        return le32(reply, 8)
    }

    mutating func stringProperty(of window: UInt32, _ atom: UInt32) -> String? {
        // GetProperty: delete no, any type, from the start, up to 4 KiB.
        let request: [UInt8] = [20, 0] + le16(6) + le32(window) + le32(atom) + le32(0) + le32(0) + le32(1_024)
        guard send(request), let reply = receive(32), reply[0] == 1, reply[1] == 8 else { return nil }
        let length = Int(le32(reply, 4)) * 4, count = Int(le32(reply, 16))
        guard length <= 4_096, count <= length, let value = length == 0 ? [] : receive(length) else { return nil }
        return String(decoding: value[0..<count], as: UTF8.self)
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { Glibc.send(socket, $0 + offset, buffer.count - offset, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) } ?? -1
            }
            if sent > 0 { offset += sent; continue }
            guard sent < 0, errno == EAGAIN || errno == EINTR else { return false }
            var entry = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
            let left = Int32(max(0, min((deadline - monotonicSeconds()) * 1000, 60_000)).rounded(.up))
            guard poll(&entry, 1, left) > 0 else { return false }
        }
        return true
    }

    private func receive(_ count: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: count)
        while bytes.count < count {
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, min((deadline - monotonicSeconds()) * 1000, 60_000)).rounded(.up))
            guard poll(&entry, 1, left) > 0 else { return nil }
            let read = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, count - bytes.count, Int32(MSG_DONTWAIT)) }
            if read < 0, errno == EAGAIN || errno == EINTR { continue }
            guard read > 0 else { return nil }
            bytes += buffer[0..<read]
        }
        return bytes
    }

    private func padded(_ bytes: [UInt8]) -> [UInt8] { bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4) }
    private func le16(_ value: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    private func le32(_ bytes: [UInt8], _ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) } }
}
