import Testing
@testable import SaylineText

/// White space trimmed at both ends, by bytes where the ends are ASCII and by Unicode's table
/// where they are not.
@Suite struct TrimmingTests {
    @Test(arguments: [
        ("inc", "inc"), ("  inc\t", "inc"), ("\r\ninc 3\r", "inc 3"), ("", ""), ("   ", ""), ("\t\n", ""),
        ("\u{00A0}set 5\u{3000}", "set 5"), (" \u{2003}label\u{00A0} ", "label"), ("é ", "é"), (" e\u{301}", "e\u{301}"),
        ("a \u{301}", "a \u{301}"), ("\u{00A0}", ""), ("x y", "x y"),
    ])
    func trims(_ text: String, _ expected: String) {
        #expect(text.trimmingWhitespace() == expected)
    }
}
