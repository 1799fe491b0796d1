"""python3 dds_png_compare.py A.dds A.png [B.dds B.png ...]

Decodes each .dds with Pillow's own DDS reader (DXT1/3/5, uncompressed RGB(A)
and luminance) and each .png with Pillow, both as RGBA, and prints one JSON
object: {"pairs": [{"dds", "size", "png_size", "mismatches", "first"}]}.
An independent decoder for ripkit's Bitmap_Z -> PNG path (tests/zouna).
"""
import json
import sys

from PIL import Image


def compare(dds_path, png_path):
    with Image.open(dds_path) as d, Image.open(png_path) as p:
        a = d.convert("RGBA")
        b = p.convert("RGBA")
        out = {"dds": dds_path, "size": list(a.size), "png_size": list(b.size),
               "mismatches": 0, "first": None}
        if a.size != b.size:
            out["mismatches"] = -1
            return out
        pa, pb = a.load(), b.load()
        for y in range(a.size[1]):
            for x in range(a.size[0]):
                if pa[x, y] != pb[x, y]:
                    if out["first"] is None:
                        out["first"] = {"x": x, "y": y, "pillow": list(pa[x, y]),
                                        "ripkit": list(pb[x, y])}
                    out["mismatches"] += 1
        return out


args = sys.argv[1:]
if not args or len(args) % 2:
    print(__doc__, file=sys.stderr)
    sys.exit(2)
print(json.dumps({"pairs": [compare(args[i], args[i + 1]) for i in range(0, len(args), 2)]}))
