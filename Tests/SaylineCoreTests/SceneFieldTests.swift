import Foundation
import SaylineCore
@testable import SaylineText
@testable import SaylineControls
@testable import SaylineScene
import Testing
import PseudoTerminal

/// The scene-field table drives the decoder, the encoder and Docs/scene.md; these tests hold
/// the JSON Schema to it field by field, and the table to itself.
@Suite struct SceneFieldTests {
    static let schemaURL = PackagePaths.file("Docs/scene.schema.json")

    @Test func theSchemaAndTheFieldTableAgreeFieldByField() throws {
        let schema = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: Self.schemaURL)) as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        for kind in SceneKinds.standard.names {
            let definition = try #require(definitions[kind] as? [String: Any], "the schema lacks \(kind)")
            let properties = try #require(definition["properties"] as? [String: [String: Any]])
            let fields = SceneKinds.standard.fields(of: kind)
            #expect(Set(properties.keys) == Set(fields.map(\.key)), "\(kind): the schema's keys and the table's differ")
            #expect(Set(definition["required"] as? [String] ?? []) == Set(fields.filter(\.required).map(\.key)), "\(kind): required keys differ")
            #expect(definition["additionalProperties"] as? Bool == false, "\(kind): a typo must be an error in the schema too")
            for field in fields {
                guard let property = properties[field.key] else { continue }
                let type = property["type"] as? String, reference = property["$ref"] as? String
                switch field.type {
                case .kind: #expect(property["const"] as? String == kind, "\(kind).\(field.key)")
                case .identifier: #expect(reference == "#/$defs/common/id", "\(kind).\(field.key)")
                case .text: #expect(reference == "#/$defs/text" || type == "string", "\(kind).\(field.key)")
                case .number: #expect(type == "number", "\(kind).\(field.key)")
                case .wholeNumber: #expect(type == "integer", "\(kind).\(field.key)")
                case .onOff: #expect(type == "boolean", "\(kind).\(field.key)")
                case .unit: #expect(reference == "#/$defs/unit", "\(kind).\(field.key)")
                case .languages: #expect(reference == "#/$defs/languages", "\(kind).\(field.key)")
                case .choice(let words): #expect(property["enum"] as? [String] == words, "\(kind).\(field.key)")
                }
            }
        }
    }

    /// The decoder reads a left-out key as the table's default: every such key has one, of its type.
    @Test func everyDefaultIsOfItsFieldsType() {
        for field in SceneField.all where !field.required && field.fallbackWords == nil {
            switch (field.type, field.fallback) {
            case (.number, .number?), (.text, .string?), (.onOff, .bool?): break
            case (.wholeNumber, .number(let value)?): #expect(value == value.rounded(), "\(field.key)")
            case (.choice(let words), .string(let word)?): #expect(words.contains(word), "\(field.key)")
            default: Issue.record("\(field.key) has no default of its type")
            }
        }
    }

    /// A key left out reads as the documented default: a bare roll and a roll with every default written are one control.
    @Test func leftOutKeysReadAsTheirDefaults() throws {
        let written = SceneKinds.standard.fields(of: "digitroll").compactMap { field -> String? in
            guard let fallback = field.fallback else { return nil }
            return "\"\(field.key)\": \(JSONWriter.line(fallback))"
        }
        let bare = Array(#"{"controls": [{"kind": "digitroll", "id": "r"}]}"#.utf8)
        let full = Array(#"{"controls": [{"kind": "digitroll", "id": "r", "#.utf8) + Array(written.joined(separator: ", ").utf8) + Array("}]}".utf8)
        let left = try SceneDecoder.decode(bare).get(), right = try SceneDecoder.decode(full).get()
        #expect(left.elements == right.elements)
        #expect(written.count >= 8)
    }

    /// What `scene --print` writes reads back as the same scene, for every kind.
    @Test func theEncoderWritesWhatTheDecoderReads() throws {
        // With a language claimed, as `scene --print` writes the demo.
        let german = Phrasebook(code: "de", catalog: PhrasebookTests.TableCatalog(words: ["the demo scene's label|Weight": "Gewicht"], forms: [:]))
        let demo = Scene.demo(in: [german])
        let text = SceneEncoder.encode(demo)
        #expect(text.contains(#""languages": { "de": { "label": "Gewicht" } }"#), "\(text)")
        let decoded = try SceneDecoder.decode(Array(text.utf8)).get()
        #expect(decoded.elements == demo.elements)
        for kind in SceneKinds.standard.names { #expect(text.contains("\"kind\": \"\(kind)\"")) }
    }
}
