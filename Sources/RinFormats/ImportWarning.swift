/// Something an import read with a guess or skipped (a line no reader understands, an encoding, a
/// row's width, a value no form reads), named by the physical line (1-based) it starts on, so the
/// import screen can point at it. One type for vCard and CSV: the server stores and shows them alike.
public struct ImportWarning: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
