#!/usr/bin/env python3
"""Scans every .glb/.gltf/.fbx/.dae under the given folders for NaN and Inf.

Run by ctest after every other test (a FIXTURES_CLEANUP test), over the
build tree's test-tmp folder where the suites leave what they wrote. It reads
the files itself - GLB chunks and glTF accessors with the standard library,
FBX binary records by their published layout - so it shares no code with the
writers it checks:
  glTF: every float accessor's data (bufferView, byteOffset, byteStride), its
        min/max, node translation/rotation/scale/matrix, camera and material
        numbers (a NaN in JSON is written as null, so null where a number
        belongs counts too);
  FBX:  every F/D property and every f/d array property (zlib-compressed or
        not), in every record;
  dae:  nan/inf tokens in the text.
`--self-test DIR` first checks, in DIR, that the scanner finds NaN and Inf it
plants in files it builds (and nothing in clean ones), so a scanner that reads
nothing fails. Exit 1 on any finding.
`--clean DIR` removes DIR after the scan (the CLI tests' kept folders).
usage: scan_outputs.py [--self-test DIR] [--clean DIR] ROOT...
"""
import json
import math
import os
import re
import shutil
import struct
import sys
import zlib

FLOAT_TYPES = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT2": 4, "MAT3": 9, "MAT4": 16}


