# The colour the game clears the screen to (scene extras backdrop_rgb, 0-255 as
# the game wrote it, taken as sRGB; docs/architecture.md "Metadata
# conventions") as the Blender world colour. Blender's colours are scene-linear,
# so the sRGB transfer function is undone first.
import bpy

from . import compat


def srgb_to_linear(c):
    """One sRGB component in 0..1 to linear light (IEC 61966-2-1)."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def backdrop_rgb(extras):
    """The three 0-255 values of extras backdrop_rgb (rounded); None when
    absent, ValueError when present but not three numbers 0..255."""
    value = extras.get("backdrop_rgb")
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 3 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 255
            for v in value)):
        raise ValueError("scene extras backdrop_rgb should be three numbers 0..255, got %r"
                         % (value,))
    return tuple(int(round(v)) for v in value)


def apply(scene, extras):
    """Gives the scene a world of the backdrop colour (one world per colour,
    reused, so the scene's previous world is left as it was); no-op without one."""
    rgb = backdrop_rgb(extras)
    if rgb is None:
        return
    linear = tuple(srgb_to_linear(v / 255.0) for v in rgb)
    name = "ripkit backdrop %d %d %d" % rgb
    world = bpy.data.worlds.get(name) or bpy.data.worlds.new(name)
    world.color = linear  # the viewport's and Workbench's background
    tree = compat.world_node_tree(world)
    background = next((n for n in tree.nodes if n.type == "BACKGROUND"), None)
    if background is None:
        background = tree.nodes.new("ShaderNodeBackground")
    output = next((n for n in tree.nodes if n.type == "OUTPUT_WORLD"), None)
    if output is None:
        output = tree.nodes.new("ShaderNodeOutputWorld")
    if not output.inputs["Surface"].is_linked:
        tree.links.new(background.outputs["Background"], output.inputs["Surface"])
    background.inputs["Color"].default_value = linear + (1.0,)
    background.inputs["Strength"].default_value = 1.0
    scene.world = world
    scene["ripkit_backdrop_rgb"] = list(rgb)
