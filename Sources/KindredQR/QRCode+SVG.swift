extension QRCode {
    /// Renders the symbol as a standalone SVG document.
    ///
    /// Coordinates are in module units (the viewBox) and `scale` only sets the
    /// intrinsic width/height, so the image stays sharp at any size. Horizontal
    /// runs of dark modules are merged into one rectangle each and all of them
    /// go into a single `<path>`, which keeps a v10 code around a few KB.
    public func svg(scale: Int = 8, quietZone: Int = 4, darkColor: String = "#000", lightColor: String = "#fff") -> String {
        let scale = max(1, scale)
        let quietZone = max(0, quietZone)
        let dimension = size + 2 * quietZone
        let pixels = dimension * scale

        // The path is written as bytes: a string interpolation per run cost more than encoding
        // the symbol.
        var path: [UInt8] = []
        path.reserveCapacity(size * size * 2)
        func write(_ number: Int) {
            if number >= 10 { write(number / 10) }
            path.append(UInt8(ascii: "0") + UInt8(number % 10))
        }
        modules.withUnsafeBufferPointer { modules in
            for y in 0..<size {
                var x = 0
                while x < size {
                    guard modules[y * size + x] else { x += 1; continue }
                    let start = x
                    while x < size, modules[y * size + x] { x += 1 }
                    // Absolute move, then a closed 1-module-high rectangle of the run length.
                    path.append(UInt8(ascii: "M")); write(start + quietZone)
                    path.append(UInt8(ascii: " ")); write(y + quietZone)
                    path.append(UInt8(ascii: "h")); write(x - start)
                    path.append(contentsOf: "v1h-".utf8); write(x - start)
                    path.append(UInt8(ascii: "z"))
                }
            }
        }
        let d = String(decoding: path, as: UTF8.self)

        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(pixels)" height="\(pixels)" \
        viewBox="0 0 \(dimension) \(dimension)" shape-rendering="crispEdges">\
        <rect width="\(dimension)" height="\(dimension)" fill="\(Self.attributeEscaped(lightColor))"/>\
        <path fill="\(Self.attributeEscaped(darkColor))" d="\(d)"/></svg>
        """
    }

    /// Colours are caller-supplied strings; escape them so they cannot break
    /// out of the attribute.
    static func attributeEscaped(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}
