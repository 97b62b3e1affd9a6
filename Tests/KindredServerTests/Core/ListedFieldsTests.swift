import Fluent
import Foundation
import Testing
@testable import KindredServer

/// Every model lists its Fluent properties (`properties`) instead of leaving FluentKit to find them
/// by reflection for every row (18 % of the server's time in a Rin import). A property added to a
/// model and left out of its list would silently never be read or written, so each list is held
/// here to what reflection finds: the same wrappers, in the same order; and every model in the
/// server's sources is in `models`, so a new one is held too.
@Suite("Models that list their Fluent properties list exactly what reflection finds")
struct ListedFieldsTests {
    static let models: [any Fields] = [
        AccountAlert(), Block(), DataExport(), EmailLink(), IdempotencyRecord(), InnovationEngineConnectCode(),
        InnovationEngineConnection(), InterventionCatalogueVersion(), InterventionChatMessageRecord(),
        InterventionConversation(), InterventionRecord(), InterventionSwipe(), JobRun(), KinnectActivity(),
        KinnectActivityRead(), KinnectComment(), KinnectFollow(), KinnectLike(), KinnectPost(), KinnectPostMedia(),
        KinnectSave(), KnownDevice(), MediaItem(), MemoriesActivity(), MemoriesBook(), MemoriesBookMedia(),
        MemoriesBookMember(), MemoriesDraftMedia(), MemoriesFriendRequest(), MemoriesFriendship(), MemoriesPage(),
        MemoriesPageOperation(), NotificationMute(), PushDeliveryRow(), PushDevice(), RateLimitHit(), RealtimePayload(),
        RealtimeTicket(), RefreshToken(), Report(), RinAsk(), RinCircle(), RinCircleMember(), RinConflict(), RinContact(),
        RinContactSource(), RinContactValue(), RinDispute(), RinDisputeEvidence(), RinImport(), RinLinkInterval(), RinMerge(),
        RinPersonalOverride(), RinPolicySetting(), RinProfile(), RinProfileBlock(), RinProfileField(), RinRawRecord(),
        RinScoreLatest(), RinScoreRecord(), RinSettings(), RinShareLink(), RinSuggestion(), User(), UserSession(),
    ]

    @Test(arguments: models.indices)
    func theListIsEveryPropertyWrapperInOrder(_ index: Int) {
        let model = Self.models[index]
        let reflected = Mirror(reflecting: model).children.compactMap { $0.value as? any AnyProperty }
        let listed = model.properties
        #expect(!listed.isEmpty)
        #expect(listed.map { ObjectIdentifier($0 as AnyObject) } == reflected.map { ObjectIdentifier($0 as AnyObject) },
                "\(type(of: model)) lists \(listed.count) properties, reflection finds \(reflected.count)")
    }

    @Test func everyModelInTheSourcesIsHeld() throws {
        let declaration = try NSRegularExpression(pattern: #"^final class (\w+): (?:Model|Fields)\b"#, options: .anchorsMatchLines)
        var declared: Set<String> = []
        for file in FoundationTests.files(under: "Sources/KindredServer") {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                declared.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        let held = Set(Self.models.map { String(describing: type(of: $0)) })
        #expect(declared.count >= 60, "the scan found \(declared.count) models")
        #expect(declared.subtracting(held).isEmpty, "models not held to their lists: \(declared.subtracting(held).sorted())")
    }
}
