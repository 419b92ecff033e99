extension MetalTranslator {
    // MARK: - Tokens

    struct Token {
        enum Kind { case identifier, number, punctuation, space, comment, directive }
        var kind: Kind
        var text: String
        var line: Int
        var column: Int

        var isBlank: Bool { kind == .space || kind == .comment }

        func with(_ text: String, kind: Kind? = nil) -> Token {
            Token(kind: kind ?? self.kind, text: text, line: line, column: column)
        }
    }

    /// The tokens of `source`; joined, they are `source` again.
    static func tokenize(_ source: String) -> [Token] {
        let chars = Array(source.unicodeScalars)
        var tokens: [Token] = []
        var i = 0
        var line = 1
        var column = 1
        var atLineStart = true
        func emit(_ kind: Token.Kind, _ start: Int, _ end: Int, _ startLine: Int, _ startColumn: Int) {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: chars[start..<end])
            tokens.append(Token(kind: kind, text: String(s), line: startLine, column: startColumn))
        }
        func advance(to end: Int) {
            while i < end {
                if chars[i] == "\n" { line += 1; column = 1 } else { column += 1 }
                i += 1
            }
        }
        while i < chars.count {
            let start = i, startLine = line, startColumn = column
            let c = chars[i]
            let next: Unicode.Scalar? = i + 1 < chars.count ? chars[i + 1] : nil
            if c == "\n" || c == " " || c == "\t" || c == "\r" {
                var j = i
                while j < chars.count, [" ", "\t", "\r", "\n"].contains(chars[j]) { j += 1 }
                let hasNewline = chars[i..<j].contains("\n")
                advance(to: j)
                emit(.space, start, j, startLine, startColumn)
                if hasNewline { atLineStart = true }
                continue
            }
            if c == "/" && next == "/" {
                var j = i
                while j < chars.count, chars[j] != "\n" { j += 1 }
                advance(to: j)
                emit(.comment, start, j, startLine, startColumn)
                continue
            }
            if c == "/" && next == "*" {
                var j = i + 2
                while j + 1 < chars.count, !(chars[j] == "*" && chars[j + 1] == "/") { j += 1 }
                j = min(j + 2, chars.count)
                advance(to: j)
                emit(.comment, start, j, startLine, startColumn)
                continue
            }
            if c == "#" && atLineStart {
                var j = i
                while j < chars.count, chars[j] != "\n" { j += 1 }
                advance(to: j)
                emit(.directive, start, j, startLine, startColumn)
                atLineStart = false
                continue
            }
            atLineStart = false
            if c.properties.isAlphabetic || c == "_" {
                var j = i
                while j < chars.count, chars[j].properties.isAlphabetic || chars[j] == "_" || ("0"..."9").contains(chars[j]) { j += 1 }
                advance(to: j)
                emit(.identifier, start, j, startLine, startColumn)
                continue
            }
            if ("0"..."9").contains(c) || (c == "." && next.map { ("0"..."9").contains($0) } == true) {
                var j = i
                while j < chars.count {
                    let d = chars[j]
                    let isExponentSign = (d == "+" || d == "-") && j > i && "eE".unicodeScalars.contains(chars[j - 1])
                        && !(chars[i] == "0" && j > i + 1 && "xX".unicodeScalars.contains(chars[i + 1]))
                    guard d.properties.isAlphabetic || ("0"..."9").contains(d) || d == "." || isExponentSign else { break }
                    j += 1
                }
                advance(to: j)
                emit(.number, start, j, startLine, startColumn)
                continue
            }
            if c == ":" && next == ":" {
                advance(to: i + 2)
                emit(.punctuation, start, i, startLine, startColumn)
                continue
            }
            advance(to: i + 1)
            emit(.punctuation, start, i, startLine, startColumn)
        }
        return tokens
    }
}
