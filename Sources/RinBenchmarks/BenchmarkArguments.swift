/// `--vcf FILE --truth FILE [--region US] [--runs 5] [--explain]`.
struct BenchmarkArguments {
    static let usage = "usage: RinBenchmarks --vcf FILE --truth FILE [--region US] [--runs 5] [--explain]"

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    var vcf = ""
    var truth = ""
    /// The profile owner's region for national numbers (docs/RIN.md §2.2, Phones).
    var region = "US"
    /// Normalising and matching are timed this many times and the median reported, as the peer's
    /// script does; every run gives the same pairs.
    var runs = 5
    /// Also lists missed and wrong pairs on standard error, for tuning.
    var explain = false

    init(_ arguments: some Sequence<String>) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--vcf": vcf = try Self.value(after: argument, &iterator)
            case "--truth": truth = try Self.value(after: argument, &iterator)
            case "--region": region = try Self.value(after: argument, &iterator)
            case "--runs":
                guard let count = Int(try Self.value(after: argument, &iterator)), count > 0 else {
                    throw Problem(description: "--runs needs a positive count")
                }
                runs = count
            case "--explain": explain = true
            default: throw Problem(description: "unknown argument \(argument)")
            }
        }
        if vcf.isEmpty || truth.isEmpty { throw Problem(description: "--vcf and --truth are required") }
    }

    private static func value(after flag: String, _ iterator: inout some IteratorProtocol<String>) throws -> String {
        guard let value = iterator.next() else { throw Problem(description: "\(flag) needs a value") }
        return value
    }
}
