import Fluent
import Testing
@testable import KindredServer

/// The models read most often list their Fluent properties (`properties`) instead of leaving
/// FluentKit to find them by reflection for every row. A property added to a model and left out
/// of its list would silently never be read or written, so each list is held here to what
/// reflection finds: the same wrappers, in the same order.
@Suite("Models that list their Fluent properties list exactly what reflection finds")
struct ListedFieldsTests {
    static let models: [any Fields] = [
        User(), MediaItem(), InnovationEngineConnection(), InterventionSwipe(), InterventionConversation(),
        InterventionChatMessageRecord(), RateLimitHit(), KinnectPost(), KinnectFollow(), InnovationEngineConnectCode(),
        RinContact(), RinContactValue(), RinRawRecord(), RinContactSource(), RinMerge(), RinImport(), RinSuggestion(), RinConflict(),
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
}
