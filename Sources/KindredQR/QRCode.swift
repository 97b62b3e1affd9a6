import Foundation

/// Error-correction level of a QR symbol (ISO/IEC 18004 §7.5.1).
/// Roughly 7 %, 15 %, 25 % and 30 % of the codewords can be restored.
public enum ErrorCorrection: Sendable, CaseIterable {
    case low, medium, quartile, high

    /// Row index into the capacity tables, which the standard orders L, M, Q, H.
    var tableIndex: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }

    /// The two EC bits of the format information (Table 12). They are *not*
    /// in L-M-Q-H order: L = 01, M = 00, Q = 11, H = 10.
    var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }
}

public enum QRCodeError: Error, Equatable {
    /// The payload does not fit in a version-40 symbol at the requested level.
    case dataTooLong
}

/// An immutable, fully encoded QR Code model-2 symbol (versions 1–40).
///
/// The encoder always picks the smallest segmentation (numeric /
/// alphanumeric / byte, mixed optimally), the smallest version ≥
/// `minimumVersion` that holds it, and the mask with the lowest
/// ISO 18004 §7.8.3 penalty. Text is encoded as UTF-8 in byte mode without
/// an ECI header, which is what every mainstream reader assumes.
public struct QRCode: Sendable, Equatable {
    public let version: Int
    public let errorCorrection: ErrorCorrection
    /// The data mask pattern reference (0–7) written into the format info.
    public let mask: Int
    /// Modules per side: `4 * version + 17`. Excludes the quiet zone.
    public let size: Int
    /// Row-major `size * size` modules, `true` = dark.
    let modules: [Bool]

    /// Module at column `x`, row `y`; coordinates outside the symbol read as
    /// light (i.e. the quiet zone), so renderers need no bounds checks.
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    public init(encoding text: String, errorCorrection: ErrorCorrection = .medium, minimumVersion: Int = 1) throws {
        try self.init(encoding: Array(text.utf8), errorCorrection: errorCorrection, minimumVersion: minimumVersion)
    }

    public init(encoding bytes: [UInt8], errorCorrection: ErrorCorrection = .medium, minimumVersion: Int = 1) throws {
        try self.init(bytes: bytes, errorCorrection: errorCorrection, minimumVersion: minimumVersion, forcedMask: nil)
    }

    /// Full pipeline. `forcedMask` exists for known-answer tests that must
    /// reproduce another encoder's symbol bit for bit.
    init(bytes: [UInt8], errorCorrection ecl: ErrorCorrection, minimumVersion: Int, forcedMask: Int?) throws {
        let plan = try QREncoder.plan(bytes: bytes, ecl: ecl, minimumVersion: minimumVersion)
        let data = QREncoder.dataCodewords(segments: plan.segments, version: plan.version, ecl: ecl)
        let codewords = ReedSolomon.addErrorCorrectionAndInterleave(data: data, version: plan.version, ecl: ecl)

        let template = QRTemplate.of(version: plan.version)
        // One word a line up to version 9 (53 modules and the margins fit 64 bits), three above.
        let symbol = template.size + 8 <= 64
            ? Self.symbol(QRSymbolBuilder<UInt64>(template: template, ecl: ecl, codewords: codewords), forcedMask: forcedMask)
            : Self.symbol(QRSymbolBuilder<QRWideLine>(template: template, ecl: ecl, codewords: codewords), forcedMask: forcedMask)

        version = plan.version
        errorCorrection = ecl
        mask = symbol.mask
        size = template.size
        modules = symbol.modules
    }

    private static func symbol<Line>(_ builder: QRSymbolBuilder<Line>, forcedMask: Int?) -> (mask: Int, modules: [Bool]) {
        let mask = forcedMask.flatMap { (0..<8).contains($0) ? $0 : nil } ?? builder.bestMask()
        return (mask, builder.modules(mask: mask))
    }
}
