#include "stream_reader.hpp"

#include <cstdio>
#include <string>

#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"

namespace ripkit::rugrats_cine {

namespace {

// `count` records of `size` bytes at the cursor; the message is made only
// when they are not there (a frame has several such counts).
void need_records(const ByteReader& r, uint32_t count, size_t size, const char* what) {
    if (size_t(count) * size > r.remaining())
        r.need(size_t(count) * size, std::to_string(count) + " " + what + " of " +
                                         std::to_string(size) + " bytes in the sector");
}

Vec3i read_vec(ByteReader& r, const char* what) {
    Vec3i v;
    for (int32_t& c : v) c = r.s32(what);
    return v;
}

}  // namespace

PackedWord unpack_word(uint32_t w) {
    return PackedWord{sign_extend(w, 13), sign_extend(w >> 13, 13), w >> 26};
}

uint32_t pack_word(int32_t lo, int32_t hi, uint32_t top) {
    return (uint32_t(lo) & 0x1FFF) | ((uint32_t(hi) & 0x1FFF) << 13) | ((top & 0x3F) << 26);
}

Header read_header(ByteReader& r) {
    Header h;
    const size_t at = r.pos();
    h.magic = r.u32("header magic");
    if (h.magic != kMagic && h.magic != kMagicAlt)
        r.fail_at(
            at, ErrorKind::WrongFormat,
            "the cinematic magic 0xf00dbabe or 0xbabed00d, got " + hex(h.magic, 8, HexCase::Lower));
    h.version = r.u16("header version");
    const size_t dead_at = r.pos();
    const uint16_t dead = r.u16("header 0xdead");
    if (dead != kDead)
        r.fail_at(dead_at, ErrorKind::BadValue,
                  "0xdead after the version, got " + hex(dead, 8, HexCase::Lower).substr(6));
    h.frames = r.u16("header frame count");
    const uint16_t setup_size = r.u16("header setup size");
    // ASSUMPTION(setup_block): the setup block lies inside the header sector (OPEN.BIN:
    // 1380 of 2048 bytes); a larger size is reported as truncation.
    const ByteSpan setup = r.bytes(setup_size, "setup block within the header sector");
    h.setup.assign(setup.begin(), setup.end());
    return h;
}

bool read_frame(ByteReader& r, FrameRecord& f, const Limits& limits) {
    if (r.remaining() >= 4 && r.u32_at(r.pos()) == kEndMarker) return false;
    f.frame = r.u16("frame number");
    f.unknown_02 = r.u16("frame unknown_02");
    f.camera_position = read_vec(r, "camera position");
    const PackedWord a = unpack_word(r.u32("camera quaternion word a"));
    const PackedWord b = unpack_word(r.u32("camera quaternion word b"));
    f.camera_q = {a.lo, a.hi, b.lo, b.hi};
    const uint32_t actors = a.top, poses = b.top;
    // 6-bit counts: at most 63 actors of 24 bytes; the reader bounds the rest.
    check_alloc(limits, actors, sizeof(ActorRecord), r.abs_pos(), "actors");
    need_records(r, actors, 24, "actors");
    f.actors.resize(actors);
    for (uint32_t i = 0; i < actors; ++i) {
        ActorRecord& ac = f.actors[i];
        const uint32_t w0 = r.u32("actor word 0");
        const PackedWord p0 = unpack_word(w0);
        const PackedWord p1 = unpack_word(r.u32("actor word 1"));
        ac.q = {p0.lo, p0.hi, p1.lo, p1.hi};
        ac.mouth = uint8_t((w0 >> 26) & 0xF);
        ac.eyes = uint8_t(w0 >> 30);
        ac.position = read_vec(r, "actor position");
        ac.id = r.s16("actor id");
        ac.unknown_16 = r.u16("actor unknown_16");
    }
    f.poses.resize(poses);
    for (uint32_t i = 0; i < poses; ++i) {
        with_context("pose", i, [&] {
            PoseRecord& p = f.poses[i];
            p.position = read_vec(r, "pose position");
            const uint32_t w = r.u32("pose id word");
            p.id = uint16_t(w & 0xFFFF);
            const uint32_t keys = (w >> 16) & 0xFF;
            p.mouth = uint8_t((w >> 24) & 0xF);
            p.eyes = uint8_t((w >> 28) & 0x3);
            need_records(r, keys, 8, "pose keys");
            p.keys.resize(keys);
            for (PoseKey& k : p.keys) {
                const PackedWord k0 = unpack_word(r.u32("pose key word 0"));
                const PackedWord k1 = unpack_word(r.u32("pose key word 1"));
                k.channel = uint8_t(k0.top);
                k.q = {k0.lo, k0.hi, k1.lo, k1.hi};
            }
        });
    }
    return true;
}

}  // namespace ripkit::rugrats_cine
