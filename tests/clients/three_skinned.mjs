// node three_skinned.mjs FILE ANIM TIMES_JSON
//   -> {"meshes":[{"name","bones","times":[{"t","positions":[[x,y,z]...]}]}]}
// Plays clip ANIM (name or index; "-" keeps the rest pose) and reports, for
// every skinned mesh, the world position of each vertex after three.js'
// own skinning (SkinnedMesh.getVertexPosition: bone matrices x inverse binds,
// weighted by JOINTS_0/WEIGHTS_0), at each time.
import { loadGltf, THREE } from './load_gltf.mjs';

const [file, anim, timesJson] = process.argv.slice(2);
if (!file || anim === undefined || !timesJson) {
  console.error('usage: node three_skinned.mjs FILE ANIM|- TIMES_JSON');
  process.exit(2);
}
const times = JSON.parse(timesJson);
const gltf = await loadGltf(file);
let mixer = null;
if (anim !== '-') {
  let clip = gltf.animations.find((a) => a.name === anim);
  if (!clip && /^\d+$/.test(anim)) clip = gltf.animations[Number(anim)];
  if (!clip) {
    console.error(`no animation ${anim}; have ${gltf.animations.map((a) => a.name).join(', ')}`);
    process.exit(1);
  }
  mixer = new THREE.AnimationMixer(gltf.scene);
  const action = mixer.clipAction(clip);
  action.setLoop(THREE.LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
}
const meshes = [];
gltf.scene.traverse((o) => {
  if (o.isSkinnedMesh) meshes.push({ object: o, out: { name: o.name, bones: o.skeleton.bones.length, times: [] } });
});
const v = new THREE.Vector3();
for (const t of times) {
  if (mixer) mixer.setTime(t);
  gltf.scene.updateMatrixWorld(true);
  for (const m of meshes) {
    const count = m.object.geometry.attributes.position.count;
    const positions = [];
    for (let i = 0; i < count; ++i) {
      m.object.getVertexPosition(i, v);
      v.applyMatrix4(m.object.matrixWorld);
      positions.push(v.toArray());
    }
    m.out.times.push({ t, positions });
  }
}
console.log(JSON.stringify({ meshes: meshes.map((m) => m.out) }));
