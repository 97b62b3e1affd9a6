import AVFoundation
import AVKit
import KinnectCore
import SwiftUI

/// A video in the carousel: its poster and a play button until it is played, then the system
/// player. Nothing downloads until then; it pauses when swiped or scrolled away.
struct VideoPage: View {
    let video: Media
    let poster: Media
    let label: String

    @Environment(\.mediaBaseURL) private var baseURL
    @State private var player: AVPlayer?

    var body: some View {
        Group {
            if let player {
                VideoPlayer(player: player)
                    .accessibilityLabel(label)
            } else {
                MediaImage(media: poster, contentMode: .fit)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .contentShape(Rectangle())
                    .overlay { playButton }
                    .overlay(alignment: .bottomTrailing) { duration }
            }
        }
        .onDisappear { player?.pause() }
    }

    private var playButton: some View {
        Button {
            play()
        } label: {
            Image(systemName: "play.circle.fill")
                .font(.largeTitle)
                .imageScale(.large)
                .symbolRenderingMode(.palette)
                .foregroundStyle(.white, .black.opacity(0.45))
                .frame(minWidth: 88, minHeight: 88)
                .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .accessibilityLabel("Play \(label)")
    }

    @ViewBuilder private var duration: some View {
        if let seconds = video.durationSeconds {
            Text(Duration.seconds(seconds.rounded()).formatted(.time(pattern: .minuteSecond)))
                .font(.caption.weight(.semibold).monospacedDigit())
                .foregroundStyle(.white)
                .padding(.horizontal, 6)
                .padding(.vertical, 3)
                .background(.black.opacity(0.55), in: Capsule())
                .padding(10)
                .accessibilityHidden(true)
        }
    }

    private func play() {
        guard let url = video.resolvedURL(relativeTo: baseURL) else { return }
        // Someone who taps play expects sound even with the silent switch on, as in Photos.
        // Best effort: if the audio session refuses, the video still plays, following the switch.
        try? AVAudioSession.sharedInstance().setCategory(.playback, mode: .moviePlayback)
        let player = AVPlayer(url: url)
        self.player = player
        player.play()
    }
}
