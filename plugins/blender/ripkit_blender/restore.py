# Puts back what Blender's glTF importer drops from a ripkit .glb (see
# docs/architecture.md "Metadata conventions"):
#   - scene frame rate and frame range (scene extras frame_rate/frame_count),
#     keys moved so the game's time 0 is `first_frame`, actions' frame ranges;
#   - the world colour from scene extras backdrop_rgb (backdrop.py);
#   - the imported action active on every animated object (NLA stashes fixed);
#   - camera lens keys from camera extras yfov_times/yfov_values, the render
#     aspect from the camera's aspectRatio, the scene camera;
#   - face texture switching (material extras ripkit_texture_switch) as an
#     image-per-frame node setup driven by the value-track node's location.x;
#   - the scene's sound (<stem>.wav next to the glb) as a sound strip;
#   - node extras `<key>_json` (arrays/objects ripkit writes as JSON text so
#     Assimp can copy the file) as custom property `<key>` with the value.
# Runs inside the glTF importer (extension.py hooks), so it knows exactly
# which Blender object/bone/material each glTF node/material became.
import json
import math
import os
import tempfile

import bpy

from . import backdrop, compat
from .glb import Glb

FACE_MODES = (
    ("DRIVER", "Driver", "Face images follow the track object's X location through a driver"),
    ("KEYS", "Keyframes", "Face images are keyframed on the material (the track keys, copied)"),
    ("NONE", "None", "Leave the face materials as the glTF importer made them"),
)


class Settings:
    """What the restore step does; the operator fills it, plain glTF imports
    use the add-on preference defaults."""

    def __init__(self, first_frame=1, set_scene=True, faces="DRIVER", sound=True, collection=""):
        self.first_frame = first_frame
        self.set_scene = set_scene  # frame rate/range, scene camera, render aspect
        self.faces = faces
        self.sound = sound
        self.collection = collection  # "" = leave objects where the importer put them


def is_ripkit(extras):
    return isinstance(extras, dict) and "format" in extras and (
        "frame_rate" in extras or "item" in extras or "units" in extras)


def _positive(value, limit):
    try:
        v = float(value)
    except (TypeError, ValueError):
        return 0.0
    return v if 0.0 < v <= limit else 0.0


def scene_rate(extras, animations=()):
    """Playback rate: scene extras frame_rate (the convention), else `fps`,
    else the first animation's extras frame_rate; 0 when none says."""
    for key in ("frame_rate", "fps"):
        rate = _positive(extras.get(key), 1000.0)
        if rate:
            return rate
    for anim in animations:
        rate = _positive((anim.get("extras") or {}).get("frame_rate"), 1000.0)
        if rate:
            return rate
    return 0.0


def scene_frame_count(extras, animations=()):
    """Frames in the scene: extras frame_count (the convention), else an
    integer `frames` in the scene's or first animation's extras; 0 if none."""
    sources = [extras] + [(a.get("extras") or {}) for a in animations[:1]]
    for key in ("frame_count", "frames"):
        for ex in sources:
            value = ex.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                return value
    return 0


JSON_SUFFIX = "_json"


def decoded_node_extras(extras):
    """{key: value} of every node extra `<key>_json` holding JSON text (the
    convention for arrays and objects in node extras); text that does not
    parse is left alone."""
    out = {}
    for key, text in (extras or {}).items():
        if not (isinstance(text, str) and key.endswith(JSON_SUFFIX) and len(key) > len(JSON_SUFFIX)):
            continue
        try:
            out[key[:-len(JSON_SUFFIX)]] = json.loads(text)
        except ValueError:
            pass
    return out


# Keys closer than this many frames are one key to Blender 3.6+ (FCurve.update(),
# which its glTF importer calls, keeps one of them); the import spaces the
# file's keys at least twice this far apart.
MERGED_KEYS = 0.01
MAX_FPS = 32767  # RenderSettings.fps


