import Foundation
import RinCore
import Testing

@Suite("rin:// routes")
struct RinRouteTests {
    static let id = UUID(uuidString: "5F0D6C1E-2B8A-4C3D-9E1F-0A1B2C3D4E5F")!

    static let every: [RinRoute] = [
        .home(), .home(section: .review), .home(section: .recent), .home(section: .favourites), .home(section: .imports),
        .contact(id), .circles, .circle(id), .profile(), .profile(id), .asks, .person(id), .settings, .onboarding, .score, .network, .security,
    ]

    @Test(arguments: every)
    func everyRouteSurvivesItsOwnLink(_ route: RinRoute) throws {
        #expect(RinRoute(url: route.url) == route)
        #expect(route.url.scheme == "rin")
    }

    @Test func linksReadAsTheNavigationDocumentWritesThem() throws {
        #expect(RinRoute(url: try #require(URL(string: "rin://home?section=review"))) == .home(section: .review))
        #expect(RinRoute(url: try #require(URL(string: "rin://contacts/5f0d6c1e-2b8a-4c3d-9e1f-0a1b2c3d4e5f"))) == .contact(Self.id))
        #expect(RinRoute(url: try #require(URL(string: "RIN://Circles/5F0D6C1E-2B8A-4C3D-9E1F-0A1B2C3D4E5F/"))) == .circle(Self.id))
        #expect(RinRoute(url: try #require(URL(string: "rin://profile"))) == .profile())
        #expect(RinRoute(url: try #require(URL(string: "rin://people/\(Self.id)"))) == .person(Self.id))
        #expect(RinRoute.contact(Self.id).url.absoluteString == "rin://contacts/5f0d6c1e-2b8a-4c3d-9e1f-0a1b2c3d4e5f")
    }

    @Test(arguments: [
        "https://home", "rin://nowhere", "rin://contacts", "rin://contacts/not-an-id", "rin://circles/\(id)/members",
        "rin://home?section=everything", "rin://settings/\(id)", "rin:home", "rin://asks/\(id)", "rin://people",
    ])
    func anythingElseIsNoRouteRatherThanAGuess(_ link: String) throws {
        #expect(RinRoute(url: try #require(URL(string: link))) == nil)
    }

    @Test func eachRouteBelongsToOneTab() {
        #expect(RinRoute.contact(Self.id).tab == .home)
        #expect(RinRoute.circle(Self.id).tab == .circles)
        #expect(RinRoute.settings.tab == .profile)
        #expect(RinRoute.asks.tab == .profile)
        #expect(RinRoute.network.tab == .score && RinRoute.security.tab == .profile)
        #expect(Set(Self.every.map(\.tab)) == Set(RinTab.allCases))
    }
}
