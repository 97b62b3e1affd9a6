/// A parsed `DigitPattern`.
indirect enum DigitPatternNode: Equatable {
    case digit(UInt16)
    case atEnd
    case sequence([DigitPatternNode])
    case alternatives([DigitPatternNode])
    /// Capture group n (1-based, numbered by its opening bracket, as every engine does).
    case group(Int, DigitPatternNode)
    /// Greedy; `maximum` nil for no bound.
    case repeated(DigitPatternNode, minimum: Int, maximum: Int?)
}

/// Recursive descent over the dialect `DigitPattern` describes.
struct DigitPatternParser {
    private let pattern: String
    private let characters: [Character]
    private var offset = 0
    private(set) var groupCount = 0

    /// Counted repetition is unrolled into copies, so its bounds are kept small; the metadata's
    /// largest is 17.
    static let maximumCount = 64

    init(_ pattern: String) {
        self.pattern = pattern
        characters = Array(pattern)
    }

    mutating func parse() throws(DigitPatternError) -> DigitPatternNode {
        let node = try alternatives()
        if offset < characters.count { throw failure("unexpected \(characters[offset])") }
        return node
    }

    private mutating func alternatives() throws(DigitPatternError) -> DigitPatternNode {
        var branches = [try sequence()]
        while peek == "|" {
            offset += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternatives(branches)
    }

    private mutating func sequence() throws(DigitPatternError) -> DigitPatternNode {
        var items: [DigitPatternNode] = []
        while let next = peek, next != "|", next != ")" {
            items.append(try quantified(try atom()))
        }
        return items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func atom() throws(DigitPatternError) -> DigitPatternNode {
        guard let character = take() else { throw failure("pattern ends early") }
        switch character {
        case "(":
            var number: Int?
            if peek == "?" {
                guard take() == "?", take() == ":" else { throw failure("only (?: groups are read") }
            } else {
                groupCount += 1
                number = groupCount
            }
            let inner = try alternatives()
            guard take() == ")" else { throw failure("unclosed group") }
            return number.map { .group($0, inner) } ?? inner
        case "[":
            return .digit(try characterClass())
        case "\\":
            guard take() == "d" else { throw failure("only \\d is read") }
            return .digit(0x3FF)
        case "$":
            return .atEnd
        default:
            guard let value = character.wholeNumberValue, character.isASCII else { throw failure("unexpected \(character)") }
            return .digit(1 << UInt16(value))
        }
    }

    /// `[…]` after its opening bracket: digits, ranges and `\d`.
    private mutating func characterClass() throws(DigitPatternError) -> UInt16 {
        var mask: UInt16 = 0
        while let character = take(), character != "]" {
            if character == "\\" {
                guard take() == "d" else { throw failure("only \\d is read in a class") }
                mask = 0x3FF
                continue
            }
            guard let low = Self.digit(character) else { throw failure("unexpected \(character) in a class") }
            var high = low
            if peek == "-", offset + 1 < characters.count, let end = Self.digit(characters[offset + 1]) {
                offset += 2
                high = end
            }
            guard low <= high else { throw failure("reversed range") }
            for value in low...high { mask |= 1 << UInt16(value) }
        }
        if characters[offset - 1] != "]" { throw failure("unclosed class") }
        return mask
    }

    private mutating func quantified(_ node: DigitPatternNode) throws(DigitPatternError) -> DigitPatternNode {
        switch peek {
        case "?": offset += 1; return .repeated(node, minimum: 0, maximum: 1)
        case "*": offset += 1; return .repeated(node, minimum: 0, maximum: nil)
        case "+": offset += 1; return .repeated(node, minimum: 1, maximum: nil)
        case "{":
            offset += 1
            let minimum = try number()
            var maximum: Int? = minimum
            if peek == "," {
                offset += 1
                maximum = peek == "}" ? nil : try number()
            }
            guard take() == "}" else { throw failure("unclosed {") }
            if let maximum, maximum < minimum { throw failure("{n,m} with m < n") }
            if minimum > Self.maximumCount || (maximum ?? 0) > Self.maximumCount { throw failure("count over \(Self.maximumCount)") }
            return .repeated(node, minimum: minimum, maximum: maximum)
        default:
            return node
        }
    }

    private mutating func number() throws(DigitPatternError) -> Int {
        var value = 0, digits = 0
        while let character = peek, let digit = Self.digit(character) {
            value = value * 10 + digit
            digits += 1
            offset += 1
            if value > 1000 { throw failure("count too large") }
        }
        guard digits > 0 else { throw failure("count expected") }
        return value
    }

    private var peek: Character? { offset < characters.count ? characters[offset] : nil }

    private mutating func take() -> Character? {
        guard offset < characters.count else { return nil }
        defer { offset += 1 }
        return characters[offset]
    }

    private static func digit(_ character: Character) -> Int? {
        character.isASCII ? character.wholeNumberValue : nil
    }

    private func failure(_ reason: String) -> DigitPatternError {
        DigitPatternError(pattern: pattern, offset: offset, reason: reason)
    }
}

/// Lowers a parsed pattern to `DigitPattern.Instruction`s (Thompson's construction, with
/// priorities: the preferred branch of each split is the one a backtracking engine tries first).
struct DigitPatternCompiler {
    var program: [DigitPattern.Instruction] = []

    mutating func emit(_ node: DigitPatternNode) {
        switch node {
        case .digit(let mask):
            program.append(.digit(mask))
        case .atEnd:
            program.append(.atEnd)
        case .sequence(let items):
            for item in items { emit(item) }
        case .alternatives(let branches):
            var exits: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index == branches.count - 1 {
                    emit(branch)
                    break
                }
                let split = program.count
                program.append(.jump(-1))
                emit(branch)
                exits.append(program.count)
                program.append(.jump(-1))
                program[split] = .split(preferred: split + 1, other: program.count)
            }
            for exit in exits { program[exit] = .jump(program.count) }
        case .group(let number, let inner):
            program.append(.save(2 * (number - 1)))
            emit(inner)
            program.append(.save(2 * (number - 1) + 1))
        case .repeated(let inner, let minimum, let maximum):
            for _ in 0..<minimum { emit(inner) }
            if let maximum {
                // x{0,3} as (x(x(x)?)?)?: once one optional copy is skipped, so are the rest.
                var skips: [Int] = []
                for _ in minimum..<maximum {
                    skips.append(program.count)
                    program.append(.jump(-1))
                    emit(inner)
                }
                for skip in skips { program[skip] = .split(preferred: skip + 1, other: program.count) }
            } else {
                let loop = program.count
                program.append(.jump(-1))
                emit(inner)
                program.append(.jump(loop))
                program[loop] = .split(preferred: loop + 1, other: program.count)
            }
        }
    }
}
