extension E164PhoneNormalizer {
    /// The ISO 3166-1 alpha-2 regions whose numbering the metadata holds: what a person may choose
    /// as the default region that reads numbers typed without a country code.
    public var supportedRegions: Set<String> { Set(metadata.regions.keys) }
}