def import_fps(fps, smallest_gap):
    """The whole frame rate to import at: `fps`, or more when the file has keys
    closer than 2 * MERGED_KEYS frames at `fps` (a jump written as two keys a
    fraction of a millisecond apart), so that none is merged away."""
    if smallest_gap > 0.0 and smallest_gap * fps < 2 * MERGED_KEYS:
        fps = min(MAX_FPS, max(fps, int(math.ceil(2 * MERGED_KEYS / smallest_gap))))
    return fps


def apply_rate(scene, rate):
    """Sets the scene rate: the nearest whole fps, and fps_base for the rest."""
    fps = max(1, int(round(rate)))
    scene.render.fps = fps
    scene.render.fps_base = fps / rate


class Restorer:
    def __init__(self, gltf_path, settings, report):
        self.path = gltf_path
        self.glb = Glb.load(gltf_path)
        self.settings = settings
        self.report = report  # report(level, message)
        self.extras = self.glb.scene_extras()
        self.rate = scene_rate(self.extras, self.glb.animations)
        self.import_fps = None  # set by before_import
        self.scene_fps = None   # the scene's (fps, fps_base), put back after the import
        self.node_objects = {}  # glTF node index -> bpy object
        self.node_bones = {}    # glTF node index -> (armature object, bone name)
        self.materials = {}     # glTF material index -> [bpy materials]
        self.camera_objects = {}  # glTF camera index -> bpy object

    # -- called by the importer hooks ------------------------------------
    def before_import(self, scene):
        if self.rate and self.settings.set_scene:
            apply_rate(scene, self.rate)
        else:  # keys follow the scene's own rate
            self.rate = float(scene.render.fps) / scene.render.fps_base
        # The glTF importer turns seconds into frames with fps (3.4) or
        # fps * fps_base (4.x, 5.x), neither the true rate fps / fps_base
        # when fps_base is not 1; with fps_base 1 during the import both give
        # fps, which retime_actions scales to the rate.
        self.scene_fps = (scene.render.fps, scene.render.fps_base)
        self.import_fps = import_fps(scene.render.fps, self.glb.smallest_key_gap())
        scene.render.fps = self.import_fps
        scene.render.fps_base = 1.0

    def after_import(self, scene):
        if self.scene_fps is not None:
            scene.render.fps, scene.render.fps_base = self.scene_fps
        steps = (("node extras", self.restore_node_extras),
                 ("frames", self.retime_actions), ("scene", self.set_scene),
                 ("backdrop", self.set_backdrop),
                 ("cameras", self.restore_cameras), ("faces", self.restore_faces),
                 ("sound", self.restore_sound), ("collection", self.gather_collection))
        for name, step in steps:
            try:
                step(scene)
            except Exception as e:  # the importer swallows hook errors; say it
                self.report("WARNING", "ripkit restore (%s) failed: %s" % (name, e))

    # -- node extras ------------------------------------------------------
    def restore_node_extras(self, scene):
        """The glTF importer copied node extras onto the object, or onto the
        bone and pose bone of a joint; `<key>_json` becomes `<key>` again. A
        value Blender cannot hold (e.g. an integer past 32 bits) keeps its text."""
        for index, node in enumerate(self.glb.json.get("nodes", [])):
            values = decoded_node_extras(node.get("extras"))
            if not values:
                continue
            holders = [self.node_objects[index]] if index in self.node_objects else []
            if index in self.node_bones:
                arma, bone = self.node_bones[index]
                holders += [h for h in (arma.data.bones.get(bone), arma.pose.bones.get(bone)) if h]
            for holder in holders:
                for key, value in values.items():
                    try:
                        holder[key] = value
                    except (TypeError, ValueError, OverflowError):
                        continue
                    if key + JSON_SUFFIX in holder:
                        del holder[key + JSON_SUFFIX]

    # -- time -------------------------------------------------------------
    def frame_of(self, seconds):
        return self.settings.first_frame + seconds * self.rate

    def new_actions(self):
        """(object, action, NLA track or None, slot or None) for every
        imported object's stashed and active actions."""
        seen = []
        for obj in self.all_objects():
            ad = obj.animation_data
            if not ad:
                continue
            for track in ad.nla_tracks:
                for strip in track.strips:
                    if strip.action:
                        seen.append((obj, strip.action, track, compat.strip_slot(strip)))
            if ad.action and not any(o is obj and a is ad.action for o, a, _, _ in seen):
                seen.append((obj, ad.action, None, None))
        return seen

    def all_objects(self):
        objs = list(self.node_objects.values())
        for arma, _ in self.node_bones.values():
            if arma not in objs:
                objs.append(arma)
        for obj in self.camera_objects.values():
            if obj not in objs:
                objs.append(obj)
        return objs

    def animation_spans(self):
        """Track name -> (first, last) key time in seconds per glTF animation."""
        spans = {}
        for i, anim in enumerate(self.glb.animations):
            times = []
            for sampler in anim.get("samplers", []):
                acc = self.glb.json["accessors"][sampler["input"]]
                if "max" in acc and "min" in acc:
                    times += [acc["min"][0], acc["max"][0]]
                else:
                    times += [r[0] for r in self.glb.accessor(sampler["input"])]
            if times:
                spans[anim.get("name") or "Animation_%d" % i] = (min(times), max(times))
        return spans

    def retime_actions(self, scene):
        """Moves the importer's keys (time * integer fps) to first_frame +
        time * rate, gives each action the frame range of its animation and
        makes the first animation's action active where the importer left none."""
        scale = self.rate / float(self.import_fps or self.rate)
        offset = self.settings.first_frame
        spans = self.animation_spans()
        done = set()
        items = self.new_actions()
        for obj, action, track, slot in items:
            if action.name in done:
                continue
            done.add(action.name)
            for fc in compat.action_fcurves(action):
                for kp in fc.keyframe_points:
                    kp.co.x = offset + kp.co.x * scale
                    kp.handle_left.x = offset + kp.handle_left.x * scale
                    kp.handle_right.x = offset + kp.handle_right.x * scale
                compat.settle_keys(fc)
            span = spans.get(track.name if track else "", None)
            if span is None:
                lo, hi = action.frame_range
            else:
                lo, hi = self.frame_of(span[0]), self.frame_of(span[1])
            action.use_frame_range = True
            action.frame_start = lo
            action.frame_end = max(hi, lo + 1) if hi <= lo else hi
        # NLA strips were made before the keys moved: remake them.
        for obj, action, track, slot in items:
            if track is None:
                continue
            for strip in list(track.strips):
                if strip.action is action:
                    name = strip.name
                    track.strips.remove(strip)
                    compat.new_nla_strip(track, name, int(math.floor(action.frame_start)), action, slot)
        self.activate_first_animation(items)

    def activate_first_animation(self, items):
        anims = self.glb.animations
        first = (anims[0].get("name") or "Animation_0") if anims else None
        for obj in self.all_objects():
            ad = obj.animation_data
            if not ad or ad.action or not ad.nla_tracks:
                continue
            chosen = None
            for track in ad.nla_tracks:
                if track.name == first and track.strips:
                    chosen = track.strips[0]
            if chosen is None:
                top = ad.nla_tracks[-1]
                chosen = top.strips[0] if top.strips else None
            if chosen is not None:
                compat.assign_action(ad, chosen.action, compat.strip_slot(chosen))

    def set_scene(self, scene):
        if not self.settings.set_scene:
            return
        first = self.settings.first_frame
        count = scene_frame_count(self.extras, self.glb.animations)
        if count:
            last = first + count - 1
        else:
            ends = [a.frame_end for _, a, _, _ in self.new_actions()]
            last = int(math.ceil(max(ends) - 1e-6)) if ends else first
        scene.frame_start = first
        scene.frame_end = max(first, last)
        scene.frame_current = first
        for key in ("format", "item", "frame_rate", "frame_count", "units", "axes"):
            if key in self.extras:
                value = self.extras[key]
                small = isinstance(value, (float, str)) or (
                    isinstance(value, int) and -2**31 <= value < 2**31)  # IDProperty ints are 32-bit
                scene["ripkit_" + key] = value if small else str(value)

    def set_backdrop(self, scene):
        if self.settings.set_scene:
            backdrop.apply(scene, self.extras)

    # -- cameras ----------------------------------------------------------
    def restore_cameras(self, scene):
        for index, obj in self.camera_objects.items():
            info = self.glb.cameras[index]
            persp = info.get("perspective", {})
            cam = obj.data
            extras = info.get("extras", {}) or {}
            times = extras.get("yfov_times") or []
            values = extras.get("yfov_values") or []
            cam.sensor_fit = "VERTICAL"
            if "yfov" in persp:
                cam.lens = lens_of(cam, persp["yfov"])
            if times and len(times) == len(values):
                self.key_lens(cam, times, values)
            elif times:
                self.report("WARNING", "camera %d: %d yfov_times but %d yfov_values"
                            % (index, len(times), len(values)))
            if self.settings.set_scene:
                if scene.camera is None or index == 0:
                    scene.camera = obj
                aspect = persp.get("aspectRatio")
                if aspect and index == 0 and 0.05 < aspect < 20:
                    scene.render.resolution_x = max(4, int(round(scene.render.resolution_y * aspect)))
                    scene.render.pixel_aspect_x = scene.render.pixel_aspect_y = 1.0

    def key_lens(self, cam, times, values):
        fc = compat.new_fcurve(cam, "lens", 0, cam.name + "_lens")
        fc.keyframe_points.add(len(times))
        for kp, t, fov in zip(fc.keyframe_points, times, values):
            kp.co = (self.frame_of(float(t)), lens_of(cam, float(fov)))
            kp.interpolation = "CONSTANT"  # the games switch the field of view
        compat.settle_keys(fc)
        cam.lens = lens_of(cam, float(values[0]))

    # -- faces --------------------------------------------------------------
    def restore_faces(self, scene):
        if self.settings.faces == "NONE":
            return
        image_cache = {}
        with tempfile.TemporaryDirectory(prefix="ripkit_faces_") as tmp:
            for index, gmat in enumerate(self.glb.materials):
                switch = (gmat.get("extras") or {}).get("ripkit_texture_switch")
                if not switch:
                    continue
                images = [self.texture_image(t, tmp, image_cache) for t in switch.get("textures", [])]
                if not images or any(i is None for i in images):
                    self.report("WARNING", "material %s: texture switch lists a texture the "
                                "file does not embed" % gmat.get("name", index))
                    continue
                for mat in self.materials.get(index, []):
                    FaceSwitch(self, mat, images, switch).build()

    def texture_image(self, texture_index, tmp, cache):
        if not isinstance(texture_index, int):
            return None
        try:
            source = self.glb.texture_image(texture_index)
            if source is None:
                return None
            if source in cache:
                return cache[source]
            data, mime = self.glb.image_bytes(source)
        except (IndexError, KeyError):
            return None
        name = self.glb.json["images"][source].get("name") or "ripkit_texture_%d" % texture_index
        path = os.path.join(tmp, "%d.%s" % (source, "jpg" if "jpeg" in mime else "png"))
        with open(path, "wb") as f:
            f.write(data)
        img = bpy.data.images.load(path)
        img.name = name
        img.pack()
        img.filepath = ""
        cache[source] = img
        return img

    def track_target(self, switch):
        """(object or None, keys, interpolation) of the switch's value track."""
        node = switch.get("track_node")
        if not isinstance(node, int):
            name = switch.get("track_node_name")
            node = next((i for i, n in enumerate(self.glb.nodes) if n.get("name") == name), None)
        if node is None:
            return None, [], "STEP"
        found = self.glb.track_keys(node)
        keys, interp = found if found else ([], "STEP")
        return self.node_objects.get(node), keys, interp

    # -- sound --------------------------------------------------------------
    def restore_sound(self, scene):
        if not self.settings.sound:
            return
        audio = self.extras.get("audio")
        sibling = os.path.splitext(os.path.abspath(self.path))[0] + ".wav"
        if not isinstance(audio, dict):
            # ripkit writes <stem>.wav whenever the scene has audio.
            if not os.path.isfile(sibling):
                return
            audio = {}
        name = audio.get("file") or os.path.basename(sibling)
        folder = os.path.dirname(os.path.abspath(self.path))
        wav = os.path.join(folder, os.path.basename(str(name)))
        if not os.path.isfile(wav):  # renamed since export: <glb stem>.wav
            wav = sibling
        if not os.path.isfile(wav):
            self.report("WARNING", "the scene has audio but %s is missing" % wav)
            return
        start = int(audio.get("start_frame", 0) or 0)
        editor = scene.sequence_editor or scene.sequence_editor_create()
        label = str(self.extras.get("format", "ripkit")) + " audio"
        strip = compat.top_strips(editor).new_sound(label, wav, channel=1 + _busy_channel(editor),
                                           frame_start=self.settings.first_frame + start)
        strip.sound.pack()
        strip.sound.name = label
        compat.show_in_sequencer(bpy.context, scene)
        scene.sync_mode = "AUDIO_SYNC"
        scene["ripkit_audio_rate"] = int(audio.get("rate", 0) or 0)

    def gather_collection(self, scene):
        if not self.settings.collection:
            return
        coll = bpy.data.collections.new(self.settings.collection)
        scene.collection.children.link(coll)
        moved = set()
        for obj in self.all_objects():
            if obj.name in moved:
                continue
            moved.add(obj.name)
            for old in list(obj.users_collection):
                old.objects.unlink(obj)
            coll.objects.link(obj)


