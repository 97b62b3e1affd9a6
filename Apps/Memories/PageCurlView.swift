import SwiftUI
import UIKit

/// The book's pages turned like paper: `UIPageViewController` with the page-curl transition.
/// On a spread (an iPad held landscape) two pages face each other across the spine
/// (`spineLocation: .mid`, double-sided, so a turned page shows its back); otherwise one page
/// turns at a time from the left edge.
///
/// The page on screen is the model's (`position`): a turn by hand is told through `turned`,
/// and the model may settle elsewhere (the end of what has loaded); a jump from the contents
/// list, or a Previous/Next button, moves `position` and the pages follow, curling.
struct PageCurlView<Page: View>: UIViewControllerRepresentable {
    /// Pages in the book so far.
    let pageCount: Int
    /// The first page on screen.
    let position: Int
    let isSpread: Bool
    /// A page by index; on a spread also one past the last page (its blank back).
    let page: @MainActor (Int) -> Page
    /// The reader turned to the spread starting at this page.
    let turned: @MainActor (Int) async -> Void

    /// A spread needs an even number of sides: the last page's back is blank.
    var sideCount: Int {
        isSpread && pageCount % 2 == 1 ? pageCount + 1 : pageCount
    }

    func makeCoordinator() -> Coordinator {
        Coordinator(self)
    }

    func makeUIViewController(context: Context) -> UIPageViewController {
        let spine: UIPageViewController.SpineLocation = isSpread ? .mid : .min
        let controller = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal,
                                              options: [.spineLocation: NSNumber(value: spine.rawValue)])
        controller.isDoubleSided = isSpread
        controller.dataSource = context.coordinator
        controller.delegate = context.coordinator
        controller.view.backgroundColor = .clear
        context.coordinator.shown = position
        controller.setViewControllers(context.coordinator.controllers(at: position), direction: .forward, animated: false)
        return controller
    }

    func updateUIViewController(_ controller: UIPageViewController, context: Context) {
        let coordinator = context.coordinator
        coordinator.parent = self
        // While a turn by hand is being told to the model, its old position is not a jump back.
        guard coordinator.pendingTurn == nil else { return }
        coordinator.follow(position, in: controller)
    }

    @MainActor
    final class Coordinator: NSObject, UIPageViewControllerDataSource, UIPageViewControllerDelegate {
        var parent: PageCurlView
        /// The first page the controller shows.
        var shown = 0
        var pendingTurn: Int?

        init(_ parent: PageCurlView) {
            self.parent = parent
        }

        /// The side or sides that start at `position`: on a spread, the left (even) page and its facing one.
        func controllers(at position: Int) -> [UIViewController] {
            guard parent.isSpread else { return [host(position)] }
            let left = position - position % 2
            return [host(left), host(left + 1)]
        }

        func follow(_ position: Int, in controller: UIPageViewController) {
            guard position != shown else { return }
            let direction: UIPageViewController.NavigationDirection = position > shown ? .forward : .reverse
            shown = position
            controller.setViewControllers(controllers(at: position), direction: direction, animated: true)
        }

        private func host(_ index: Int) -> UIViewController {
            let host = PageHost(index: index, rootView: parent.page(index))
            host.view.backgroundColor = .clear
            return host
        }

        private func index(of controller: UIViewController) -> Int? {
            (controller as? PageHost)?.index
        }

        func pageViewController(_ pageViewController: UIPageViewController,
                                viewControllerBefore viewController: UIViewController) -> UIViewController? {
            guard let index = index(of: viewController), index > 0 else { return nil }
            return host(index - 1)
        }

        func pageViewController(_ pageViewController: UIPageViewController,
                                viewControllerAfter viewController: UIViewController) -> UIViewController? {
            guard let index = index(of: viewController), index + 1 < parent.sideCount else { return nil }
            return host(index + 1)
        }

        func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
            guard completed, let first = pageViewController.viewControllers?.compactMap({ index(of: $0) }).min() else { return }
            shown = first
            pendingTurn = first
            Task {
                await parent.turned(min(first, max(parent.pageCount - 1, 0)))
                pendingTurn = nil
                // The model may have stopped short (nothing more loaded yet): show where it is.
                follow(parent.position, in: pageViewController)
            }
        }

        /// A page's hosting controller, which knows its page.
        final class PageHost: UIHostingController<Page> {
            let index: Int

            init(index: Int, rootView: Page) {
                self.index = index
                super.init(rootView: rootView)
            }

            @available(*, unavailable)
            required init?(coder: NSCoder) {
                fatalError("Pages are made in code.")
            }
        }
    }
}
