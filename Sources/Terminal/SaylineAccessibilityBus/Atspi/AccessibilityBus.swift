import Glibc
import SaylineText
import SaylineControls
import SaylineSystem

/// An accessible on the bus: the application's connection and the object's path.
package struct AccessibleReference: Hashable, Sendable {
    package let busName: String
    package let path: String
}

/// A problem with the desktop, the bus or an application, as one line for a person.
package struct LiveProblem: Error, Equatable {
    package let message: String
}

/// The accessibility bus, reached as at-spi2-core's own client reaches it, and the calls a
/// screen reader makes on it. Every call has a deadline (`callSeconds`): an application that
/// hangs or vanishes costs a line and at most that long, never a hang.
package final class AccessibilityBus {
    package let connection: DBusConnection
    /// Connections straight to applications, by their name on the bus: at-spi2's applications
    /// serve their accessibles on a socket of their own too, as libatspi reads them, and a
    /// walk then costs the bus nothing.
    private var direct: [String: DBusConnection] = [:]
    /// How long one call, or one window of calls, may take.
    package static let callSeconds = 2.0

    static let registry = "org.a11y.atspi.Registry"
    static let rootPath = "/org/a11y/atspi/accessible/root"
    static let accessible = "org.a11y.atspi.Accessible"
    static let properties = "org.freedesktop.DBus.Properties"

    private init(connection: DBusConnection) {
        self.connection = connection
    }

    /// The deadline of a call made now.
    package static var deadline: Double { monotonicSeconds() + callSeconds }

    /// Connects as at-spi2-core's client does: `AT_SPI_BUS_ADDRESS` when set, else the X root
    /// window's `AT_SPI_BUS` property, else the address the session bus's `org.a11y.Bus` gives. When the desktop's accessibility is off, it is turned on
    /// (`org.a11y.Status.IsEnabled`), as a screen reader does, and `noticed` hears so.
    package static func connect(environment: [String: String], noticed: (String) -> Void) throws(LiveProblem) -> AccessibilityBus {
        if let address = environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty {
            do {
                return AccessibilityBus(connection: try DBusConnection.open(address, until: deadline))
            } catch {
                throw LiveProblem(message: translated("the accessibility bus at %s does not answer (AT_SPI_BUS_ADDRESS)", TextSanitiser.echo(address, limit: 80)))
            }
        }
        if let address = XRootWindowAddress.read(environment: environment, until: deadline),
           let connection = try? DBusConnection.open(address, until: deadline) {
            if let session = try? sessionBus(environment: environment) { enableAccessibility(on: session, noticed: noticed) }
            return AccessibilityBus(connection: connection)
        }
        let session = try sessionBus(environment: environment)
        let address: String
        do {
            let reply = try session.call(.call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress"), until: deadline)
            guard let text = reply.body.first?.text, !text.isEmpty else { throw BusFailure.malformed("no address") }
            address = text
        } catch {
            throw LiveProblem(message: translated("no accessibility bus on this desktop: the session bus has no org.a11y.Bus (is at-spi2-core installed and running?)"))
        }
        enableAccessibility(on: session, noticed: noticed)
        do {
            return AccessibilityBus(connection: try DBusConnection.open(address, until: deadline))
        } catch {
            throw LiveProblem(message: translated("the accessibility bus at %s does not answer", TextSanitiser.echo(address, limit: 80)))
        }
    }

    private static func sessionBus(environment: [String: String]) throws(LiveProblem) -> DBusConnection {
        var address = environment["DBUS_SESSION_BUS_ADDRESS"] ?? ""
        if address.isEmpty, let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { address = "unix:path=" + runtime + "/bus" }
        guard !address.isEmpty else {
            throw LiveProblem(message: translated("no accessibility bus to reach: AT_SPI_BUS_ADDRESS is not set, no X display gives AT_SPI_BUS, and DBUS_SESSION_BUS_ADDRESS is not set"))
        }
        do {
            return try DBusConnection.open(address, until: deadline)
        } catch {
            throw LiveProblem(message: translated("the session bus at %s does not answer", TextSanitiser.echo(address, limit: 80)))
        }
    }

    /// Sets `org.a11y.Status.IsEnabled` when it is off: applications such as Qt's publish their
    /// controls only once it is on.
    private static func enableAccessibility(on session: DBusConnection, noticed: (String) -> Void) {
        let status: [DBusValue] = [.string("org.a11y.Status"), .string("IsEnabled")]
        guard let reply = try? session.call(.call("org.a11y.Bus", "/org/a11y/bus", properties, "Get", status), until: deadline),
              reply.body.first?.boolean == false else { return }
        let set = DBusMessage.call("org.a11y.Bus", "/org/a11y/bus", properties, "Set", status + [.variant(.boolean(true))])
        guard (try? session.call(set, until: deadline)) != nil else { return }
        noticed(translated("accessibility was off on this desktop; Sayline turned it on (org.a11y.Status.IsEnabled), and applications started before may need a restart to appear"))
    }

    // MARK: Calls

    /// A method of an accessible.
    static func call(_ reference: AccessibleReference, _ interface: String, _ member: String, _ body: [DBusValue] = []) -> DBusMessage {
        .call(reference.busName, reference.path, interface, member, body)
    }

    /// A property of an accessible.
    static func property(_ reference: AccessibleReference, _ interface: String, _ name: String) -> DBusMessage {
        call(reference, properties, "Get", [.string(interface), .string(name)])
    }

    /// Replies that are returns, the rest nil. Calls all to one application go straight to
    /// it when it offered a connection of its own.
    package func returns(_ messages: [DBusMessage], until deadline: Double = AccessibilityBus.deadline) throws(LiveProblem) -> [DBusMessage?] {
        var route = connection
        if let first = messages.first?.destination, let peer = direct[first], messages.allSatisfy({ $0.destination == first }) { route = peer }
        do {
            return try route.callMany(messages, until: deadline).map { $0?.kind == .methodReturn ? $0 : nil }
        } catch {
            throw LiveProblem(message: Self.words(for: error))
        }
    }

    /// Reads `application` over a connection of its own from now on, when it offers one
    /// (`Application.GetApplicationBusAddress`); otherwise, or when that fails, over the bus.
    package func connectDirectly(to application: AccessibleReference) {
        guard direct[application.busName] == nil,
              let reply = try? connection.call(Self.call(application, "org.a11y.atspi.Application", "GetApplicationBusAddress"), until: Self.deadline),
              let address = reply.body.first?.text, !address.isEmpty,
              let peer = try? DBusConnection.open(address, until: Self.deadline, peer: true) else { return }
        direct[application.busName] = peer
    }

    /// A failure of the bus itself, in words.
    static func words(for failure: BusFailure) -> String {
        switch failure {
        case .closed, .unreachable: translated("the accessibility bus closed the connection")
        case .timedOut: translated("the accessibility bus did not answer within 2 seconds")
        case .malformed, .remote: translated("the accessibility bus sent something that is not a D-Bus message")
        }
    }

    /// A reference from an `(so)` structure.
    static func reference(_ value: DBusValue) -> AccessibleReference? {
        guard let members = value.members, members.count == 2, let name = members[0].text, let path = members[1].text,
              !name.isEmpty, path.hasPrefix("/") else { return nil }
        return AccessibleReference(busName: name, path: path)
    }
}
