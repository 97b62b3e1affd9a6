import Foundation
import RinFormats
import RinMatching

// Measures the matcher on a generated address book (docs/RIN.md §8 step 3) the way the server's
// import runs it: cards read and normalised, then matched in batches of 100 against a growing
// index whose merges are applied as they happen. Prints one JSON object (`BenchmarkReport`).
//
//     RinBenchmarks --vcf contacts.vcf --truth truth.tsv [--region US] [--explain]
//
// Normalising and matching run `--runs` times (5); each time is the median of its runs.
// `--explain` also lists, on standard error, the pairs missed and merged wrongly (for tuning).

let arguments: BenchmarkArguments
do {
    arguments = try BenchmarkArguments(CommandLine.arguments.dropFirst())
} catch {
    FileHandle.standardError.write(Data("\(error)\n\(BenchmarkArguments.usage)\n".utf8))
    exit(2)
}

do {
    let clock = ContinuousClock()
    let data = try Data(contentsOf: URL(fileURLWithPath: arguments.vcf))
    let truth = try GroundTruth(contentsOf: URL(fileURLWithPath: arguments.truth))

    var cards: [ContactCard] = []
    let parsing = try clock.measure {
        let parser = VCardParser(limits: .init(bytes: max(data.count, 1), cards: 1_000_000))
        cards = try parser.parse(data).cards.map(ContactCard.init)
    }

    if let ordinal = truth.entities.keys.first(where: { !cards.indices.contains($0) }) {
        throw GroundTruth.Problem(description: "the truth names card \(ordinal), the file has \(cards.count)")
    }

    // Ids follow the file's order and so does creation time, so the earlier card survives, as
    // the first imported contact would.
    // Made before the clock starts, as the server's contacts have their ids and times before
    // they are matched.
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    let ids = cards.indices.map(BenchmarkIDs.id)
    let createdAt = cards.indices.map { start.addingTimeInterval(Double($0)) }
    let normalizer = E164PhoneNormalizer()
    var runs: [BenchmarkRun] = []
    for _ in 0..<arguments.runs {
        var records: [MatchRecord] = []
        let normalising = clock.measure {
            records = MatchRecord.records(cards: cards, ids: ids, createdAt: createdAt, defaultRegion: arguments.region,
                                          phones: normalizer)
        }
        var merges: [PlannedMerge] = [], suggestions: [MatchSuggestion] = [], candidatePairs = 0
        // The index outlives the timed part, as the peer's frames outlive its timers: freeing a
        // book's index is not part of matching it.
        var built = MatchIndex()
        let matching = clock.measure {
            var index = MatchIndex(reservingCapacity: records.count)
            for batchStart in stride(from: 0, to: records.count, by: 100) {
                let plan = index.match(Array(records[batchStart..<min(batchStart + 100, records.count)]))
                merges += plan.merges
                suggestions += plan.suggestions
                candidatePairs += plan.candidatePairs
            }
            built = index
        }
        precondition(built.count <= records.count)
        // Only the first run's records are kept (for the report): a later run's are freed after
        // its timers, as the peer's frames are between its runs, so every run allocates into
        // memory the process already has, as a server's import does.
        let run = BenchmarkRun(records: runs.isEmpty ? records : [], normalising: normalising, matching: matching, merges: merges,
                               suggestions: suggestions, candidatePairs: candidatePairs)
        if let first = runs.first, first.merges != run.merges || first.suggestions != run.suggestions {
            throw GroundTruth.Problem(description: "run \(runs.count + 1) planned differently from the first")
        }
        runs.append(run)
    }
    let median = { (time: (BenchmarkRun) -> Duration) in runs.map(time).sorted()[runs.count / 2] }
    let (records, merges, suggestions, candidatePairs) = (runs[0].records, runs[0].merges, runs[0].suggestions, runs[0].candidatePairs)
    let normalising = median(\.normalising), matching = median(\.matching), total = median { $0.normalising + $0.matching }

    let outcome = BenchmarkOutcome(recordCount: records.count, merges: merges, suggestions: suggestions, candidatePairs: candidatePairs)
    let totals = runs.map { $0.normalising + $0.matching }.sorted()
    let report = BenchmarkReport(truth: truth, outcome: outcome, parsing: parsing, normalising: normalising, matching: matching,
                                 total: total, runs: runs.count, fastest: totals[0], slowest: totals[totals.count - 1])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    FileHandle.standardOutput.write(try encoder.encode(report) + Data("\n".utf8))
    if arguments.explain {
        for line in outcome.explainMisses(truth: truth, records: records, limit: 400) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
} catch {
    FileHandle.standardError.write(Data("RinBenchmarks: \(error)\n".utf8))
    exit(1)
}
