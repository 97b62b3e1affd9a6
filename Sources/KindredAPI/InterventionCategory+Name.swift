/// Date An Intervention's category names, defined once for the server and every Swift client.
extension Components.Schemas.InterventionCategory {
    public var displayName: String {
        switch self {
        case .srm: "Stratospheric/SRM"
        case .ocean: "Ocean-based"
        case .ice: "Ice preservation"
        case .land: "Land-based"
        case .localized: "Localized"
        }
    }
}
