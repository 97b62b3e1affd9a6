import Foundation

extension NSRegularExpression {
    /// The match that starts at the beginning of `text` (not one found further in).
    func prefixMatch(in text: Substring) -> NSTextCheckingResult? {
        let string = String(text)
        return firstMatch(in: string, options: .anchored, range: NSRange(location: 0, length: string.utf16.count))
    }

    /// For the national-number patterns, compiled wrapped in `^(?:…)$`.
    func matchesWhole(_ text: Substring) -> Bool {
        prefixMatch(in: text) != nil
    }

    /// Compiles a pattern written in this module's source: one that does not compile is a
    /// programming error that every test run finds.
    convenience init(constant pattern: String, options: Options = []) {
        do {
            try self.init(pattern: pattern, options: options)
        } catch {
            fatalError("bad constant pattern \(pattern): \(error)")
        }
    }
}
