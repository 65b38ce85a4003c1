extension String {
    /// The text as the start of a sentence: its first letter a capital, where the language's
    /// words put a small one first ("De 40 à 120" after a refusal in French, "Question mark,
    /// describe…" in `help keys`); a digit, a sign or a capital stays as it is.
    public var startingASentence: String {
        guard let first, first.isLowercase else { return self }
        return first.uppercased() + dropFirst()
    }
}
