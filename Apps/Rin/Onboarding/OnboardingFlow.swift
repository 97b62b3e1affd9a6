import RinAppShell
import SwiftUI

/// Rin's first run on an account, over the tabs (`RinShell.presentsOnboarding`): welcome, the
/// default region, what to do about existing contacts, the circles explained, done. Each step is
/// pushed on a stack bound to `OnboardingCoordinator.path`, so going back is the stack's own;
/// the coordinator decides when a step may move on and ends it (the shell then takes it away).
struct OnboardingFlow: View {
    @Bindable var coordinator: OnboardingCoordinator

    var body: some View {
        NavigationStack(path: $coordinator.path) {
            OnboardingStepView(coordinator: coordinator, step: .welcome)
                .navigationDestination(for: OnboardingStep.self) { step in
                    OnboardingStepView(coordinator: coordinator, step: step)
                }
        }
    }
}
