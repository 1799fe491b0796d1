# The formats the add-on offers in File > Import > ripkit and File > Export >
# ripkit, and which of the converter's options each one takes. Everything format-specific comes from
# schema.json, which the build writes into the add-on with
# `ripkit formats --json` (each format's settings, options and assumptions as
# the converter declares them), so the add-on never keeps its own list.
# Pure Python (no bpy) so the option -> command-line mapping can be checked
# outside Blender.
import json
import os
from dataclasses import dataclass, field

SCHEMA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "schema.json")

# Options every format takes (one Blender property each), besides its own:
#   item      --item N (the format's own item numbering)
#   native    --native
#   settings  --set k=v (repeatable); the help lists the format's keys
#   combine   several selected files make one scene: the first (a Skel_Z when
#             one is selected) is the input, the others go in as --anim
#             (offered when the format takes --anim)
GENERIC = ("item", "native")


@dataclass(frozen=True)
class FormatSpec:
    key: str              # operator suffix and `ripkit --format-id` value ("" = detect)
    label: str            # menu entry
    extensions: tuple     # filter_glob, lower case, no dot
    options: tuple = ()   # every option name the operator shows, in order
    # name -> the schema's option entry ({"key", "type", "choices", "default", ...}),
    # with "meanings": [(format id, meaning), ...]
    option_defs: dict = field(default_factory=dict)
    settings_help: str = ""  # the --set keys the format takes, for the Overrides tooltip
    description: str = ""


def load_schema(path=SCHEMA_PATH):
    with open(path, encoding="utf-8") as f:
        schema = json.load(f)
    if schema.get("ripkit_schema") != 1:
        raise ValueError("%s: not a ripkit schema (version 1)" % path)
    return schema["formats"]


def _settings_help(fmt, with_id=False):
    parts = []
    for s in fmt["settings"]:
        text = "%s = %s" % (s["key"], s["accepted"])
        default = s.get("default") or s.get("default_text")
        if default:
            text += " (default %s)" % default
        parts.append(text)
    body = "; ".join(parts) if parts else "none"
    return ("%s: %s" % (fmt["id"], body)) if with_id else body


def _merge_option(defs, fmt, opt):
    entry = defs.get(opt["key"])
    if entry is None:
        entry = dict(opt, meanings=[])
        defs[opt["key"]] = entry
    entry["meanings"].append((fmt["id"], opt["meaning"]))


def _spec(key, label, extensions, fmts, description):
    defs = {}
    for fmt in fmts:
        for opt in fmt["options"]:
            _merge_option(defs, fmt, opt)
    names = list(GENERIC) + list(defs)
    if "anim" in defs:
        names.append("combine")
    names.append("settings")
    many = len(fmts) > 1
    head = "Format settings key=value, separated by ';' (ripkit --set). "
    help_text = head + " | ".join(_settings_help(f, with_id=many) for f in fmts)
    return FormatSpec(key=key, label=label, extensions=tuple(extensions), options=tuple(names),
                      option_defs=defs, settings_help=help_text, description=description)


def make_specs(schema_formats):
    """One spec per format in the schema, then the detecting one over all of them."""
    specs = []
    every_ext = []
    for fmt in schema_formats:
        exts = [e.lower() for e in fmt["extensions"]]
        every_ext += [e for e in exts if e not in every_ext]
        label = "%s (%s)" % (fmt["name"], ", ".join("." + e for e in exts))
        specs.append(_spec(fmt["entry"], label, exts, [fmt], fmt["name"]))
    specs.append(_spec("", "Any ripkit format (detect)", every_ext, schema_formats,
                       "Let ripkit detect the format from the file's content"))
    return tuple(specs)


FORMATS = make_specs(load_schema())


