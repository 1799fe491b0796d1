// Self-contained HTML preview: the glb and wav ripkit would write, inlined as
// base64 next to three.js, and a small player (see preview.hpp).
#include "ripkit/preview.hpp"

#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>

#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/file_paths.hpp"
#include "three_bundle.hpp"

namespace ripkit {

namespace fs = std::filesystem;

namespace {

std::string base64(std::string_view in) {
    static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((in.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 2 < in.size(); i += 3) {
        const uint32_t v =
            uint32_t(uint8_t(in[i])) << 16 | uint32_t(uint8_t(in[i + 1])) << 8 | uint8_t(in[i + 2]);
        out += {k[v >> 18], k[(v >> 12) & 63], k[(v >> 6) & 63], k[v & 63]};
    }
    if (i + 1 == in.size()) {
        const uint32_t v = uint32_t(uint8_t(in[i])) << 16;
        out += {k[v >> 18], k[(v >> 12) & 63], '=', '='};
    } else if (i + 2 == in.size()) {
        const uint32_t v = uint32_t(uint8_t(in[i])) << 16 | uint32_t(uint8_t(in[i + 1])) << 8;
        out += {k[v >> 18], k[(v >> 12) & 63], k[(v >> 6) & 63], '='};
    }
    return out;
}

std::string slurp(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    if (!f) fail_no_offset(ErrorKind::Io, "a readable file '" + p.string() + "'");
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    return s;
}

// The three.js sources: the package named by three_dir or $RIPKIT_THREE_DIR
// (an override must exist: a typo should not silently fall back), else the copy
// embedded at build time.
struct ThreeJs {
    std::string module, gltf_loader, buffer_utils;
};

ThreeJs three_sources(const PreviewOptions& o) {
    fs::path dir = o.three_dir;
    if (dir.empty())
        if (const char* env = std::getenv("RIPKIT_THREE_DIR")) dir = env;
    if (dir.empty()) {
        if (const auto b = detail::bundled_three())
            return {std::string(b->module), std::string(b->gltf_loader),
                    std::string(b->buffer_utils)};
        fail_no_offset(ErrorKind::Io,
                       "three.js for the page, but this ripkit was built without it: install "
                       "npm and run ./run.sh again (it runs `npm ci` in exporters/viewer and "
                       "rebuilds), or pass --three-dir / set $RIPKIT_THREE_DIR to an npm `three` "
                       "package folder");
    }
    std::error_code ec;
    if (!fs::exists(dir / "build/three.module.min.js", ec))
        fail_no_offset(ErrorKind::Io,
                       "the three.js package (npm `three`, holding build/three.module.min.js) in "
                       "--three-dir or $RIPKIT_THREE_DIR, got '" +
                           dir.string() + "'");
    return {slurp(dir / "build/three.module.min.js"),
            slurp(dir / "examples/jsm/loaders/GLTFLoader.js"),
            slurp(dir / "examples/jsm/utils/BufferGeometryUtils.js")};
}

std::string data_url(std::string_view js) { return "data:text/javascript;base64," + base64(js); }

// The three.js modules the player imports, as an import map of data: URLs.
// GLTFLoader's relative import is rewritten to a bare specifier because a
// data: URL module cannot resolve relative paths.
std::string import_map(const ThreeJs& three) {
    const std::string utils = "three/addons/utils/BufferGeometryUtils.js";
    const std::string loader =
        replace_all(three.gltf_loader, "'../utils/BufferGeometryUtils.js'", "'" + utils + "'");
    return std::string(R"({"imports":{"three":")") + data_url(three.module) + R"(",")" + utils +
           R"(":")" + data_url(three.buffer_utils) + R"(","three/addons/loaders/GLTFLoader.js":")" +
           data_url(loader) + R"("}})";
}

// The player. window.ripkitStatus (mirrored into #status for headless
// checks) counts rendered frames and collects errors.
const char* kPlayer = R"JS(
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
const status = { loaded: false, frames: 0, time: 0, played: 0, errors: [], faces: {}, camera: '' };
window.ripkitStatus = status;
window.addEventListener('error', (e) => status.errors.push(String(e.message)));
window.addEventListener('unhandledrejection', (e) => status.errors.push(String(e.reason)));
const consoleError = console.error.bind(console);
console.error = (...a) => { status.errors.push(a.map(String).join(' ')); consoleError(...a); };
const $ = (id) => document.getElementById(id);
function bytes(id) {
  const s = atob($(id).textContent.trim());
  const u = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) u[i] = s.charCodeAt(i);
  return u;
}
const canvas = $('view');
const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
renderer.setClearColor(0x202020);
const gltf = await new GLTFLoader().parseAsync(bytes('glb').buffer, '');
const json = gltf.parser.json;
const extras = (json.scenes[json.scene || 0].extras) || {};
const anim0 = (json.animations || [])[0] || {};
const rate = extras.frame_rate || extras.fps || (anim0.extras || {}).frame_rate || 30;
const clip = gltf.animations[0];
const count = extras.frame_count || extras.frames;
const duration = Math.max(count ? (count - 1) / rate : 0, clip ? clip.duration : 0, 1 / rate);
const scene = new THREE.Scene();
// The game's clear colour (scene extras backdrop_rgb, sRGB 0-255, e.g. Rugrats'
// (217, 175, 141)); without one the renderer's dark grey shows.
const backdrop = extras.backdrop_rgb;
if (Array.isArray(backdrop) && backdrop.length === 3 && backdrop.every((v) => Number.isFinite(v) && v >= 0 && v <= 255))
  scene.background = new THREE.Color().setRGB(backdrop[0] / 255, backdrop[1] / 255, backdrop[2] / 255, THREE.SRGBColorSpace);
