/// `message` in the person's language: the one door for a fixed sentence. The program's
/// catalogs are made from the words given to these functions, so each takes a literal.
@inline(__always)
public func translated(_ message: String) -> String {
    if Phrasebook.speaksEnglish { return message }
    return Phrasebook.current.text(message)
}

/// `message` in the person's language, with `%s` filled by `arguments` in order (a catalog may
/// place them with `%1$s`).
public func translated(_ message: String, _ arguments: String...) -> String {
    Phrasebook.reading { $0.template(message) }.filled(arguments)
}

/// A message whose English words alone do not say what it means ("." as the decimal mark,
/// "max" as a bound), looked up with its context.
public func translatedIn(_ context: String, _ message: String, _ arguments: String...) -> String {
    if Phrasebook.speaksEnglish { return arguments.isEmpty ? message : Phrasebook.fill(message, arguments) }
    return Phrasebook.reading { $0.template(message, context: context) }.filled(arguments)
}

/// A counted message, in the form the language's plural rule gives `count`, with `%s` filled
/// by `arguments` (usually the count written as the language writes it).
public func translatedCount(_ singular: String, _ plural: String, count: Int, _ arguments: String...) -> String {
    Phrasebook.reading { $0.template(singular, plural: plural, count: count) }.filled(arguments)
}

/// Marks a message kept in a table (a key's help, a command's description) for the catalogs,
/// and returns it as it is: the table says it later through `Phrasebook.current.text`.
@inline(__always)
public func translatable(_ message: String) -> String { message }

/// Marks a counted message kept in a table, said later through `Phrasebook.current.text(_:plural:count:)`.
@inline(__always)
public func translatableCount(_ singular: String, _ plural: String) -> (singular: String, plural: String) { (singular, plural) }

/// `translatable` for a message read in a context.
@inline(__always)
public func translatableIn(_ context: String, _ message: String) -> String { message }
