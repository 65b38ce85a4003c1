import SaylineText
import SaylineSystem
import SaylineControls

/// An application on the accessibility bus.
package struct LiveApplication: Equatable, Sendable {
    /// Its root accessible.
    package let root: AccessibleReference
    /// Its accessible name ("gnome-calculator", "Chromium"), cleaned.
    package let name: String
    /// Its process, as the bus knows it; nil when the bus would not say.
    package let processID: UInt32?
}

extension AccessibilityBus {
    /// Every application registered on the bus, in the registry's order.
    package func applications() throws(LiveProblem) -> [LiveApplication] {
        let root = AccessibleReference(busName: Self.registry, path: Self.rootPath)
        guard let children = try returns([Self.call(root, Self.accessible, "GetChildren")])[0]?.body.first?.elements else {
            throw LiveProblem(message: translated("the accessibility registry did not list its applications (is at-spi2-registryd running?)"))
        }
        let roots = children.prefix(Self.largestApplicationCount).compactMap(Self.reference)
        let names = try returns(roots.map { Self.property($0, Self.accessible, "Name") })
        let processes = try returns(roots.map {
            DBusMessage.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixProcessID", [.string($0.busName)])
        })
        return roots.indices.map { index in
            LiveApplication(root: roots[index], name: AccessibleSlider.bounded(names[index]?.body.first?.text ?? ""),
                            processID: processes[index]?.body.first?.uint32)
        }
    }

    /// Whether the application's connection is still on the bus, as the bus itself says
    /// (`NameHasOwner`, which a hung application cannot delay); true when the bus will not say.
    package func isOnBus(_ application: LiveApplication) -> Bool {
        let ask = DBusMessage.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                                   [.string(application.root.busName)])
        guard let replies = try? returns([ask]), let answer = replies.first??.body.first?.boolean else { return true }
        return answer
    }

    /// Applications read at most: a desktop has tens.
    static let largestApplicationCount = 1_000

    /// The application `wanted` names: a process id, or an accessible name (exactly, then
    /// without case). Two applications of one name are refused with their process ids.
    package func application(_ wanted: String) throws(LiveProblem) -> LiveApplication {
        let all = try applications()
        if let pid = UInt32(wanted) {
            guard let found = all.first(where: { $0.processID == pid }) else {
                throw LiveProblem(message: translated("no application of process %s is on the accessibility bus; sayline apps lists those that are", wanted))
            }
            return found
        }
        var matches = all.filter { $0.name == wanted }
        if matches.isEmpty { matches = all.filter { $0.name.lowercased() == wanted.lowercased() } }
        guard let first = matches.first else {
            throw LiveProblem(message: translated("no application named \"%s\" is on the accessibility bus; sayline apps lists those that are",
                                                  TextSanitiser.echo(wanted)))
        }
        guard matches.count == 1 else {
            let pids = matches.map { $0.processID.map { String($0) } ?? "?" }.joined(separator: ", ")
            // Translators: %1$s is how many applications, %2$s their name, %3$s their process ids.
            throw LiveProblem(message: translatedCount("%1$s application is named \"%2$s\" (processes %3$s): name one by its process id",
                                                       "%1$s applications are named \"%2$s\" (processes %3$s): name one by its process id",
                                                       count: matches.count, NumberText.spoken(matches.count), TextSanitiser.echo(wanted), pids))
        }
        return first
    }
}
