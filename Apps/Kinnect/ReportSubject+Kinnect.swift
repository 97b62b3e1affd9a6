import KinnectCore

/// Kinnect's reportable content, for the shared `ReportSheet` ("Report this post").
extension ReportSubject {
    static func kinnectPost(_ post: KinnectPost) -> ReportSubject {
        ReportSubject(target: ReportTarget(kind: .kinnect_post, id: post.id.uuidString), name: "this post")
    }

    static func kinnectComment(_ comment: KinnectComment) -> ReportSubject {
        ReportSubject(target: ReportTarget(kind: .kinnect_comment, id: comment.id.uuidString), name: "this comment")
    }
}
