import Foundation
import KindredAPI

// The contract's types under short names for these tests.
typealias KindredAPIMatchList = Components.Schemas.MatchList
typealias KindredAPIDeck = Components.Schemas.Deck
typealias KindredAPICatalogue = Components.Schemas.InterventionCatalogue
typealias KindredAPIStats = Components.Schemas.SwipeStats
typealias KindredAPIChat = Components.Schemas.Chat
typealias KindredAPISwipeResult = Components.Schemas.SwipeResult
typealias KindredAPIUndo = Components.Schemas.UndoResult
