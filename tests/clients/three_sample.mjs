// node three_sample.mjs FILE ANIM TIMES_JSON -> {"nodes":{name:[{t,position,quaternion,scale}]}}
// Plays clip ANIM (name or index) with an AnimationMixer on the loaded scene
// and reports the local transform of every animated node at each time.
import { loadGltf, THREE } from './load_gltf.mjs';

const [file, anim, timesJson] = process.argv.slice(2);
if (!file || anim === undefined || !timesJson) {
  console.error('usage: node three_sample.mjs FILE ANIM TIMES_JSON');
  process.exit(2);
}
const times = JSON.parse(timesJson);
const gltf = await loadGltf(file);
let clip = gltf.animations.find((a) => a.name === anim);
if (!clip && /^\d+$/.test(anim)) clip = gltf.animations[Number(anim)];
if (!clip) {
  console.error(`no animation ${anim}; have ${gltf.animations.map((a) => a.name).join(', ')}`);
  process.exit(1);
}
const mixer = new THREE.AnimationMixer(gltf.scene);
const action = mixer.clipAction(clip);
action.setLoop(THREE.LoopOnce, 1);
action.clampWhenFinished = true;
action.play();
const names = [...new Set(clip.tracks.map((t) => t.name.slice(0, t.name.lastIndexOf('.'))))];
const nodes = {};
for (const n of names) nodes[n] = [];
for (const t of times) {
  mixer.setTime(t);
  for (const n of names) {
    const o = gltf.scene.getObjectByName(n);
    if (!o) continue;
    nodes[n].push({ t, position: o.position.toArray(), quaternion: o.quaternion.toArray(),
      scale: o.scale.toArray() });
  }
}
console.log(JSON.stringify({ animation: clip.name, nodes }));
