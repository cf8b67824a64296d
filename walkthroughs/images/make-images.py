#!/usr/bin/env python3
"""Writes the example walkthroughs' images: small, valid PNG files made with zlib only.

Run it from anywhere: python3 walkthroughs/images/make-images.py
Each image is 96x64 pixels: a coloured background with a simple shape, so that a viewer shows
something recognisable. The output is deterministic, so re-running it changes nothing.
"""
import os
import struct
import zlib

WIDTH, HEIGHT = 96, 64
HERE = os.path.dirname(os.path.abspath(__file__))


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(pixel):
    rows = []
    for y in range(HEIGHT):
        row = bytearray([0])  # filter type 0 (None)
        for x in range(WIDTH):
            row.extend(pixel(x, y))
        rows.append(bytes(row))
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def pin(background, colour):
    """A map pin: a disc with a point below it."""
    def pixel(x, y):
        dx, dy = x - 48, y - 24
        if dx * dx + dy * dy <= 144 or (24 <= y <= 52 and abs(dx) <= (52 - y) * 12 // 28):
            return colour
        return background
    return pixel


def plate(background, colour):
    """A plate: a ring."""
    def pixel(x, y):
        d = (x - 48) ** 2 + (y - 32) ** 2
        return colour if 300 <= d <= 576 else background
    return pixel


def people(background, colour):
    """Three heads side by side."""
    def pixel(x, y):
        for cx in (24, 48, 72):
            if (x - cx) ** 2 + (y - 28) ** 2 <= 81 or (40 <= y <= 56 and abs(x - cx) <= 10):
                return colour
        return background
    return pixel


IMAGES = {
    "foodpin-intro-1.png": plate((250, 236, 220), (214, 69, 65)),
    "foodpin-intro-2.png": pin((225, 240, 250), (214, 69, 65)),
    "foodpin-intro-3.png": people((232, 245, 228), (60, 120, 70)),
}

if __name__ == "__main__":
    for name, pixel in IMAGES.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(png(pixel))
        print("wrote", os.path.join(HERE, name))
