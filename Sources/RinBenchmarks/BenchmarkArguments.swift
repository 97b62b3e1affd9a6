/// `--vcf FILE --truth FILE [--region US] [--explain]`.
struct BenchmarkArguments {
    static let usage = "usage: RinBenchmarks --vcf FILE --truth FILE [--region US] [--explain]"

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    var vcf = ""
    var truth = ""
    /// The profile owner's region for national numbers (docs/RIN.md §2.2, Phones).
    var region = "US"
    /// Also lists missed and wrong pairs on standard error, for tuning.
    var explain = false

    init(_ arguments: some Sequence<String>) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--vcf": vcf = try Self.value(after: argument, &iterator)
            case "--truth": truth = try Self.value(after: argument, &iterator)
            case "--region": region = try Self.value(after: argument, &iterator)
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
