/// The apps Kindred serves: the one place the foundation learns of them. A new app adds its line
/// here, its migrations to `Migrations.swift`, and everything else in its own folder.
enum KindredApps {
    static let all: [any KindredApp.Type] = [
        InnovationEngineApp.self,
        DateAnInterventionApp.self,
        KinnectApp.self,
        MemoriesApp.self,
        RinApp.self,
    ]

    /// Usernames that would read as one of the apps (or an app on its way), with the separators
    /// a username can't hold removed.
    static let reservedUsernames: Set<String> =
        Set(all.map { $0.id }.map { $0.replacingOccurrences(of: "-", with: "") })
}
