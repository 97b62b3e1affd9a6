#!/usr/bin/env python3
"""Decode every PNG in a directory with zxing-cpp; print JSON {filename: text}.

Used by QRConformanceTests.swift as an independent QR reader. The PNG is
parsed here with only the standard library (zlib) plus numpy, so Pillow is
not needed; that also double-checks KindredQR's PNG writer: chunk CRCs, the
zlib stream (zlib verifies the Adler-32) and the IHDR geometry are all
validated, and a malformed file is reported as an error entry.

Requires: zxing-cpp, numpy.
"""
import json
import os
import struct
import sys
import zlib

import numpy as np
import zxingcpp


def read_png(path):
    """Return a 2-D uint8 array (0 = black, 255 = white) for a grayscale PNG."""
    with open(path, "rb") as fh:
        data = fh.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("bad signature")
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        ctype = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(ctype + body) & 0xFFFFFFFF != crc:
            raise ValueError(f"bad CRC in {ctype!r}")
        if ctype == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif ctype == b"IDAT":
            idat += body
        elif ctype == b"IEND":
            break
        pos += 12 + length
    if ihdr is None:
        raise ValueError("missing IHDR")
    width, height, depth, color, _, _, interlace = ihdr
    if color != 0 or interlace != 0 or depth not in (1, 2, 4, 8):
        raise ValueError(f"unsupported IHDR {ihdr}")
    raw = zlib.decompress(idat)  # checks the zlib header and Adler-32
    stride = (width * depth + 7) // 8
    if len(raw) != (stride + 1) * height:
        raise ValueError("IDAT size does not match IHDR")
    bpp = max(1, depth // 8)
    rows, prev = [], bytearray(stride)
    for y in range(height):
        ftype = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):  # undo PNG filters (KindredQR only uses 0)
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 0xFF
            elif ftype == 2:
                line[i] = (line[i] + b) & 0xFF
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xFF
            elif ftype != 0:
                raise ValueError(f"bad filter {ftype}")
        rows.append(bytes(line))
        prev = line
    packed = np.frombuffer(b"".join(rows), dtype=np.uint8).reshape(height, stride)
    bits = np.unpackbits(packed, axis=1, bitorder="big")
    if depth != 1:
        raise ValueError("only 1-bit images are expected from KindredQR")
    return (bits[:, :width] * 255).astype(np.uint8)


def main():
    directory = sys.argv[1]
    result = {}
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".png"):
            continue
        try:
            image = read_png(os.path.join(directory, name))
            codes = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
            result[name] = codes[0].text if codes else None
        except Exception as exc:  # report, don't abort the whole batch
            result[name] = {"error": str(exc)}
    json.dump(result, sys.stdout, ensure_ascii=True)


if __name__ == "__main__":
    main()
