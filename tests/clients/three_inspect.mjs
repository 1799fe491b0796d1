// node three_inspect.mjs FILE -> JSON of what three.js sees:
// {nodes:[names], animations:[{name,duration,tracks:[{name,node,property,interpolation,times,values}]}],
//  cameras:[{name,node,parent,yfov,aspect,near,far}], skinnedMeshes:[{name,bones,boneNames}],
//  userData:{<glTF node index>: the node object's userData (its extras), when not empty}}
import { loadGltf, interpolationName, THREE } from './load_gltf.mjs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node three_inspect.mjs FILE');
  process.exit(2);
}
const gltf = await loadGltf(file);
const out = { nodes: [], animations: [], cameras: [], skinnedMeshes: [], userData: {} };
gltf.scene.traverse((o) => {
  out.nodes.push(o.name);
  const assoc = gltf.parser.associations.get(o);
  if (assoc && assoc.nodes !== undefined && Object.keys(o.userData).length)
    out.userData[assoc.nodes] = o.userData;
  if (o.isSkinnedMesh)
    out.skinnedMeshes.push({ name: o.name, bones: o.skeleton.bones.length,
      boneNames: o.skeleton.bones.map((b) => b.name) });
});
for (const cam of gltf.cameras) {
  // GLTFLoader stores fov in degrees (vertical); report yfov in radians.
  out.cameras.push({ name: cam.name, parent: cam.parent ? cam.parent.name : null,
    yfov: cam.isPerspectiveCamera ? THREE.MathUtils.degToRad(cam.fov) : null,
    aspect: cam.aspect ?? null, near: cam.near, far: cam.far });
}
for (const clip of gltf.animations) {
  out.animations.push({
    name: clip.name,
    duration: clip.duration,
    tracks: clip.tracks.map((t) => {
      const dot = t.name.lastIndexOf('.');
      return { name: t.name, node: t.name.slice(0, dot), property: t.name.slice(dot + 1),
        interpolation: interpolationName(t), times: Array.from(t.times), values: Array.from(t.values) };
    }),
  });
}
console.log(JSON.stringify(out));
