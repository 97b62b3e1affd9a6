"""Files for scripts/bench-kinnect, made with the standard library only.

  python3 kinnect_media.py photo PATH MIB      A noise PNG of about MIB MiB (RGB, 2048 px wide,
                                               stored deflate so the size is exact and nothing
                                               compresses it later).
  python3 kinnect_media.py video PATH MIB [S]  An MP4 of exactly MIB MiB lasting S seconds (30):
                                               ftyp, then moov (mvhd, one 'vide' trak with tkhd,
                                               mdhd, hdlr, vmhd, dinf, stbl with an avc1 sample
                                               entry, stts, stsc, stsz, stco), then a large mdat
                                               of random bytes that the chunk offsets point into.
                                               Structurally valid; the samples are not real H.264.
  python3 kinnect_media.py image PATH W H [SEED]  A small flat PNG (a post's display or thumbnail).
"""
import os, struct, sys, zlib


def png(width, height, rows, level):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, level)) + chunk(b"IEND", b"")


def photo(path, mib):
    target = int(mib * (1 << 20))
    width = 2048
    row = 1 + 3 * width
    # Stored deflate adds 5 bytes per 65,535; the chunks and signature about 60.
    height = (target - 60 - 6) * 65535 // (65540 * row)
    rows = b"".join(b"\x00" + os.urandom(3 * width) for _ in range(height))
    with open(path, "wb") as out:
        out.write(png(width, height, rows, 0))


def image(path, width, height, seed=0):
    color = bytes([(seed * 37) % 256, (seed * 91 + 80) % 256, 160])
    rows = (b"\x00" + color * width) * height
    with open(path, "wb") as out:
        out.write(png(width, height, rows, 9))


def box(kind, *parts):
    payload = b"".join(parts)
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def full(kind, version, flags, *parts):
    return box(kind, struct.pack(">I", (version << 24) | flags), *parts)


MATRIX = struct.pack(">9I", 0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000)


def video(path, mib, seconds=30, width=1920, height=1080, fps=30):
    total = int(mib * (1 << 20))
    frames = seconds * fps
    per_chunk = fps  # one chunk a second
    chunks = (frames + per_chunk - 1) // per_chunk
    movie_scale, media_scale = 1000, fps * 1000

    def moov(payload, data_start):
        sizes = [payload // frames] * frames
        sizes[-1] += payload - sum(sizes)
        offsets, position = [], data_start
        for index in range(chunks):
            offsets.append(position)
            position += sum(sizes[index * per_chunk:(index + 1) * per_chunk])
        sps = bytes([0x67, 0x64, 0x00, 0x28, 0xAC, 0xD9, 0x40, 0x78, 0x02, 0x27, 0xE5, 0x84, 0x00, 0x00, 0x03, 0x00, 0x04])
        pps = bytes([0x68, 0xEB, 0xE3, 0xCB, 0x22, 0xC0])
        avcc = box(b"avcC", bytes([1, 0x64, 0x00, 0x28, 0xFF, 0xE1]), struct.pack(">H", len(sps)), sps,
                   b"\x01", struct.pack(">H", len(pps)), pps)
        avc1 = box(b"avc1", b"\x00" * 6, struct.pack(">H", 1), b"\x00" * 16, struct.pack(">HH", width, height),
                   struct.pack(">II", 0x00480000, 0x00480000), b"\x00" * 4, struct.pack(">H", 1), b"\x00" * 32,
                   struct.pack(">Hh", 0x0018, -1), avcc)
        stbl = box(b"stbl",
                   full(b"stsd", 0, 0, struct.pack(">I", 1), avc1),
                   full(b"stts", 0, 0, struct.pack(">III", 1, frames, media_scale // fps)),
                   full(b"stsc", 0, 0, struct.pack(">IIII", 1, 1, per_chunk, 1)),
                   full(b"stsz", 0, 0, struct.pack(">II", 0, frames), struct.pack(f">{frames}I", *sizes)),
                   full(b"stco", 0, 0, struct.pack(">I", chunks), struct.pack(f">{chunks}I", *offsets)))
        minf = box(b"minf", full(b"vmhd", 0, 1, b"\x00" * 8),
                   box(b"dinf", full(b"dref", 0, 0, struct.pack(">I", 1), full(b"url ", 0, 1))), stbl)
        mdia = box(b"mdia",
                   full(b"mdhd", 0, 0, struct.pack(">IIIIHH", 0, 0, media_scale, seconds * media_scale, 0x55C4, 0)),
                   full(b"hdlr", 0, 0, struct.pack(">I", 0), b"vide", b"\x00" * 12, b"VideoHandler\x00"), minf)
        tkhd = full(b"tkhd", 0, 3, struct.pack(">IIIII", 0, 0, 1, 0, seconds * movie_scale), b"\x00" * 8,
                    struct.pack(">hhhH", 0, 0, 0, 0), MATRIX, struct.pack(">II", width << 16, height << 16))
        mvhd = full(b"mvhd", 0, 0, struct.pack(">IIIIIH", 0, 0, movie_scale, seconds * movie_scale, 0x00010000, 0x0100),
                    b"\x00" * 10, MATRIX, b"\x00" * 24, struct.pack(">I", 2))
        return box(b"moov", mvhd, box(b"trak", tkhd, mdia))

    ftyp = box(b"ftyp", b"isom", struct.pack(">I", 512), b"isomiso2avc1mp41")
    header = len(ftyp) + len(moov(1 << 20, 0)) + 8  # the moov's size does not depend on the numbers in it
    payload = total - header
    data_start = header
    with open(path, "wb") as out:
        out.write(ftyp + moov(payload, data_start) + struct.pack(">I", 8 + payload) + b"mdat")
        left = payload
        while left:
            piece = min(left, 4 << 20)
            out.write(os.urandom(piece))
            left -= piece


if __name__ == "__main__":
    kind, path = sys.argv[1], sys.argv[2]
    if kind == "photo":
        photo(path, float(sys.argv[3]))
    elif kind == "video":
        video(path, float(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 30)
    elif kind == "image":
        image(path, int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]) if len(sys.argv) > 5 else 0)
    else:
        sys.exit(__doc__)