scene.add(gltf.scene);
scene.add(new THREE.HemisphereLight(0xffffff, 0x404040, 2.5));
const mixer = new THREE.AnimationMixer(gltf.scene);
// The timeline sets the action's time itself; LoopOnce + clamp hold the last
// pose when the scene lasts longer than its last key.
const action = clip ? mixer.clipAction(clip) : null;
if (action) {
  action.setLoop(THREE.LoopOnce);
  action.clampWhenFinished = true;
  action.play();
}
// Cameras: the game's (with its field-of-view keys) and a free one.
const cams = [];
for (let i = 0; i < (json.cameras || []).length; i++) {
  const c = await gltf.parser.getDependency('camera', i);
  const ex = json.cameras[i].extras || {};
  cams.push({ name: json.cameras[i].name || 'camera ' + i, cam: c, times: ex.yfov_times || [], fovs: ex.yfov_values || [] });
}
// Node markers and parent links, so scenes whose actors are bare node
// hierarchies (no meshes) still show their motion.
const markers = [];
gltf.scene.traverse((o) => { if (o !== gltf.scene && !o.isMesh && !o.isCamera) markers.push(o); });
// What three.js built, for headless checks (bodies are skinned meshes).
status.meshes = 0;
status.skinned = 0;
gltf.scene.traverse((o) => { if (o.isMesh) status.meshes++; if (o.isSkinnedMesh) status.skinned++; });
const links = markers.filter((o) => markers.includes(o.parent));
const pointGeo = new THREE.BufferGeometry();
pointGeo.setAttribute('position', new THREE.BufferAttribute(new Float32Array(markers.length * 3), 3));
const lineGeo = new THREE.BufferGeometry();
lineGeo.setAttribute('position', new THREE.BufferAttribute(new Float32Array(links.length * 6), 3));
scene.add(new THREE.Points(pointGeo, new THREE.PointsMaterial({ color: 0xffcc33, size: 4, sizeAttenuation: false })));
scene.add(new THREE.LineSegments(lineGeo, new THREE.LineBasicMaterial({ color: 0x88aaff })));
const tmp = new THREE.Vector3();
function updateMarkers() {
  gltf.scene.updateMatrixWorld(true);
  const p = pointGeo.attributes.position, l = lineGeo.attributes.position;
  markers.forEach((o, i) => p.setXYZ(i, ...o.getWorldPosition(tmp).toArray()));
  links.forEach((o, i) => {
    l.setXYZ(2 * i, ...o.getWorldPosition(tmp).toArray());
    l.setXYZ(2 * i + 1, ...o.parent.getWorldPosition(tmp).toArray());
  });
  p.needsUpdate = l.needsUpdate = true;
  pointGeo.computeBoundingSphere();
  lineGeo.computeBoundingSphere();
}
updateMarkers();
const box = new THREE.Box3().setFromObject(gltf.scene);
for (const o of markers) box.expandByPoint(o.getWorldPosition(tmp));
const size = box.getSize(new THREE.Vector3()).length() || 1;
const free = new THREE.PerspectiveCamera(50, 4 / 3, size / 1000, size * 10);
free.position.copy(box.getCenter(new THREE.Vector3())).add(new THREE.Vector3(0, size * 0.3, size));
free.lookAt(box.getCenter(new THREE.Vector3()));
cams.push({ name: 'free view', cam: free, times: [], fovs: [] });
for (const [i, c] of cams.entries()) $('cam').add(new Option(c.name, i));
// Faces: every texture of a switch, picked by the track node's x.
const switches = [];
for (let i = 0; i < (json.materials || []).length; i++) {
  const sw = ((json.materials[i].extras) || {}).ripkit_texture_switch;
  if (!sw) continue;
  const textures = await Promise.all(sw.textures.map((t) => gltf.parser.getDependency('texture', t)));
  textures.forEach((t) => { t.colorSpace = THREE.SRGBColorSpace; });
  const track = await gltf.parser.getDependency('node', sw.track_node);
  const mats = [];
  gltf.scene.traverse((o) => {
    for (const m of [].concat(o.material || [])) {
      const a = gltf.parser.associations.get(m);
      if (a && a.materials === i) mats.push(m);
    }
  });
  switches.push({ name: json.materials[i].name || 'material ' + i, textures, track, mats });
}
// Sound: the wav, started at its start frame.
const audio = $('wav').textContent.trim() ? new Audio('data:audio/wav;base64,' + $('wav').textContent.trim()) : null;
const audioStart = ((extras.audio || {}).start_frame || 0) / rate;
// #t=SECONDS&pause opens the page at a time, paused (links, headless checks).
const hash = new URLSearchParams(location.hash.slice(1));
let playing = !hash.has('pause'), t = Math.min(Math.max(Number(hash.get('t')) || 0, 0), duration);
let last = performance.now();
$('play').textContent = playing ? 'Pause' : 'Play';
function syncAudio() {
  if (!audio) return;
  const at = t - audioStart;
  if (!playing || at < 0 || at >= (audio.duration || 1e9)) { audio.pause(); return; }
  if (Math.abs(audio.currentTime - at) > 0.2) audio.currentTime = at;
  if (audio.paused) audio.play().catch(() => {});
}
$('play').onclick = () => { playing = !playing; $('play').textContent = playing ? 'Pause' : 'Play'; syncAudio(); };
$('time').oninput = () => { t = $('time').value / 1000 * duration; syncAudio(); };
function fovAt(c, time) {
  let v = null;
  for (let k = 0; k < c.times.length && c.times[k] <= time + 1e-9; k++) v = c.fovs[k];
  return v;
}
function frame(now) {
  const dt = Math.min(Math.max((now - last) / 1000, 0), 0.25);
  last = now;
  if (playing) {
    t += dt;
    status.played += dt;  // never wraps, unlike t
    if (t > duration) t %= duration;
  }
  if (action) {
    // (mixer.setTime would leave a finished LoopOnce action paused at 0.)
    action.enabled = true;
    action.paused = false;
    action.time = Math.min(t, clip.duration);
    mixer.update(0);
  }
  for (const s of switches) {
    const k = Math.round(s.track.position.x);
    const tex = s.textures[Math.min(Math.max(k, 0), s.textures.length - 1)];
    for (const m of s.mats) if (m.map !== tex) { m.map = tex; m.needsUpdate = true; }
    status.faces[s.name] = k;
  }
  updateMarkers();
  const c = cams[Number($('cam').value) || 0];
  const fov = fovAt(c, t);
  if (fov !== null) c.cam.fov = THREE.MathUtils.radToDeg(fov);
  const w = canvas.clientWidth, h = canvas.clientHeight;
  if (canvas.width !== w || canvas.height !== h) renderer.setSize(w, h, false);
  c.cam.aspect = w / h;
  c.cam.updateProjectionMatrix();
  renderer.render(scene, c.cam);
  $('time').value = String(Math.round(t / duration * 1000));
  $('label').textContent = 'frame ' + Math.floor(t * rate + 1) + ' / ' + Math.round(duration * rate + 1) + '  (' + t.toFixed(2) + ' s)';
  status.frames++;
  status.time = t;
  status.camera = c.name;
  status.fov = c.cam.fov;
  $('status').textContent = JSON.stringify(status);
  syncAudio();
  requestAnimationFrame(frame);
}
status.loaded = true;
requestAnimationFrame(frame);
)JS";

