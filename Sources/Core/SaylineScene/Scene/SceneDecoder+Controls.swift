import SaylineText
import SaylineControls

extension SceneDecoder {
    /// Lists this long are read in parallel when threads are lent.
    static let parallelFrom = 512

    /// One control as read: the element, where it is in the file, and what was wrong with it.
    struct DecodedControl: Sendable {
        let element: AdjustableElement?
        let source: ControlSource?
        let problems: [SceneProblem]
    }

    /// The controls of one run, in order.
    public struct ControlRun: Sendable {
        let controls: [DecodedControl]
    }

    /// A scene's controls as read, in order: the elements, where each stands in the file, and
    /// each id (lowercased) with the offset of the first control that has it.
    struct ControlList {
        var elements: [AdjustableElement] = []
        var sources: [ControlSource] = []
        var ids: [String: Int] = [:]
    }

    /// The `controls` list, when the scene has one of a length a scene may have.
    mutating func controlList(_ node: JSONNode?, of root: JSONNode) -> [JSONNode]? {
        guard let node else {
            problem(root, "", translated("a scene needs \"controls\": a list of controls"))
            return nil
        }
        guard case .array(let list) = node.value else {
            problem(node, "controls", translated("must be an array"))
            return nil
        }
        guard !list.isEmpty else {
            problem(node, "controls", translated("needs at least one control"))
            return nil
        }
        guard list.count <= Scene.maximumControls else {
            problem(node, "controls", translated("has %s controls, more than the limit of %s", NumberText.spoken(list.count), NumberText.spoken(Scene.maximumControls)))
            return nil
        }
        return list
    }

    /// Every control of the list, in order, each id used once: the problems of each control
    /// join the scene's where it stands.
    mutating func controls(_ list: [JSONNode], parallel: SceneParallelDecode?) -> ControlList {
        var controls = ControlList()
        controls.elements.reserveCapacity(list.count)
        controls.sources.reserveCapacity(list.count)
        for (offset, control) in readEach(list, parallel: parallel).enumerated() {
            problems += control.problems
            guard let element = control.element, let source = control.source else { continue }
            let key = element.identity.id.lowercased()
            if let first = controls.ids[key] {
                problem(list[offset], "controls[\(offset)].id", translated("\"%s\" is already the id of controls[%s]", element.identity.id, String(first)))
            } else {
                controls.ids[key] = offset
            }
            controls.elements.append(element)
            controls.sources.append(source)
        }
        return controls
    }

    /// Each control read on its own: only whether its id was seen before depends on the
    /// others, so a long list is read in runs on the threads lent, and joined in order.
    private mutating func readEach(_ list: [JSONNode], parallel: SceneParallelDecode?) -> [DecodedControl] {
        guard let parallel, list.count >= Self.parallelFrom else {
            return list.indices.map { decoded(list[$0], offset: $0) }
        }
        let runLength = max(Self.parallelFrom / 4, (list.count + 15) / 16)
        let runs = (list.count + runLength - 1) / runLength
        let worker = self
        return parallel(runs) { run in
            var decoder = worker
            return ControlRun(controls: (run * runLength..<min((run + 1) * runLength, list.count)).map { decoder.decoded(list[$0], offset: $0) })
        }.flatMap(\.controls)
    }

    /// One control, its problems taken apart from the scene's, and its place in the file.
    private mutating func decoded(_ node: JSONNode, offset: Int) -> DecodedControl {
        let before = problems.count
        let element = control(node, "controls[\(offset)]")
        var found: [SceneProblem] = []
        if problems.count > before {
            found = Array(problems[before...])
            problems.removeSubrange(before...)
        }
        guard element != nil else { return DecodedControl(element: nil, source: nil, problems: found) }
        var valueBytes: Range<Int>?
        if case .object(let pairs) = node.value, let value = pairs.last(where: { $0.key == "value" }) { valueBytes = value.node.bytes }
        let source = ControlSource(line: node.line, column: node.column, text: String(decoding: input[node.bytes], as: UTF8.self),
                                   bytes: node.bytes, valueBytes: valueBytes)
        return DecodedControl(element: element, source: source, problems: found)
    }
}
