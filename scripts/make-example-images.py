#!/usr/bin/env python3
"""Writes the example walkthroughs' images: FoodPin's three pictures, as PNG files made with
zlib only (no third-party package).

    python3 scripts/make-example-images.py

Each picture is 320x200 pixels, drawn from simple shapes (discs, rings, rounded bars,
triangles) in layers, each pixel the average of 3x3 samples so that edges are smooth. It writes
walkthroughs/images/ and the FoodPinExample's copy in Sources/FoodPinExample/walkthroughs/images/.
The output is deterministic: running it again changes nothing.
"""
import math
import os
import struct
import zlib

WIDTH, HEIGHT = 320, 200
SAMPLES = 3
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = [
    os.path.join(ROOT, "walkthroughs", "images"),
    os.path.join(ROOT, "Sources", "FoodPinExample", "walkthroughs", "images"),
]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def encode_png(pixels):
    """pixels: rows of (r, g, b) tuples -> PNG bytes (8-bit RGB, filter type 0)."""
    raw = b"".join(b"\x00" + bytes(c for pixel in row for c in pixel) for row in pixels)
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


# Shapes: functions of (x, y) -> bool, in picture coordinates.

def disc(cx, cy, r):
    return lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def ellipse(cx, cy, rx, ry):
    return lambda x, y: ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1


def ring(cx, cy, inner, outer):
    return lambda x, y: inner * inner <= (x - cx) ** 2 + (y - cy) ** 2 <= outer * outer


def rect(x0, y0, x1, y1):
    return lambda x, y: x0 <= x <= x1 and y0 <= y <= y1


def bar(ax, ay, bx, by, r):
    """A segment from (ax, ay) to (bx, by) with round ends, r thick on each side."""
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy

    def inside(x, y):
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length))
        px, py = ax + t * dx - x, ay + t * dy - y
        return px * px + py * py <= r * r
    return inside


def triangle(a, b, c):
    def side(p, q, x, y):
        return (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0])

    def inside(x, y):
        s1, s2, s3 = side(a, b, x, y), side(b, c, x, y), side(c, a, x, y)
        return (s1 >= 0 and s2 >= 0 and s3 >= 0) or (s1 <= 0 and s2 <= 0 and s3 <= 0)
    return inside


def heart(cx, cy, size):
    def inside(x, y):
        u, v = (x - cx) / size, -(y - cy) / size
        return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0
    return inside


def render(background, layers):
    """background: (x, y) -> colour; layers: [(shape, colour)], later ones on top."""
    rows = []
    for py in range(HEIGHT):
        row = []
        for px in range(WIDTH):
            total = [0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    x = px + (sx + 0.5) / SAMPLES
                    y = py + (sy + 0.5) / SAMPLES
                    colour = background(x, y)
                    for shape, paint in layers:
                        if shape(x, y):
                            colour = paint
                    for i in range(3):
                        total[i] += colour[i]
            n = SAMPLES * SAMPLES
            row.append(tuple((t + n // 2) // n for t in total))
        rows.append(row)
    return rows


RED = (214, 69, 65)
WHITE = (250, 250, 247)
GREY = (150, 150, 150)
GREEN = (76, 150, 80)


def personalize():
    """A plate on a checked tablecloth, with a fork, a knife and a meal."""
    def cloth(x, y):
        light = (int(x) // 40 + int(y) // 40) % 2 == 0
        return (250, 236, 220) if light else (240, 214, 196)
    layers = [
        (ellipse(163, 106, 78, 76), (205, 190, 176)),         # shadow
        (disc(160, 100, 76), WHITE),                          # plate
        (ring(160, 100, 58, 66), RED),                        # rim
        (disc(160, 100, 40), (245, 240, 230)),                # well
        (ellipse(150, 104, 22, 16), (196, 120, 60)),          # a roast
        (disc(176, 92, 10), (226, 60, 50)),                   # a tomato
        (ellipse(170, 116, 12, 6), GREEN),                    # a leaf
        (bar(56, 40, 56, 170, 5), GREY),                      # fork handle
        (bar(46, 30, 46, 70, 2.5), GREY),                     # tines
        (bar(56, 30, 56, 70, 2.5), GREY),
        (bar(66, 30, 66, 70, 2.5), GREY),
        (bar(46, 70, 66, 70, 4), GREY),
        (bar(264, 30, 264, 170, 5), GREY),                    # knife
        (ellipse(268, 70, 8, 42), GREY),
    ]
    return render(cloth, layers)


def locate():
    """A street map with a river, and a red pin marking a restaurant."""
    def land(x, y):
        return (225, 240, 228)
    river = lambda x, y: abs(y - (150 + 18 * math.sin(x / 40))) <= 12
    layers = [
        (river, (150, 200, 235)),
        (bar(0, 60, 320, 40, 6), WHITE),                      # roads
        (bar(90, 0, 120, 200, 6), WHITE),
        (bar(220, 0, 250, 200, 5), WHITE),
        (rect(136, 62, 200, 110), (206, 226, 210)),           # a park
        (disc(40, 100, 12), GREEN), (disc(270, 100, 14), GREEN),
        (ellipse(168, 150, 24, 7), (120, 130, 125)),          # the pin's shadow
        (disc(168, 72, 34), RED),                             # the pin
        (triangle((138, 88), (198, 88), (168, 148)), RED),
        (disc(168, 72, 14), WHITE),
    ]
    return render(land, layers)


def discover():
    """Three friends sharing their finds: a heart and a fork in speech bubbles."""
    def sky(x, y):
        t = y / HEIGHT
        return (int(232 - 20 * t), int(245 - 10 * t), int(228 - 20 * t))
    layers = []
    for cx, shirt in ((80, (60, 120, 190)), (160, (60, 130, 70)), (240, (230, 150, 40))):
        layers += [
            (ellipse(cx, 200, 42, 60), shirt),                # shoulders
            (disc(cx, 118, 26), (240, 200, 170)),             # head
            (ellipse(cx, 98, 26, 12), (80, 60, 50)),          # hair
        ]
    layers += [
        (ellipse(118, 44, 34, 24), WHITE),                    # bubbles
        (triangle((104, 60), (120, 62), (96, 82)), WHITE),
        (heart(118, 46, 12), RED),
        (ellipse(206, 40, 34, 24), WHITE),
        (triangle((200, 56), (216, 58), (226, 80)), WHITE),
        (bar(206, 28, 206, 56, 2.5), GREY),
        (bar(198, 26, 198, 38, 1.5), GREY),
        (bar(214, 26, 214, 38, 1.5), GREY),
        (bar(198, 38, 214, 38, 2), GREY),
    ]
    return render(sky, layers)


IMAGES = {
    "foodpin-intro-1.png": personalize,
    "foodpin-intro-2.png": locate,
    "foodpin-intro-3.png": discover,
}

if __name__ == "__main__":
    for name, draw in IMAGES.items():
        data = encode_png(draw())
        for folder in FOLDERS:
            os.makedirs(folder, exist_ok=True)
            path = os.path.join(folder, name)
            with open(path, "wb") as f:
                f.write(data)
            print("wrote", os.path.relpath(path, ROOT))
