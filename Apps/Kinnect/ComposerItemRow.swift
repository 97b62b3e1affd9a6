import KinnectCore
import SwiftUI
import UIKit

/// One item of the post being made: its thumbnail, where it sits, and how its upload is going,
/// with Retry when it failed.
struct ComposerItemRow: View {
    let item: ComposerModel.Item
    let position: Int
    let count: Int
    let preview: UIImage?
    let isPosting: Bool
    let retry: () -> Void

    @ScaledMetric(relativeTo: .body) private var thumbnailSize: CGFloat = 56

    var body: some View {
        HStack(spacing: 12) {
            thumbnail
            VStack(alignment: .leading, spacing: 4) {
                Text("\(item.kind == .video ? "Video" : "Photo") \(position) of \(count)")
                    .font(.body.weight(.semibold))
                status
            }
            Spacer(minLength: 0)
        }
        .padding(.vertical, 2)
    }

    private var thumbnail: some View {
        ZStack {
            if let preview {
                Image(uiImage: preview)
                    .resizable()
                    .scaledToFill()
            } else {
                Color.secondary.opacity(0.15)
            }
            if item.kind == .video {
                Image(systemName: "play.fill")
                    .foregroundStyle(.white)
                    .shadow(radius: 2)
            }
        }
        .frame(width: thumbnailSize, height: thumbnailSize)
        .clipShape(RoundedRectangle(cornerRadius: 8, style: .continuous))
        .accessibilityHidden(true)
    }

    @ViewBuilder private var status: some View {
        switch item.state {
        case .waiting:
            Text(isPosting ? "Waiting to upload" : "Ready")
                .font(.subheadline)
                .foregroundStyle(.secondary)
        case .uploading:
            HStack(spacing: 6) {
                ProgressView()
                Text("Uploading…")
            }
            .font(.subheadline)
            .foregroundStyle(.secondary)
        case .uploaded:
            Label("Uploaded", systemImage: "checkmark.circle.fill")
                .font(.subheadline)
                .foregroundStyle(.green)
        case .failed(let message):
            VStack(alignment: .leading, spacing: 6) {
                Label("Not uploaded: \(message)", systemImage: "exclamationmark.triangle.fill")
                    .font(.subheadline)
                    .foregroundStyle(.orange)
                Button("Retry", action: retry)
                    .buttonStyle(.bordered)
                    .disabled(isPosting)
            }
        }
    }
}
