import Testing
@testable import SaylineText

/// What `clean` gives back, held to the rule it has always had (escape sequences removed,
/// control, format, separator and space characters folded into single spaces), whatever the
/// shortcut it takes for text that needs no work.
@Suite struct TextSanitiserTests {
    /// The rule, scalar by scalar, as `clean` applies it when it looks at every scalar.
    static func byTheRule(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            if [.control, .format, .lineSeparator, .paragraphSeparator].contains(category) || scalar.properties.isWhitespace {
                pendingSpace = true
                continue
            }
            if pendingSpace && !out.isEmpty { out.unicodeScalars.append(" ") }
            pendingSpace = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// Every scalar up to U+2FFF, alone between letters, cleaned as the rule says: the
    /// shortcut for text beyond ASCII keeps nothing the rule would fold.
    @Test func everyScalarIsCleanedAsTheRuleSays() {
        for value in UInt32(0x80)...0x2FFF {
            guard let scalar = Unicode.Scalar(value), value != 0x9B else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            #expect(TextSanitiser.clean(text) == Self.byTheRule(text), "U+\(String(value, radix: 16))")
        }
    }

    /// A sentence of each catalog's language needs no work, and is not looked at again.
    @Test func sentencesInTheCatalogsLanguagesAreAlreadyClean() {
        for sentence in ["Gewicht, 62,5 Kilogramm, 40 bis 120 in Schritten von 0,5", "Poids, 62,5 kilogrammes – « de 40 à 120 »",
                         "Valoración, 5 de 10 estrellas, ¿más?", "Waga, 62,5 kilograma, od 40 do 120, krok 0,5, „gwiazdek”", "12 480 €"] {
            let clean = Array(sentence.utf8).withUnsafeBufferPointer(TextSanitiser.isClean)
            #expect(clean, "\(sentence)")
            #expect(TextSanitiser.clean(sentence) == sentence)
        }
        // The narrow no-break space of French groups is a space to the rule: never kept as it is.
        #expect(!Array("12\u{202F}480".utf8).withUnsafeBufferPointer(TextSanitiser.isClean))
        #expect(!Array("soft\u{AD}hyphen".utf8).withUnsafeBufferPointer(TextSanitiser.isClean))
        // A cut sequence is never clean.
        #expect(!Array("ó".utf8.dropLast()).withUnsafeBufferPointer(TextSanitiser.isClean))
    }
}
