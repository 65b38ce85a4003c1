import Glibc

/// The three standard descriptors, made sure of before anything else is opened.
package enum StandardStreams {
    /// A standard stream that was closed when Sayline started (`2>&-`) is taken by /dev/null,
    /// opened the wrong way round (read-only for an output, write-only for input), so that the
    /// next file Sayline opens (an events file, a report) can never get its number and receive
    /// what was meant for the closed stream, while writing to it still fails as writing to a
    /// closed stream does (EBADF), and is still reported as such.
    /// - Complexity: one system call (poll) when all three are open, as they nearly always are.
    package static func holdClosedOnes() {
        var streams = [pollfd(fd: 0, events: 0, revents: 0), pollfd(fd: 1, events: 0, revents: 0), pollfd(fd: 2, events: 0, revents: 0)]
        guard poll(&streams, 3, 0) >= 0, streams.contains(where: { $0.revents & Int16(POLLNVAL) != 0 }) else { return }
        // In order: open() takes the lowest free number, so each closed one is filled in turn.
        for stream in streams where stream.revents & Int16(POLLNVAL) != 0 {
            let held = open("/dev/null", (stream.fd == 0 ? O_WRONLY : O_RDONLY) | O_NOCTTY)
            if held >= 0, held != stream.fd {
                // Not the number meant (cannot happen when filled in order): put it where it belongs.
                _ = dup2(held, stream.fd)
                close(held)
            }
        }
    }
}
