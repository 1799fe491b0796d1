#!/usr/bin/env python3
"""Stands in for `ripkit` in the add-on's operator tests: `convert SRC OUT ...`
copies SRC (a .glb made by make_glb.py) and its .wav to OUT, and appends its
arguments to $FAKE_RIPKIT_LOG (one JSON list a line). A SRC whose name holds
"broken" fails the way ripkit does: one `ripkit:` line on stderr, status 1."""
import json
import os
import shutil
import sys

args = sys.argv[1:]
log = os.environ.get("FAKE_RIPKIT_LOG")
if log:
    with open(log, "a") as f:
        f.write(json.dumps(args) + "\n")
if len(args) < 3 or args[0] != "convert":
    sys.stderr.write("ripkit: usage: convert FILE OUT\n")
    sys.exit(2)
src, out = args[1], args[2]
if "broken" in os.path.basename(src):
    sys.stderr.write("ripkit: note: this line is not the error\n")
    sys.stderr.write("ripkit: %s: offset 0x10 (16): bad value: expected a frame count below 10000\n"
                     % src)
    sys.exit(1)
shutil.copyfile(src, out)
wav = os.path.splitext(src)[0] + ".wav"
if os.path.exists(wav):
    shutil.copyfile(wav, os.path.splitext(out)[0] + ".wav")
print(out)
