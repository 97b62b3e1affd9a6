/// A regular expression over ASCII digits: the dialect of `phonenumbers`' metadata (literal
/// digits, `\d`, classes such as `[2-9]`, groups with and without capture, `|`, `?`, `*`, `+`,
/// `{n}`, `{n,}`, `{n,m}` and `$`), compiled once per region and matched without Foundation.
///
/// Why not `NSRegularExpression`: every phone of an import is matched against up to six patterns,
/// and on Linux each match converts the digits to an `NSString` and back; that was most of the
/// two microseconds a number cost. Why not Swift's `Regex`: its matcher is slower still, and the
/// metadata needs only this much. `PhoneCorpusTests` holds the normaliser to `phonenumbers` on
/// every region, so a difference from the patterns' meaning in Java or ICU would show there.
///
/// Semantics are those of a backtracking engine (Perl, ICU, Java): alternatives are tried left
/// to right and quantifiers are greedy, so a prefix match is the first that succeeds, not the
/// longest, and a group holds what it matched last. Matching remembers which (instruction,
/// position) states already failed, so no pattern and no input can make it exponential: the work
/// is bounded by the program's size times the input's length (RE2's "bit-state" backtracker).
struct DigitPattern: Sendable {
    enum Instruction: Sendable, Equatable {
        /// One digit whose value's bit is set (bit 0 for `0`).
        case digit(UInt16)
        /// Try `preferred` first, then `other`.
        case split(preferred: Int, other: Int)
        case jump(Int)
        /// Records the position in capture slot n: group n / 2 + 1's start (n even) or end.
        case save(Int)
        /// Only at the end of the input (`$`).
        case atEnd
        case match
    }

    let program: [Instruction]
    /// Capture groups, not counting the whole match.
    let groupCount: Int
    /// How many instructions queue a job (`split`, `save`): what bounds the work list.
    private let queueing: Int
    /// The digits a match can start with (bit 0 for `0`), nil when a match can take no digit
    /// at all: a number that starts otherwise is told apart without running the program.
    private let firstDigits: UInt16?
    /// The pattern's digits when it is nothing else (`011`, `1`, `0`): matched by comparing them.
    private let literal: [UInt8]?

    struct Match: Equatable {
        /// How many digits the match took from the start.
        let length: Int
        /// Each capture group's range in the input, nil when it took no part; group 1 first.
        let groups: [Range<Int>?]
    }

    /// Compiles `pattern`. With `whole`, a match must take the entire input (as `^(?:p)$`).
    init(_ pattern: String, whole: Bool = false) throws(DigitPatternError) {
        var parser = DigitPatternParser(pattern)
        let tree = try parser.parse()
        var compiler = DigitPatternCompiler()
        compiler.emit(tree)
        if whole { compiler.program.append(.atEnd) }
        compiler.program.append(.match)
        program = compiler.program
        groupCount = parser.groupCount
        queueing = program.count { instruction in
            switch instruction {
            case .split, .save: true
            default: false
            }
        }
        firstDigits = Self.firstDigits(of: program)
        literal = Self.literal(of: program)
    }

    /// Every digit the instructions reachable from the start without taking a digit accept; nil
    /// when one of them is `atEnd` or `match` (the pattern can then match without a digit).
    private static func firstDigits(of program: [Instruction]) -> UInt16? {
        var digits: UInt16 = 0, seen = Set<Int>(), pending = [0]
        while let pc = pending.popLast() {
            guard seen.insert(pc).inserted else { continue }
            switch program[pc] {
            case .digit(let mask): digits |= mask
            case .split(let preferred, let other): pending += [preferred, other]
            case .jump(let target): pending.append(target)
            case .save: pending.append(pc + 1)
            case .atEnd, .match: return nil
            }
        }
        return digits
    }

    /// The digits of a program that is only single digits and `match`.
    private static func literal(of program: [Instruction]) -> [UInt8]? {
        var digits: [UInt8] = []
        for instruction in program.dropLast() {
            guard case .digit(let mask) = instruction, mask.nonzeroBitCount == 1 else { return nil }
            digits.append(0x30 + UInt8(mask.trailingZeroBitCount))
        }
        return program.last == .match ? digits : nil
    }

    /// Whether the whole of `digits` matches (for a pattern compiled with `whole`, any match).
    func matches(_ digits: some Collection<UInt8>) -> Bool {
        prefixMatch(digits) != nil
    }

    /// The match that starts at the first digit, if any. `digits` are ASCII (`0` is 0x30); any
    /// other byte matches nothing.
    func prefixMatch(_ digits: some Collection<UInt8>) -> Match? {
        if let match = digits.withContiguousStorageIfAvailable({ prefixMatch(in: $0) }) { return match }
        return Array(digits).withUnsafeBufferPointer { prefixMatch(in: $0) }
    }

