import Foundation

extension NSRegularExpression {
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
