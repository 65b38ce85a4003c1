import Glibc
import CLiblouis

/// Text into braille cells for the display. Computer braille is BRLTTY's job (its text table
/// shows each character as a cell), so it passes text through; contracted braille is
/// liblouis', written as Unicode braille patterns, which BRLTTY shows as those dots.
package enum BrailleTranslator {
    /// Text as it is: BRLTTY shows it in the reader's own computer braille table.
    package static let computer: @Sendable (String) -> String = { $0 }

    /// A liblouis table list ("en-ueb-g2.ctb"), if liblouis can load it.
    package static func contracted(table: String) -> (@Sendable (String) -> String)? {
        // liblouis writes its own complaints to stderr: the caller says what went wrong instead.
        lou_setLogLevel(LOU_LOG_OFF)
        guard !table.isEmpty, lou_getTable(table) != nil else { return nil }
        return { text in translate(text, table: table) ?? text }
    }

    /// The liblouis table for a BRLTTY contraction table's name: "louis:X" is liblouis' X,
    /// and BRLTTY's own tables mostly share liblouis' names ("en-ueb-g2" is en-ueb-g2.ctb).
    package static func liblouisTable(forBRLTTY name: String) -> String {
        if name.hasPrefix("louis:") { return String(name.dropFirst("louis:".count)) }
        let file = name.split(separator: "/").last.map(String.init) ?? name
        return file.hasSuffix(".ctb") ? file : file + ".ctb"
    }

    /// The table `contracted` uses when neither BRLTTY nor the settings name one: Unified
    /// English Braille, grade 2.
    package static let defaultContractionTable = "en-ueb-g2.ctb"

    /// The contracted table for the language Sayline speaks, when BRLTTY names none: liblouis'
    /// own choice by its tables' metadata (`language:de grade:2` is de-g2.ctb), else its
    /// uncontracted table; Unified English Braille for English.
    package static func contractionTable(forLanguage code: String) -> String {
        let language = code.split(separator: "_").first.map(String.init) ?? code
        guard language != "en", language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return defaultContractionTable }
        lou_setLogLevel(LOU_LOG_OFF)
        for query in ["language:\(language) grade:2", "language:\(language) contraction:full", "language:\(language)"] {
            guard let found = lou_findTable(query) else { continue }
            defer { free(found) }
            return String(cString: found)
        }
        return defaultContractionTable
    }

    private static func translate(_ text: String, table: String) -> String? {
        // liblouis' widechar is 32 bits here: Unicode scalars in, braille patterns out.
        var input = text.unicodeScalars.map { widechar($0.value) }
        guard !input.isEmpty else { return "" }
        var capacity = input.count * 4 + 16
        for _ in 0..<3 {
            var output = [widechar](repeating: 0, count: capacity)
            var inputLength = Int32(input.count)
            var outputLength = Int32(capacity)
            let done = lou_translateString(table, &input, &inputLength, &output, &outputLength, nil, nil,
                                           Int32(dotsIO.rawValue | ucBrl.rawValue))
            guard done != 0 else { return nil }
            // A full buffer may have cut the text: try again with room to spare.
            if Int(outputLength) < capacity {
                return String(String.UnicodeScalarView(output.prefix(Int(outputLength)).compactMap { Unicode.Scalar($0) }))
            }
            capacity *= 2
        }
        return nil
    }
}