    /// `prefixMatch` over bytes in place. Its working memory (the failed states, the capture
    /// slots, the work list) is on the stack: every phone number of an import is matched against
    /// three or four patterns, and four arrays a match were most of a number's cost. Each
    /// (instruction, position) state runs at most once, and only `split` and `save` queue a job,
    /// one each, so the work list never holds more than one job per such state, plus the first.
    ///
    /// That bound is thousands of jobs for a region's larger patterns, past what
    /// `withUnsafeTemporaryAllocation` keeps on the stack, and a heap block that size cost more
    /// than the match (the allocator consolidates its free lists for it). A match rarely queues
    /// more than a few dozen, so it first runs with `smallWork` jobs, and again with the bound
    /// only if those ran out.
    private func prefixMatch(in input: UnsafeBufferPointer<UInt8>) -> Match? {
        // Most patterns a number meets are a literal prefix or start with digits it does not
        // (a trunk prefix of `0` against a number typed from 2): both told without the program.
        if let literal {
            guard input.count >= literal.count, literal.indices.allSatisfy({ input[$0] == literal[$0] }) else { return nil }
            return Match(length: literal.count, groups: [])
        }
        if let firstDigits {
            guard let first = input.first else { return nil }
            let value = first &- 0x30
            if value >= 10 || firstDigits & (1 << UInt16(value)) == 0 { return nil }
        }
        let bound = queueing * (input.count + 1) + 1
        if bound > Self.smallWork, case .matched(let match) = prefixMatch(in: input, workCapacity: Self.smallWork) {
            return match
        }
        guard case .matched(let match) = prefixMatch(in: input, workCapacity: bound) else { return nil }
        return match
    }

    /// Jobs in the first try: 40 of 24 bytes fit the 1 KiB that temporary allocations always
    /// take from the stack.
    private static let smallWork = 40

    private enum Outcome {
        case matched(Match?)
        case outOfWork
    }

    private func prefixMatch(in input: UnsafeBufferPointer<UInt8>, workCapacity: Int) -> Outcome {
        let width = input.count + 1
        let states = program.count * width
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (states + 63) / 64) { failed in
            failed.initialize(repeating: 0)
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, 2 * groupCount)) { slots in
                slots.initialize(repeating: -1)
                return withUnsafeTemporaryAllocation(of: Job.self, capacity: workCapacity) { work in
                    run(input, failed: failed, slots: slots, work: work)
                }
            }
        }
    }

    private func run(_ input: UnsafeBufferPointer<UInt8>, failed: UnsafeMutableBufferPointer<UInt64>,
                     slots: UnsafeMutableBufferPointer<Int>, work: UnsafeMutableBufferPointer<Job>) -> Outcome {
        let width = input.count + 1
        var pending = 1
        work.initializeElement(at: 0, to: .state(pc: 0, position: 0))
        // Jobs are trivial values: taking one off needs no deinitialisation.
        while pending > 0 {
            pending -= 1
            var pc: Int, position: Int
            switch work[pending] {
            case .restore(let slot, let value):
                slots[slot] = value
                continue
            case .state(let statePC, let statePosition):
                pc = statePC
                position = statePosition
            }
            // Follow one thread until it fails or matches, queueing the alternatives it passes.
            thread: while true {
                let bit = pc * width + position
                if failed[bit >> 6] & (1 << UInt64(bit & 63)) != 0 { break thread }
                failed[bit >> 6] |= 1 << UInt64(bit & 63)
                switch program[pc] {
                case .digit(let mask):
                    guard position < input.count else { break thread }
                    let value = input[position] &- 0x30
                    guard value < 10, mask & (1 << UInt16(value)) != 0 else { break thread }
                    pc += 1
                    position += 1
                case .split(let preferred, let other):
                    if pending == work.count { return .outOfWork }
                    work.initializeElement(at: pending, to: .state(pc: other, position: position))
                    pending += 1
                    pc = preferred
                case .jump(let target):
                    pc = target
                case .save(let slot):
                    if pending == work.count { return .outOfWork }
                    work.initializeElement(at: pending, to: .restore(slot: slot, value: slots[slot]))
                    pending += 1
                    slots[slot] = position
                    pc += 1
                case .atEnd:
                    guard position == input.count else { break thread }
                    pc += 1
                case .match:
                    let groups = (0..<groupCount).map { group -> Range<Int>? in
                        let start = slots[2 * group], end = slots[2 * group + 1]
                        return start >= 0 && end >= start ? start..<end : nil
                    }
                    return .matched(Match(length: position, groups: groups))
                }
            }
        }
        return .matched(nil)
    }

    private enum Job {
        case state(pc: Int, position: Int)
        case restore(slot: Int, value: Int)
    }
}

/// A pattern outside the dialect `DigitPattern` reads, with where.
struct DigitPatternError: Error, Equatable, CustomStringConvertible {
    let pattern: String
    let offset: Int
    let reason: String

    var description: String { "\(reason) at \(offset) in \(pattern)" }
}
