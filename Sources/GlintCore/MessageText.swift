/// Keeps messages that echo what the user typed short enough to read.
public enum MessageText {
    /// The longest word a message shows whole, in characters: longer than any option, number or
    /// ordinary path, far shorter than a pasted file.
    public static let maxEchoedWord = 240
    /// How much of a longer word is kept, in characters.
    public static let keptPrefix = 80

    /// `text` with every space-separated word longer than `maxEchoedWord` characters cut to its
    /// first `keptPrefix` characters, an ellipsis and its length: `'xxxx…' (1000000 characters)`.
    /// A word in quotes keeps its closing quote, so the message still reads as it was written.
    public static func clipped(_ text: String) -> String {
        guard text.count > maxEchoedWord else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            guard word.count > maxEchoedWord else { return String(word) }
            // Keep the closing quote right after the cut, and the punctuation after it at the end.
            var quote = "", trailing = ""
            if let q = word.lastIndex(of: "'"), q != word.startIndex, word.distance(from: q, to: word.endIndex) <= 3 {
                quote = "'"
                trailing = String(word[word.index(after: q)...])
            }
            var body = quote.isEmpty ? word : word[..<word.index(word.endIndex, offsetBy: -(1 + trailing.count))]
            let opening = !quote.isEmpty && body.hasPrefix("'") ? "'" : ""
            body = body.dropFirst(opening.count)
            return opening + String(body.prefix(keptPrefix)) + "…" + quote + " (\(body.count) characters)" + trailing
        }.joined(separator: " ")
    }
}
