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
        var header: [UInt8] = []
        PNG.appendBigEndian(UInt32(width), to: &header)
        PNG.appendBigEndian(UInt32(height), to: &header)
        header += [8, 2, 0, 0, 0]  // bit depth 8, truecolour, deflate, adaptive filtering, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        PNG.appendChunk("IHDR", header, to: &png)
        PNG.appendChunk("IDAT", Deflate.zlibCompress(raw), to: &png)
        PNG.appendChunk("IEND", [], to: &png)
        return png
    }
}