def finite(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def check_numbers(values, where, out):
    for i, v in enumerate(values):
        if not finite(v):
            out.append(f"{where}[{i}] = {v}")
            return


def gltf_buffers(doc, path, glb_bin):
    bufs = []
    for i, b in enumerate(doc.get("buffers", [])):
        uri = b.get("uri")
        if uri is None:
            bufs.append(glb_bin if i == 0 else b"")
        elif uri.startswith("data:"):
            bufs.append(b"")  # ripkit never writes data URIs
        else:
            with open(os.path.join(os.path.dirname(path), uri), "rb") as f:
                bufs.append(f.read())
    return bufs


def scan_gltf_doc(doc, path, glb_bin):
    out = []
    bufs = gltf_buffers(doc, path, glb_bin)
    views = doc.get("bufferViews", [])
    for a, acc in enumerate(doc.get("accessors", [])):
        where = f"accessor {a}"
        for key in ("min", "max"):
            if key in acc:
                check_numbers(acc[key], f"{where} {key}", out)
        if acc.get("componentType") != 5126 or "bufferView" not in acc:
            continue
        view = views[acc["bufferView"]]
        data = bufs[view.get("buffer", 0)]
        comps = FLOAT_TYPES[acc["type"]]
        stride = view.get("byteStride", 4 * comps)
        base = view.get("byteOffset", 0) + acc.get("byteOffset", 0)
        for e in range(acc["count"]):
            start = base + e * stride
            vals = struct.unpack_from(f"<{comps}f", data, start)
            bad = [v for v in vals if not math.isfinite(v)]
            if bad:
                out.append(f"{where} element {e} = {vals}")
                break
    for n, node in enumerate(doc.get("nodes", [])):
        for key in ("translation", "rotation", "scale", "matrix", "weights"):
            if key in node:
                check_numbers(node[key], f"node {n} ({node.get('name', '')}) {key}", out)
    for c, cam in enumerate(doc.get("cameras", [])):
        for key, v in cam.get("perspective", {}).items():
            check_numbers([v], f"camera {c} {key}", out)
    for m, mat in enumerate(doc.get("materials", [])):
        pbr = mat.get("pbrMetallicRoughness", {})
        check_numbers(pbr.get("baseColorFactor", []), f"material {m} baseColorFactor", out)
        for key in ("metallicFactor", "roughnessFactor"):
            if key in pbr:
                check_numbers([pbr[key]], f"material {m} {key}", out)
        if "alphaCutoff" in mat:
            check_numbers([mat["alphaCutoff"]], f"material {m} alphaCutoff", out)
    return out


def scan_glb(path):
    with open(path, "rb") as f:
        data = f.read()
    magic, version, length = struct.unpack_from("<III", data, 0)
    if magic != 0x46546C67:
        return [f"not a GLB (magic {magic:#x})"]
    pos, doc, bin_chunk = 12, None, b""
    while pos + 8 <= min(length, len(data)):
        clen, ctype = struct.unpack_from("<II", data, pos)
        chunk = data[pos + 8:pos + 8 + clen]
        if ctype == 0x4E4F534A and doc is None:
            doc = json.loads(chunk.decode("utf-8"))
        elif ctype == 0x004E4942 and not bin_chunk:
            bin_chunk = chunk
        pos += 8 + clen
    if doc is None:
        return ["GLB without a JSON chunk"]
    return scan_gltf_doc(doc, path, bin_chunk)


def scan_gltf(path):
    with open(path, "rb") as f:
        doc = json.loads(f.read().decode("utf-8"))
    return scan_gltf_doc(doc, path, b"")


ARRAY_FORMATS = {"f": ("f", 4), "d": ("d", 8), "l": ("q", 8), "i": ("i", 4), "b": ("B", 1)}
SCALAR_SIZES = {"Y": 2, "C": 1, "I": 4, "L": 8, "F": 4, "D": 8}


def fbx_props(data, pos, count, where, out):
    for p in range(count):
        t = chr(data[pos])
        pos += 1
        if t in SCALAR_SIZES:
            size = SCALAR_SIZES[t]
            if t in "FD":
                (v,) = struct.unpack_from("<f" if t == "F" else "<d", data, pos)
                if not math.isfinite(v):
                    out.append(f"{where} property {p} ({t}) = {v}")
            pos += size
        elif t in ARRAY_FORMATS:
            n, enc, clen = struct.unpack_from("<III", data, pos)
            pos += 12
            raw = data[pos:pos + clen]
            pos += clen
            if t in "fd":
                fmt, size = ARRAY_FORMATS[t]
                body = zlib.decompress(raw) if enc == 1 else raw
                vals = struct.unpack_from(f"<{n}{fmt}", body, 0)
                for i, v in enumerate(vals):
                    if not math.isfinite(v):
                        out.append(f"{where} property {p} ({t}[{i}] of {n}) = {v}")
                        break
        elif t in "SR":
            (n,) = struct.unpack_from("<I", data, pos)
            pos += 4 + n
        else:
            out.append(f"{where}: unknown FBX property type {t!r}")
            return pos, False
    return pos, True


def fbx_records(data, pos, end, wide, path_names, out):
    head = 25 if wide else 13
    while pos + head <= end:
        if wide:
            rec_end, nprops, _plen = struct.unpack_from("<QQQ", data, pos)
        else:
            rec_end, nprops, _plen = struct.unpack_from("<III", data, pos)
        if rec_end == 0:  # NULL record closing a list
            return
        name_len = data[pos + head - 1]
        name = data[pos + head:pos + head + name_len].decode("latin-1")
        where = "/".join(path_names + [name])
        ppos, ok = fbx_props(data, pos + head + name_len, nprops, where, out)
        if not ok:
            return
        if ppos < rec_end:
            fbx_records(data, ppos, rec_end, wide, path_names + [name], out)
        pos = rec_end


def scan_fbx(path):
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(b"Kaydara FBX Binary  \x00"):
        text = data.decode("latin-1")
        return [f"ASCII FBX token {m.group(0)!r}" for m in re.finditer(r"(?i)\b-?(nan|inf)\b", text)][:1]
    (version,) = struct.unpack_from("<I", data, 23)
    out = []
    fbx_records(data, 27, len(data), version >= 7500, [], out)
    return out


def scan_dae(path):
    with open(path, "r", encoding="utf-8", errors="replace") as f:
        text = f.read()
    body = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    m = re.search(r"(?i)(?<![\w.])-?(nan|inf|infinity)(?![\w.])", body)
    return [f"token {m.group(0)!r} near offset {m.start()}"] if m else []


SCANNERS = {".glb": scan_glb, ".gltf": scan_gltf, ".fbx": scan_fbx, ".dae": scan_dae}


def scan_tree(roots):
    findings, count = [], 0
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for name in sorted(files):
                ext = os.path.splitext(name)[1].lower()
                if ext not in SCANNERS or name.startswith("."):
                    continue
                path = os.path.join(dirpath, name)
                count += 1
                try:
                    for f in SCANNERS[ext](path):
                        findings.append(f"{path}: {f}")
                except Exception as e:  # an unreadable output is a finding too
                    findings.append(f"{path}: cannot be read ({e})")
    return findings, count


def planted_glb(value):
    doc = {"asset": {"version": "2.0"}, "buffers": [{"byteLength": 12}],
           "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 12}],
           "accessors": [{"bufferView": 0, "componentType": 5126, "count": 1, "type": "VEC3"}]}
    text = json.dumps(doc).encode()
    text += b" " * (-len(text) % 4)
    binary = struct.pack("<3f", 1.0, value, 2.0)
    body = struct.pack("<II", len(text), 0x4E4F534A) + text + struct.pack("<II", 12, 0x004E4942) + binary
    return struct.pack("<III", 0x46546C67, 2, 12 + len(body)) + body


def planted_fbx(value, compressed):
    arr = struct.pack("<3d", 0.0, value, 1.0)
    payload = zlib.compress(arr) if compressed else arr
    props = b"d" + struct.pack("<III", 3, 1 if compressed else 0, len(payload)) + payload
    props += b"D" + struct.pack("<d", 0.5)
    name = b"KeyValueDouble"
    head_len = 13 + len(name)
    rec_end = 27 + head_len + len(props)
    rec = struct.pack("<III", rec_end, 2, len(props)) + bytes([len(name)]) + name + props
    return b"Kaydara FBX Binary  \x00\x1a\x00" + struct.pack("<I", 7400) + rec + b"\x00" * 13


def self_test(tmp):
    os.makedirs(tmp, exist_ok=True)
    cases = {
        "nan.glb": (planted_glb(float("nan")), True),
        "inf.glb": (planted_glb(float("inf")), True),
        "fine.glb": (planted_glb(0.25), False),
        "nan_zlib.fbx": (planted_fbx(float("nan"), True), True),
        "inf_raw.fbx": (planted_fbx(float("-inf"), False), True),
        "fine.fbx": (planted_fbx(3.0, True), False),
    }
    ok = True
    for name, (data, expect) in cases.items():
        path = os.path.join(tmp, name)
        with open(path, "wb") as f:
            f.write(data)
        found = bool(SCANNERS[os.path.splitext(name)[1]](path))
        if found != expect:
            print(f"self-test: {name}: expected {'a finding' if expect else 'none'}, got {found}")
            ok = False
    return ok


def main(argv):
    args = argv[1:]
    clean = None
    if len(args) >= 2 and args[0] == "--self-test":
        if not self_test(args[1]):
            return 1
        args = args[2:]
    if len(args) >= 2 and args[0] == "--clean":
        clean, args = args[1], args[2:]
    findings, count = scan_tree(args)
    if clean:
        shutil.rmtree(clean, ignore_errors=True)
    for f in findings:
        print(f"non-finite output: {f}")
    print(f"scanned {count} glTF/FBX/Collada outputs under {' '.join(args)}: "
          f"{len(findings)} with NaN or Inf")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
