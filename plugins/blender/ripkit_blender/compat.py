# Everything the add-on does differently by Blender version, picked by
# bpy.app.version, so the rest of the add-on reads one API. Tested on 3.4
# (Debian 12), 4.3 (Debian 13) and 5.2 (Debian sid); 4.4 and 4.5 take the 5.x
# branches, which call only what the 4.4 API change log lists, untested
# (docs/blender.md, "Blender versions").
#
# Not here because the add-on does not touch them: the Principled BSDF input
# renames of 4.0 (Emission -> Emission Color, ...) and the removal of
# Mesh.use_auto_smooth in 4.1; Blender's own glTF importer builds the materials
# and meshes, and the face switch rewires whatever socket the image fed.
import bpy

VERSION = tuple(bpy.app.version)

# 4.4 slotted actions: an action's F-curves live in channelbags, one per slot
# (per animated ID) in each keyframe strip of each layer, and an ID plays the
# slot its animation data (or NLA strip) names. Action.fcurves only reaches
# the first slot in 4.4-4.5 and is gone in 5.0, and Blender 4.4+'s glTF
# importer puts every object of one glTF animation into one action.
SLOTTED = VERSION >= (4, 4, 0)

# 4.4 renamed the sequencer's Sequence to Strip and SequenceEditor.sequences /
# sequences_all to strips / strips_all (the old names went in 5.0).
STRIPS = VERSION >= (4, 4, 0)

# 5.0: the Video Sequencer edits the workspace's sequencer scene, not the
# window's scene, so a strip added to the imported scene is shown only once that
# scene is the sequencer scene.
SEQUENCER_SCENE = VERSION >= (5, 0, 0)

# 5.0: worlds and materials always use nodes (use_nodes is deprecated).
ALWAYS_NODES = VERSION >= (5, 0, 0)


# -- actions ------------------------------------------------------------------
def action_fcurves(action):
    """Every F-curve of the action, whichever ID (slot) it animates."""
    if not SLOTTED:
        return list(action.fcurves)
    out = []
    for layer in action.layers:
        for strip in layer.strips:
            for bag in getattr(strip, "channelbags", ()):
                out.extend(bag.fcurves)
    return out


def _channelbag(action, slot, ensure=False):
    if slot is None:
        return None
    if ensure and not len(action.layers):
        action.layers.new("Layer")
    for layer in action.layers:
        if ensure and not len(layer.strips):
            layer.strips.new(type="KEYFRAME")
        for strip in layer.strips:
            bag = strip.channelbag(slot, ensure=ensure)
            if bag is not None:
                return bag
    return None


def id_fcurves(idblock):
    """The F-curves that animate `idblock` now (its action, and in 4.4+ the
    slot its animation data names); empty when it has none."""
    ad = getattr(idblock, "animation_data", None)
    if ad is None or ad.action is None:
        return []
    if not SLOTTED:
        return list(ad.action.fcurves)
    bag = _channelbag(ad.action, ad.action_slot)
    return list(bag.fcurves) if bag is not None else []


def find_fcurve(idblock, data_path, index=0):
    return next((fc for fc in id_fcurves(idblock)
                 if fc.data_path == data_path and fc.array_index == index), None)


def new_fcurve(idblock, data_path, index=0, action_name=None):
    """An empty F-curve animating `idblock`.`data_path`[index]: in the ID's
    action (a new one named `action_name` if it has none), in 4.4+ in the slot
    it plays (a new slot for it if none); an existing curve is emptied."""
    ad = idblock.animation_data or idblock.animation_data_create()
    if ad.action is None:
        ad.action = bpy.data.actions.new(action_name or idblock.name)
    action = ad.action
    if not SLOTTED:
        fc = action.fcurves.find(data_path, index=index) or action.fcurves.new(data_path, index=index)
    else:
        if ad.action_slot is None:
            ad.action_slot = action.slots.new(id_type=idblock.id_type, name=idblock.name)
        bag = _channelbag(action, ad.action_slot, ensure=True)
        fc = bag.fcurves.find(data_path, index=index) or bag.fcurves.new(data_path, index=index)
    while len(fc.keyframe_points):
        fc.keyframe_points.remove(fc.keyframe_points[-1], fast=True)
    return fc


# 3.6: FCurve.update() also merges keys closer than 0.01 frame (and
# keyframe_points gained sort / deduplicate / handles_recalc).
MERGING_UPDATE = VERSION >= (3, 6, 0)


def settle_keys(fcurve):
    """Handles recomputed after keys moved in time (order unchanged), keeping
    keys that are a fraction of a frame apart."""
    if MERGING_UPDATE:
        fcurve.keyframe_points.handles_recalc()
    else:
        fcurve.update()


def strip_slot(nla_strip):
    """The slot an NLA strip plays (None before 4.4)."""
    return nla_strip.action_slot if SLOTTED else None


def new_nla_strip(track, name, start, action, slot):
    strip = track.strips.new(name, start, action)
    if SLOTTED and slot is not None:
        strip.action_slot = slot
    return strip


def assign_action(anim_data, action, slot):
    """Makes `action` (and in 4.4+ its `slot`) what the ID plays."""
    anim_data.action = action
    if SLOTTED and slot is not None and anim_data.action_slot != slot:
        anim_data.action_slot = slot


# -- sequencer ----------------------------------------------------------------
def top_strips(editor):
    """The sequencer's top-level strip collection (new_sound lives there)."""
    return editor.strips if STRIPS else editor.sequences


def all_strips(editor):
    """Every strip of the sequencer, meta strips' contents included."""
    return editor.strips_all if STRIPS else editor.sequences_all


def show_in_sequencer(context, scene):
    """5.0+: makes `scene` the sequencer scene of the current workspace when
    that has none, so its sound strip shows in the Video Sequencer (the scene
    plays its sound either way); a sequencer scene the user chose stays."""
    if not SEQUENCER_SCENE:
        return
    workspace = getattr(context, "workspace", None)
    if workspace is not None and workspace.sequencer_scene is None:
        workspace.sequencer_scene = scene


# -- nodes --------------------------------------------------------------------
def world_node_tree(world):
    """The world's node tree, node use switched on where Blender has the switch."""
    if not ALWAYS_NODES:
        world.use_nodes = True
    return world.node_tree