def _busy_channel(editor):
    return max((s.channel for s in compat.all_strips(editor)), default=0)


def lens_of(cam, yfov):
    """Focal length (mm) giving vertical field of view `yfov` (radians) with
    the camera's sensor fitted vertically."""
    yfov = min(max(float(yfov), 1e-4), math.pi - 1e-4)
    return cam.sensor_height / (2.0 * math.tan(yfov / 2.0))


class FaceSwitch:
    """Image Texture per switch entry, picked by a Value node that follows the
    track: Compare(value, k) drives a Mix between entry k and the entries
    before it, for colour and alpha alike."""

    def __init__(self, restorer, mat, images, switch):
        self.r = restorer
        self.mat = mat
        self.images = images
        self.switch = switch

    def build(self):
        tree = self.mat.node_tree
        if tree is None:
            return
        tex = self.base_texture_node(tree)
        if tex is None:
            self.r.report("WARNING", "material %s has no base colour image to switch" % self.mat.name)
            return
        value = tree.nodes.new("ShaderNodeValue")
        value.name = value.label = "ripkit face frame"
        value.location = (tex.location.x - 900, tex.location.y + 200)
        color, alpha = self.chain(tree, tex, value)
        for link in list(tree.links):
            if link.from_node == tex:
                target = link.to_socket
                out = color if link.from_socket.name == "Color" else alpha
                tree.links.remove(link)
                tree.links.new(out, target)
        self.mat["ripkit_face_images"] = [i.name for i in self.images]
        self.hook(value)

    def base_texture_node(self, tree):
        texs = [n for n in tree.nodes if n.type == "TEX_IMAGE"]
        linked = [n for n in texs if any(l.from_node == n for l in tree.links)]
        for n in linked:
            if n.image in self.images:
                return n
        return linked[0] if linked else None

    def chain(self, tree, tex, value):
        vector = next((l.from_socket for l in tree.links if l.to_node == tex), None)
        nodes = []
        for k, img in enumerate(self.images):
            n = tree.nodes.new("ShaderNodeTexImage")
            n.image = img
            n.interpolation = tex.interpolation
            n.extension = tex.extension
            n.label = "face %d" % k
            n.location = (tex.location.x - 600, tex.location.y - 280 * k)
            if vector is not None:
                tree.links.new(vector, n.inputs["Vector"])
            nodes.append(n)
        color, alpha = nodes[0].outputs["Color"], nodes[0].outputs["Alpha"]
        for k in range(1, len(nodes)):
            cmp = tree.nodes.new("ShaderNodeMath")
            cmp.operation = "COMPARE"
            cmp.inputs[1].default_value = float(k)
            cmp.inputs[2].default_value = 0.5
            cmp.location = (tex.location.x - 300, tex.location.y - 280 * k + 120)
            tree.links.new(value.outputs[0], cmp.inputs[0])
            color = _mix(tree, "RGBA", cmp.outputs[0], color, nodes[k].outputs["Color"])
            alpha = _mix(tree, "FLOAT", cmp.outputs[0], alpha, nodes[k].outputs["Alpha"])
        tex.mute = True
        tex.label = "glTF image (replaced by ripkit face switch)"
        return color, alpha

    def hook(self, value):
        obj, keys, interp = self.r.track_target(self.switch)
        mode = self.r.settings.faces
        socket = value.outputs[0]
        if mode == "DRIVER" and obj is not None and self.track_reproduced(obj, keys):
            fc = socket.driver_add("default_value")
            drv = fc.driver
            drv.type = "AVERAGE"
            var = drv.variables.new()
            var.name = "frame"
            var.type = "SINGLE_PROP"
            var.targets[0].id_type = "OBJECT"
            var.targets[0].id = obj
            var.targets[0].data_path = "location[0]"
            self.mat["ripkit_face_track"] = obj.name
            return
        if mode == "DRIVER":
            self.r.report("INFO", "material %s: face track keyed on the material (no plain track "
                          "object to drive from)" % self.mat.name)
        if not keys:
            return
        path = 'nodes["%s"].outputs[0].default_value' % value.name
        fc = compat.new_fcurve(self.mat.node_tree, path, 0, self.mat.name + "_faces")
        fc.keyframe_points.add(len(keys))
        for kp, (t, row) in zip(fc.keyframe_points, keys):
            kp.co = (self.r.frame_of(t), row[0])
            kp.interpolation = "CONSTANT" if interp == "STEP" else "LINEAR"
        compat.settle_keys(fc)
        self.mat["ripkit_face_track"] = self.switch.get("track_node_name", "")

    def track_reproduced(self, obj, keys):
        """True when the object's location.x curve gives the track's values at
        its key times (it would not under a bone's rest rotation)."""
        fc = compat.find_fcurve(obj, "location", 0)
        if fc is None:
            return not keys and abs(obj.location.x) < 1e-6
        for t, row in keys:
            if abs(fc.evaluate(self.r.frame_of(t)) - row[0]) > 1e-3:
                return False
        return True


