@_exported import RinCore
// The app imports only the shell; the shell is the one place that sees every feature.
@_exported import RinCircles
@_exported import RinContacts
@_exported import RinOnboarding
@_exported import RinProfiles
@_exported import RinSettings
