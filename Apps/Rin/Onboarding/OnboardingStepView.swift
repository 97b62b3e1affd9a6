import RinAppShell
import SwiftUI

/// One step of onboarding, with its Continue at the bottom: the coordinator saves what the step
/// needs (the region) and moves on only if that worked.
struct OnboardingStepView: View {
    let coordinator: OnboardingCoordinator
    let step: OnboardingStep
    @State private var isWorking = false

    var body: some View {
        content
            .safeAreaInset(edge: .bottom) {
                VStack(spacing: 8) {
                    if let error = coordinator.model.error {
                        Text(error)
                            .font(.footnote)
                            .foregroundStyle(.red)
                    }
                    if step != .contacts {
                        Button {
                            Task { await advance() }
                        } label: {
                            Group {
                                if isWorking { ProgressView() } else { Text(step == .done ? "Start using Rin" : "Continue") }
                            }
                            .frame(maxWidth: .infinity)
                        }
                        .buttonStyle(.borderedProminent)
                        .controlSize(.large)
                        .disabled(isWorking || coordinator.model.isSaving)
                    }
                }
                .padding()
                .background(.bar)
            }
            .interactiveDismissDisabled()
    }

    @ViewBuilder
    private var content: some View {
        switch step {
        case .welcome: OnboardingWelcomeStep()
        case .region: OnboardingRegionStep(model: coordinator.model)
        case .contacts: OnboardingContactsStep(coordinator: coordinator)
        case .circles: OnboardingCirclesStep(model: coordinator.model)
        case .done: OnboardingDoneStep(model: coordinator.model)
        }
    }

    private func advance() async {
        isWorking = true
        defer { isWorking = false }
        await coordinator.advance()
    }
}
