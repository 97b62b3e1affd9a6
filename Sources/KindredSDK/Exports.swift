@_exported import KindredAPI
@_exported import OpenAPIRuntime

/// Friendlier names for the contract's types, which stay the single definition.
public typealias Me = Components.Schemas.Me
public typealias Profile = Components.Schemas.Profile
public typealias Media = Components.Schemas.Media
public typealias SessionInfo = Components.Schemas.SessionInfo
public typealias AccountAlert = Components.Schemas.AccountAlert
public typealias Problem = Components.Schemas.Problem
public typealias RealtimeEvent = Components.Schemas.RealtimeEvent
