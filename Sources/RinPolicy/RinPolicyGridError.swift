/// A refused grid change, with every problem found (never empty).
public struct RinPolicyGridError: Error, Hashable, Sendable {
    public let problems: [RinPolicyProblem]

    public init(problems: [RinPolicyProblem]) { self.problems = problems }
}
