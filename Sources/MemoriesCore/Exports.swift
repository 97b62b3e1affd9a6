@_exported import KindredSDK
@_exported import MemoriesCanvas
