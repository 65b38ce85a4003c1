/// A mistake on the command line: said on stderr with the usage line, exit 64.
package struct UsageError: Error, Equatable {
    package let message: String
    package init(_ message: String) { self.message = message }
}
