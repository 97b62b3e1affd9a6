import KinnectCore
import SwiftUI

/// A stored image (a photo, a thumbnail, a video's poster) from its signed URL.
struct MediaImage: View {
    let media: Media
    var contentMode: ContentMode = .fit
    @Environment(\.mediaBaseURL) private var baseURL

    var body: some View {
        AsyncImage(url: media.resolvedURL(relativeTo: baseURL)) { phase in
            switch phase {
            case .success(let image):
                image
                    .resizable()
                    .aspectRatio(contentMode: contentMode)
            case .failure:
                // Usually an expired signed URL; pulling to refresh fetches fresh ones.
                Image(systemName: "photo")
                    .font(.title)
                    .foregroundStyle(.secondary)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
            case .empty:
                ProgressView()
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
            @unknown default:
                Color.clear
            }
        }
    }
}
