@_exported import KindredSDK
