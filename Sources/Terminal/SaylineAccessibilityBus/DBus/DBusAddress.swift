import Glibc

/// One entry of a D-Bus address list that a client can connect to: a Unix socket by path, or in
/// Linux's abstract namespace (the accessibility bus's launcher has used both).
package struct DBusAddress: Equatable {
    package enum Socket: Equatable {
        case path(String)
        case abstract(String)
    }

    package let socket: Socket

    /// The entries of `list` that name a Unix socket, in order; others (tcp, launchd, a
    /// server's `dir=`) are left out, as nothing on this bus uses them. Values are unescaped
    /// (`%2f`); an entry with a bad escape is left out.
    package static func parse(_ list: String) -> [DBusAddress] {
        list.split(separator: ";").compactMap { entry in
            guard let colon = entry.firstIndex(of: ":"), entry[..<colon] == "unix" else { return nil }
            var pairs: [String: String] = [:]
            for pair in entry[entry.index(after: colon)...].split(separator: ",") {
                guard let equals = pair.firstIndex(of: "="), let value = unescape(pair[pair.index(after: equals)...]) else { return nil }
                pairs[String(pair[..<equals])] = value
            }
            if let path = pairs["path"], !path.isEmpty { return DBusAddress(socket: .path(path)) }
            if let name = pairs["abstract"], !name.isEmpty { return DBusAddress(socket: .abstract(name)) }
            return nil
        }
    }

    private static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next(), let low = iterator.next(),
                  let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A connected, non-blocking socket, or nil.
    func connect() -> Int32? {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes: [UInt8]
        switch socket {
        case .path(let path): bytes = Array(path.utf8)
        // An abstract name starts with a nul and is as long as it is, with no nul at its end.
        case .abstract(let name): bytes = [0] + Array(name.utf8)
        }
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let length: Int
        switch socket {
        case .path: length = MemoryLayout<sockaddr_un>.size
        case .abstract: length = MemoryLayout<sa_family_t>.size + bytes.count
        }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return nil }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(length)) }
        }
        // A local socket connects at once or not at all (EAGAIN: its backlog is full).
        guard result == 0 else {
            close(fd)
            return nil
        }
        return fd
    }
}
