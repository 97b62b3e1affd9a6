@_exported import RinCore