const char* kHead = R"(<!doctype html>
<html><head><meta charset="utf-8"><title>ripkit preview</title>
<style>html,body{margin:0;height:100%;background:#111;color:#ddd;font:13px sans-serif}
#view{width:100%;height:calc(100% - 34px);display:block}
#bar{height:34px;display:flex;gap:8px;align-items:center;padding:0 8px}
#time{flex:1}#status{display:none}</style>
<script type="importmap">)";

}  // namespace

void write_preview_html(const Scene& scene, const fs::path& out, const PreviewOptions& options) {
    const ThreeJs three = three_sources(options);
    TempDir tmp(fs::temp_directory_path(), "ripkit_preview_");
    ExportOptions eo;
    eo.format = OutputFormat::Glb;
    eo.write_audio = true;
    const fs::path glb = tmp.path() / "scene.glb";
    export_scene(scene, glb, eo);
    const fs::path wav = tmp.path() / "scene.wav";
    std::error_code ec;
    const std::string wav_b64 = fs::exists(wav, ec) ? base64(slurp(wav)) : std::string();

    std::string html = kHead;
    html += import_map(three);
    html +=
        "</script></head><body>\n<canvas id=\"view\"></canvas>\n"
        "<div id=\"bar\"><button id=\"play\">Pause</button>"
        "<input id=\"time\" type=\"range\" min=\"0\" max=\"1000\" value=\"0\">"
        "<span id=\"label\"></span><select id=\"cam\"></select></div>\n"
        "<pre id=\"status\"></pre>\n<script id=\"glb\" type=\"application/octet-stream\">";
    html += base64(slurp(glb));
    html += "</script>\n<script id=\"wav\" type=\"application/octet-stream\">";
    html += wav_b64;
    html += "</script>\n<script type=\"module\">";
    html += kPlayer;
    html += "</script>\n</body></html>\n";
    write_file_atomic(out, ByteSpan(reinterpret_cast<const uint8_t*>(html.data()), html.size()),
                      options.protected_paths);
}

}  // namespace ripkit
