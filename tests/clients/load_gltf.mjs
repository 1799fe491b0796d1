// Loads a .glb/.gltf with three.js' GLTFLoader in Node (no DOM). Embedded
// images cannot be decoded without a DOM; the loader reports it and goes on.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

globalThis.self = globalThis;
const { GLTFLoader } = await import('three/examples/jsm/loaders/GLTFLoader.js');
const THREE = await import('three');

// Texture loading needs a DOM; answer image requests with an empty texture.
THREE.ImageBitmapLoader.prototype.load = function (url, onLoad) {
  if (onLoad) setTimeout(() => onLoad({ width: 1, height: 1, close() {} }), 0);
  return {};
};
globalThis.createImageBitmap = undefined;

export { THREE };

export async function loadGltf(file) {
  const data = await readFile(file);
  const dir = path.dirname(path.resolve(file)) + path.sep;
  const loader = new GLTFLoader();
  // External buffers (.gltf + .bin) are read from disk through a FileLoader override.
  THREE.FileLoader.prototype.load = function (url, onLoad, _p, onError) {
    readFile(decodeURIComponent(url.replace(/^file:\/\//, '')))
      .then((b) => onLoad(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)))
      .catch((e) => onError && onError(e));
  };
  const buf = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  return await new Promise((resolve, reject) => loader.parse(buf, dir, resolve, reject));
}

export function interpolationName(track) {
  const f = track.createInterpolant;
  if (f && f.isInterpolantFactoryMethodGLTFCubicSpline) return 'CUBICSPLINE';
  const mode = track.getInterpolation();
  if (mode === THREE.InterpolateDiscrete) return 'STEP';
  if (mode === THREE.InterpolateLinear) return 'LINEAR';
  if (mode === THREE.InterpolateSmooth) return 'SMOOTH';
  return String(mode);
}
