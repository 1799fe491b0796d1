# The formats the add-on offers in File > Import > ripkit, and which of the
# converter's options each one takes. Pure Python (no bpy) so the option ->
# command-line mapping can be checked outside Blender.
from dataclasses import dataclass, field


@dataclass(frozen=True)
class FormatSpec:
    key: str              # operator suffix and `ripkit --format-id` value ("" = detect)
    label: str            # menu entry
    extensions: tuple     # filter_glob, lower case, no dot
    options: frozenset = field(default_factory=frozenset)
    description: str = ""


# Option names shared with operators.py (one Blender property each):
#   item      --item N (the format's own item numbering)
#   native    --native
#   skeleton  --skeleton FILE
#   level     --level FILE (Tomb Raider cutscenes: the level with the bodies)
#   names     --names FILE
#   anim      --anim FILE (repeatable; extra animation files)
#   anims     --anims a,b (animation selection)
#   cine      --cine N
#   audio     --audio played|all
#   settings  --set k=v (repeatable)
#   combine   several selected files make one scene: the first (a Skel_Z when
#             one is selected) is the input, the others go in as --anim
FORMATS = (
    FormatSpec(
        key="tr_cutseq",
        label="Tomb Raider 4/5 cutscenes (CUTSEQ.PAK/.BIN)",
        extensions=("pak", "bin"),
        options=frozenset({"item", "native", "skeleton", "level", "settings"}),
        description="Engine cutscene: camera, Lara and actors (item = cutscene number); "
                    "with a level file, the actors' bodies and the rooms",
    ),
    FormatSpec(
        key="tr_level",
        label="Tomb Raider 4/5 levels (.TR4/.TRC)",
        extensions=("tr4", "trc"),
        options=frozenset({"item", "native", "settings"}),
        description="A moveable's skinned, textured body (item = slot), or the rooms (item 10000)",
    ),
    FormatSpec(
        key="rugrats_cine",
        label="Rugrats: Search for Reptar cinematics (PS1 .STR/.BIN)",
        extensions=("str", "bin", "xa"),
        options=frozenset({"item", "native", "cine", "audio", "settings"}),
        description="In-engine cinematic: camera, actors, face frames and XA sound",
    ),
    FormatSpec(
        key="zouna",
        label="Asobo Zouna animation (Animation_Z/Skel_Z/.DPC)",
        extensions=("animation_z", "skel_z", "materialanim_z", "dpc"),
        options=frozenset({"item", "native", "skeleton", "names", "anim", "combine",
                           "settings"}),
        description="Zouna engine skeletal animation (raw objects, BFF0, LZRS, BigFile)",
    ),
    FormatSpec(
        key="pikachu",
        label="Hey You, Pikachu! models (N64 .z64/.n64/.v64)",
        extensions=("z64", "n64", "v64"),
        options=frozenset({"item", "native", "anims", "settings"}),
        description="N64 model with skin, textures and animation banks",
    ),
    FormatSpec(
        key="",
        label="Any ripkit format (detect)",
        extensions=("pak", "bin", "tr4", "trc", "str", "xa", "dpc", "animation_z", "skel_z",
                    "materialanim_z", "z64", "n64", "v64"),
        options=frozenset({"item", "native", "skeleton", "level", "names", "anim", "anims", "cine",
                           "audio", "settings"}),
        description="Let ripkit detect the format from the file's content",
    ),
)


def split_list(text, seps=";,"):
    """'a; b,c' -> ['a', 'b', 'c'] (empty parts dropped)."""
    out, cur = [], ""
    for ch in text:
        if ch in seps:
            if cur.strip():
                out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def convert_args(spec, values, source, out_glb):
    """The `ripkit convert` argument list (without the executable) for one file.

    `values` maps option names above to the operator's values; options the
    format does not take are ignored, empty ones are left out."""
    args = ["convert", source, out_glb]
    opts = spec.options
    if spec.key:
        args += ["--format-id", spec.key]
    item = str(values.get("item", "")).strip()
    if "item" in opts and item and item != "-1":
        args += ["--item", item]
    if "native" in opts and values.get("native"):
        args.append("--native")
    for name in ("skeleton", "level", "names"):
        if name in opts and values.get(name):
            args += ["--" + name, values[name]]
    if "anim" in opts:
        for path in split_list(values.get("anim", ""), seps=";"):
            args += ["--anim", path]
    if "anims" in opts and values.get("anims", "").strip():
        args += ["--anims", ",".join(split_list(values["anims"]))]
    if "cine" in opts and values.get("cine", -1) >= 0:
        args += ["--cine", str(values["cine"])]
    if "audio" in opts and values.get("audio"):
        args += ["--audio", values["audio"]]
    if "settings" in opts:
        for kv in split_list(values.get("settings", ""), seps=";"):
            args += ["--set", kv]
    return args


def combine_sources(sources):
    """(input, [extra animation files]) for a combined import: a Skel_Z among
    the selection is the input, else the first file."""
    skel = [s for s in sources if "skel_z" in s.lower()]
    first = skel[0] if skel else sources[0]
    return first, [s for s in sources if s != first]
