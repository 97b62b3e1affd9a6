/// Encodes 8-bit RGB pixels (row by row, three bytes a pixel) as a PNG, with the same deflate the
/// QR codes use. Demo pictures and tests draw with it; nothing here decodes images.
public enum RGBPNG {
    public static func encode(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "one RGB triple per pixel")
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for row in 0..<height {
            raw.append(0)  // filter type None
            raw += pixels[row * width * 3..<(row + 1) * width * 3]
        }
        return PNG.file(width: width, height: height, bitDepth: 8, colourType: 2, scanlines: raw)  // 8-bit truecolour
    }
}
