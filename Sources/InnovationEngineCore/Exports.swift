@_exported import InnovationEngineLayout
@_exported import KindredQR
