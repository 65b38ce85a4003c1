import SaylineText
import SaylineControls

/// A scene as it was read, with its file's path and bytes (none for the demo scene).
public struct SceneDocument: Sendable {
    /// The file it was read from, as the person named it; nil for the demo scene.
    public let path: String?
    /// The file's bytes as read; nil for a scene that was not read from a file.
    public let bytes: [UInt8]?
    /// The scene the bytes hold.
    public let scene: Scene

    /// A scene with the file and bytes it was read from (nil for the demo scene).
    public init(path: String?, bytes: [UInt8]?, scene: Scene) {
        self.path = path
        self.bytes = bytes
        self.scene = scene
    }

    /// The file with the values of `elements` written in, each into the control with its id:
    /// only those values are rewritten, in place, and a control that had no `value` key gets
    /// one before its closing brace, so a person's layout, key order and spacing survive. A
    /// scene not read from a file is written whole in the scene format.
    /// - Complexity: O(file size + controls).
    public func text(writing elements: [AdjustableElement]) -> [UInt8] {
        guard var bytes, scene.sources.count == scene.elements.count else {
            return Array(SceneEncoder.encode(Scene(elements: elements, suppressions: scene.suppressions)).utf8)
        }
        let written = Dictionary(elements.map { ($0.identity.id, $0) }, uniquingKeysWith: { _, last in last })
        // From the end of the file, so the offsets of earlier controls stay true.
        for index in scene.elements.indices.reversed() {
            guard let element = written[scene.elements[index].identity.id] else { continue }
            let number = Array(JSONWriter.line(.number(element.storedValue)).utf8)
            let source = scene.sources[index]
            if let range = source.valueBytes {
                bytes.replaceSubrange(range, with: number)
            } else {
                // After the last member: back from the closing brace over white space.
                var end = source.bytes.upperBound - 1
                while end > source.bytes.lowerBound, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
                bytes.insert(contentsOf: Array(", \"value\": ".utf8) + number, at: end)
            }
        }
        return bytes
    }

    /// Each control's value by id; the first of two controls with one id wins, as focus does.
    public var valuesByID: [String: Double] {
        Dictionary(scene.elements.map { ($0.identity.id, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