def _mix(tree, data_type, fac, a, b):
    try:
        mix = tree.nodes.new("ShaderNodeMix")  # Blender 3.4+
        mix.data_type = data_type
        ins = [s for s in mix.inputs if s.enabled]
        outs = [s for s in mix.outputs if s.enabled]
        tree.links.new(fac, ins[0])
        tree.links.new(a, ins[1])
        tree.links.new(b, ins[2])
        mix.location = (b.node.location.x + 300, b.node.location.y)
        return outs[0]
    except RuntimeError:
        pass
    if data_type == "RGBA":
        mix = tree.nodes.new("ShaderNodeMixRGB")
        tree.links.new(fac, mix.inputs[0])
        tree.links.new(a, mix.inputs[1])
        tree.links.new(b, mix.inputs[2])
        return mix.outputs[0]
    # a + fac * (b - a) for older Blenders without the float Mix node
    sub = tree.nodes.new("ShaderNodeMath")
    sub.operation = "SUBTRACT"
    tree.links.new(b, sub.inputs[0])
    tree.links.new(a, sub.inputs[1])
    mul = tree.nodes.new("ShaderNodeMath")
    mul.operation = "MULTIPLY_ADD"
    tree.links.new(sub.outputs[0], mul.inputs[0])
    tree.links.new(fac, mul.inputs[1])
    tree.links.new(a, mul.inputs[2])
    return mul.outputs[0]
