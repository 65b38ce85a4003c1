extension Array where Element == String {
    /// The strings with `separator` between them, as the standard library's `joined(separator:)`
    /// gives them, for the code a session runs before its first prompt; elsewhere the standard
    /// library's is as good. A name of its own, so that it shadows nothing.
    /// - Complexity: O(total length), in one allocation. The standard library's is generic over
    ///   any collection of strings and not specialised for arrays: the first call of a run
    ///   resolved the array's iterator type at run time, 100,000 instructions and 5 % of a start
    ///   to the first prompt (Docs/performance.md).
    public func joinedText(separator: String = "") -> String {
        var length = separator.utf8.count * Swift.max(count - 1, 0)
        for element in self { length += element.utf8.count }
        var result = String()
        result.reserveCapacity(length)
        var first = true
        for element in self {
            if !first { result += separator }
            result += element
            first = false
        }
        return result
    }
}
