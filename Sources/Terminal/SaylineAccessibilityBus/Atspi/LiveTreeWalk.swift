import SaylineText
import SaylineControls
import SaylineSystem

/// A slider or spin button found in an application, with where it is.
package struct LiveControlHandle: Equatable, Sendable {
    package let reference: AccessibleReference
    package let path: AccessiblePath
    package let role: AccessibleSlider.Role
}

/// What a walk of an application's tree found.
package struct LiveWalk: Sendable {
    package var controls: [LiveControlHandle]
    /// How many accessibles were read.
    package var accessibleCount: Int
    /// Why the walk stopped before the whole tree, if it did: said once, beside what was found.
    package var cutShort: String?
}

extension AccessibilityBus {
    /// The most accessibles a walk reads, the deepest it goes and how long it may take in
    /// all: a tree with a cycle, a hundred thousand children or no end is cut there, and
    /// says so.
    package static let largestTree = 20_000
    package static let deepestTree = 64
    package static let walkSeconds = 30.0

    private struct Node {
        let reference: AccessibleReference
        let parent: Int?
        var role: UInt32 = 0
        var name = ""
        var ordinal: Int?
    }

    /// Every slider and spin button of `application`, read level by level: each level's
    /// children, roles and names are asked together, so a walk costs round trips by the
    /// tree's depth, not by its size.
    package func controls(of application: LiveApplication) throws(LiveProblem) -> LiveWalk {
        let walkDeadline = monotonicSeconds() + Self.walkSeconds
        var nodes = [Node(reference: application.root, parent: nil, role: 75, name: application.name)]
        var seen: Set<AccessibleReference> = [application.root]
        var level = [0]
        var depth = 0
        var cutShort: String?
        while !level.isEmpty {
            let children = try returns(level.map { Self.call(nodes[$0].reference, Self.accessible, "GetChildren") }, until: batchDeadline(level.count, walkDeadline))
            if depth == 0, children[0] == nil {
                throw LiveProblem(message: translated("%s did not answer within 2 seconds, or has left the accessibility bus", application.name))
            }
            var next: [Int] = []
            for (position, parent) in level.enumerated() {
                for child in children[position]?.body.first?.elements ?? [] {
                    guard let reference = Self.reference(child), !seen.contains(reference) else { continue }
                    guard nodes.count < Self.largestTree else {
                        cutShort = translated("%1$s has more than %2$s accessibles: only the first %2$s were read", application.name,
                                              NumberText.spoken(Self.largestTree))
                        break
                    }
                    seen.insert(reference)
                    nodes.append(Node(reference: reference, parent: parent))
                    next.append(nodes.count - 1)
                }
            }
            try readRolesAndNames(of: next, in: &nodes, until: batchDeadline(next.count * 2, walkDeadline))
            markOrdinals(of: next, in: &nodes)
            // Full: the levels below are not asked for at all.
            if cutShort != nil { break }
            depth += 1
            // Sliders and spin buttons are not walked into (a spin button's text entry is its own).
            level = next.filter { nodes[$0].role != AtspiRole.slider && nodes[$0].role != AtspiRole.spinButton }
            if depth >= Self.deepestTree, !level.isEmpty {
                cutShort = translated("%1$s's tree is more than %2$s levels deep: the levels below were not read", application.name,
                                      NumberText.spoken(Self.deepestTree))
                break
            }
            if monotonicSeconds() > walkDeadline, !level.isEmpty {
                cutShort = translated("%1$s's tree took more than %2$s seconds to read: the rest was not read", application.name,
                                      NumberText.spoken(Int(Self.walkSeconds)))
                break
            }
        }
        let controls = nodes.indices.compactMap { index -> LiveControlHandle? in
            let role: AccessibleSlider.Role
            switch nodes[index].role {
            case AtspiRole.slider: role = .slider
            case AtspiRole.spinButton: role = .spinButton
            default: return nil
            }
            return LiveControlHandle(reference: nodes[index].reference, path: path(to: index, in: nodes, application: application.name), role: role)
        }
        return LiveWalk(controls: controls, accessibleCount: nodes.count, cutShort: cutShort)
    }

    /// A window's deadline: two seconds, and a second more for each thousand calls in it, all
    /// within the walk's own.
    private func batchDeadline(_ calls: Int, _ walkDeadline: Double) -> Double {
        min(monotonicSeconds() + Self.callSeconds + Double(calls) / 1_000, walkDeadline)
    }

    private func readRolesAndNames(of indices: [Int], in nodes: inout [Node], until deadline: Double) throws(LiveProblem) {
        guard !indices.isEmpty else { return }
        var calls: [DBusMessage] = []
        calls.reserveCapacity(indices.count * 2)
        for index in indices {
            calls.append(Self.call(nodes[index].reference, Self.accessible, "GetRole"))
            calls.append(Self.property(nodes[index].reference, Self.accessible, "Name"))
        }
        let replies = try returns(calls, until: deadline)
        for (position, index) in indices.enumerated() {
            nodes[index].role = replies[position * 2]?.body.first?.uint32 ?? 0
            nodes[index].name = AccessibleSlider.bounded(replies[position * 2 + 1]?.body.first?.text ?? "")
        }
    }

    /// Siblings of one role and name are told apart by their place among them.
    private func markOrdinals(of indices: [Int], in nodes: inout [Node]) {
        var counts: [String: Int] = [:]
        func key(_ node: Node) -> String { String(node.parent ?? -1) + "\u{1F}" + String(node.role) + "\u{1F}" + node.name }
        for index in indices { counts[key(nodes[index]), default: 0] += 1 }
        var seen: [String: Int] = [:]
        for index in indices where counts[key(nodes[index]), default: 0] > 1 {
            seen[key(nodes[index]), default: 0] += 1
            nodes[index].ordinal = seen[key(nodes[index])]
        }
    }

    private func path(to index: Int, in nodes: [Node], application: String) -> AccessiblePath {
        var steps: [AccessiblePath.Step] = []
        var current: Int? = index
        while let at = current, let parent = nodes[at].parent {
            steps.append(AccessiblePath.Step(role: AtspiRole.name(nodes[at].role), name: nodes[at].name, ordinal: nodes[at].ordinal))
            current = parent
        }
        return AccessiblePath(application: application, steps: steps.reversed())
    }
}