@dataclass(frozen=True)
class ExportSpec:
    key: str              # operator suffix (the format's entry)
    format_id: str        # `ripkit convert --format`
    label: str            # menu entry
    summary: str          # the operator's description
    extension: str        # a new file's, with its dot (".PAK")
    extensions: tuple     # filter_glob, lower case, no dot
    # name -> the schema's entry: the encoder's options (ripkit --<name>), then
    # the format settings the encoder writes with (ripkit --set <name>=...)
    option_defs: dict = field(default_factory=dict)
    setting_defs: dict = field(default_factory=dict)
    takes_start: bool = False  # --set start: the scene's first frame, in seconds
    settings_help: str = ""


# The host gives this one: the scene time of the game's frame 0.
START = "start"


def make_export_specs(schema_formats):
    """One spec per format whose schema has an "encoder" (what it writes)."""
    specs = []
    for fmt in schema_formats:
        enc = fmt.get("encoder")
        if not enc:
            continue
        by_key = {s["key"]: s for s in fmt["settings"]}
        exts = [e.lower() for e in enc["extensions"]]
        specs.append(ExportSpec(
            key=fmt["entry"], format_id=fmt["id"],
            label="%s (%s)" % (fmt["name"], ", ".join("." + e for e in exts)),
            summary=enc["summary"][:1].upper() + enc["summary"][1:],
            extension="." + enc["extension"], extensions=tuple(exts),
            option_defs={o["key"]: o for o in enc["options"]},
            setting_defs={k: by_key[k] for k in enc["settings"] if k != START},
            takes_start=START in enc["settings"],
            settings_help="Format settings key=value, separated by ';' (ripkit --set). " +
                          _settings_help(fmt)))
    return tuple(specs)


EXPORTS = make_export_specs(load_schema())


def export_args(spec, values, glb, out, start=None):
    """The `ripkit convert SCENE OUT` argument list (without the executable):
    the options and setting fields given (empty ones left out, so the encoder's
    default applies), the scene's start, then the overrides."""
    args = ["convert", glb, out, "--format", spec.format_id]
    for name in spec.option_defs:
        text = str(values.get(name, "")).strip()
        if text:
            args += ["--" + name, text]
    for name in spec.setting_defs:
        text = str(values.get(name, "")).strip()
        if text:
            args += ["--set", "%s=%s" % (name, text)]
    if spec.takes_start and start is not None:
        args += ["--set", "%s=%.9g" % (START, start)]
    for kv in split_list(values.get("settings", ""), seps=";"):
        args += ["--set", kv]
    return args


def filter_glob(extensions):
    """A file browser filter for the extensions in either case: "*.pak;*.PAK"."""
    return ";".join("*." + e for e in extensions) + ";*." + ";*.".join(e.upper() for e in extensions)


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


def unset_value(opt):
    """The property value that means "not given" (the converter's default applies)."""
    if opt["type"] == "integer":
        return -1
    if opt["type"] == "choice":
        return opt.get("default", "")
    return ""


def option_args(opt, value):
    """The command-line words for one schema option's property value."""
    name = "--" + opt["key"]
    if value is None or value == unset_value(opt):
        return []
    if opt["type"] == "integer":
        return [name, str(value)]
    if opt.get("repeatable"):
        out = []
        for item in split_list(str(value), seps=";"):
            out += [name, item]
        return out
    if opt["type"] == "list":
        items = split_list(str(value))
        return [name, ",".join(items)] if items else []
    text = str(value).strip()
    return [name, text] if text else []


def convert_args(spec, values, source, out_glb):
    """The `ripkit convert` argument list (without the executable) for one file.

    `values` maps option names to the operator's values; options the format
    does not take are ignored, unset ones are left out (so the detecting
    operator passes only what the user chose)."""
    args = ["convert", source, out_glb]
    opts = spec.options
    if spec.key:
        args += ["--format-id", spec.key]
    item = str(values.get("item", "")).strip()
    if "item" in opts and item and item != "-1":
        args += ["--item", item]
    if "native" in opts and values.get("native"):
        args.append("--native")
    for name, opt in spec.option_defs.items():
        args += option_args(opt, values.get(name))
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
