import SaylineText

/// One setting: its preference key, its flag, the environment variable that sets it, its values
/// and help, and how to apply and show it. `SettingTable.all` drives the REPL's flags, the
/// environment, the preferences file, `sayline config`, `--help` and the man page's options.
package struct SettingSpec: Sendable {
    /// The preferences file's key and `sayline config`'s name.
    package let key: String
    /// The long flag, such as `--display`.
    let flag: String
    /// The argument's name in usage (`MODE`); nil for a setting whose flag takes none.
    let argument: String?
    /// What the flag means when given without its argument (`--speak` alone is `auto`).
    let valueWithoutArgument: String?
    /// Other flags that set a fixed value: `--plain` is `display = plain`.
    let aliases: [(flag: String, value: String)]
    /// The variable and how its value reads as the setting's, if the environment can set it.
    let environment: (variable: String, read: @Sendable (String) -> String?)?
    /// The words the value may be, for help and completion; empty when it is free.
    let values: [String]
    /// What the setting does: a message of the catalogs, said in the language where it is shown.
    let help: String
    /// Sets the setting from a word; what is wrong with the word otherwise, the setting named as
    /// `name` (its key, or the flag as it was given: "--settle takes …").
    let applyNamed: @Sendable (inout ReplSettings, String, _ name: String) -> String?
    let show: @Sendable (ReplSettings) -> String?
    /// What `show`'s nil means, in words: a message of the catalogs.
    var unsetWords = translatable("the engine's own")

    /// Sets the setting from a word; what is wrong with the word otherwise, naming its key.
    func apply(_ settings: inout ReplSettings, _ word: String) -> String? { applyNamed(&settings, word, key) }
}
