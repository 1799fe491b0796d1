#!/usr/bin/env python3
"""fbx_compare.py A.fbx B.fbx [BOUND] - compares two binary FBX files node by node.

Exits 0 when they are equal but for float values that differ by at most BOUND
(absolute, default 1e-9), listing each such value; 1 otherwise (the first
difference of another kind is printed). windows_check.sh uses it where the C
library's trigonometry differs between Linux and Windows.
"""
import struct
import sys
import zlib

SCALARS = {"C": 1, "B": 1, "Y": 2, "I": 4, "F": 4, "D": 8, "L": 8}
ARRAYS = {"f": "f", "d": "d", "i": "i", "l": "q", "b": "B"}


def nodes(data):
    """(path, [(type, value bytes)]) of every node, depth first."""
    wide = struct.unpack_from("<I", data, 23)[0] >= 7500
    head = struct.Struct("<QQQ" if wide else "<III")

    def walk(o, parent):
        end, count, _ = head.unpack_from(data, o)
        o += head.size
        name = data[o + 1 : o + 1 + data[o]].decode("latin-1")
        o += 1 + data[o]
        if end == 0:
            return None
        props = []
        for _ in range(count):
            t = chr(data[o])
            o += 1
            if t in SCALARS:
                props.append((t, data[o : o + SCALARS[t]]))
                o += SCALARS[t]
            elif t in "SR":
                n = struct.unpack_from("<I", data, o)[0]
                props.append((t, data[o + 4 : o + 4 + n]))
                o += 4 + n
            else:
                _, encoding, n = struct.unpack_from("<III", data, o)
                raw = data[o + 12 : o + 12 + n]
                props.append((t, zlib.decompress(raw) if encoding == 1 else raw))
                o += 12 + n
        found.append((parent + "/" + name, props))
        while o < end:
            o = walk(o, parent + "/" + name)
            if o is None:  # the empty record closing the children
                break
        return end

    found = []
    o = 27
    while o is not None and o < len(data):
        o = walk(o, "")
    return found


def values(t, raw):
    code = ARRAYS.get(t) or {"F": "f", "D": "d"}.get(t)
    return struct.unpack("<%d%s" % (len(raw) // struct.calcsize(code), code), raw)


def main():
    a_path, b_path = sys.argv[1], sys.argv[2]
    bound = float(sys.argv[3]) if len(sys.argv) > 3 else 1e-9
    a = nodes(open(a_path, "rb").read())
    b = nodes(open(b_path, "rb").read())
    if [p for p, _ in a] != [p for p, _ in b]:
        print("fbx_compare: the node trees differ")
        return 1
    worst, listed = 0.0, 0
    for (path, pa), (_, pb) in zip(a, b):
        for (ta, va), (tb, vb) in zip(pa, pb):
            if (ta, va) == (tb, vb):
                continue
            if ta != tb or ta not in "fdFD" or len(va) != len(vb):
                print("fbx_compare: %s: a %s property differs" % (path, ta))
                return 1
            for i, (x, y) in enumerate(zip(values(ta, va), values(tb, vb))):
                if x != y:
                    worst = max(worst, abs(x - y))
                    listed += 1
                    print("fbx_compare: %s[%d]: %.17g vs %.17g" % (path, i, x, y))
    print("fbx_compare: %d float values differ, by at most %.3g (bound %.3g)" % (listed, worst, bound))
    return 0 if worst <= bound else 1


if __name__ == "__main__":
    sys.exit(main())
