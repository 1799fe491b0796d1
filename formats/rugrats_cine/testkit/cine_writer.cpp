#include "cine_writer.hpp"

#include <algorithm>

#include "ripkit/codec/xa_encoder.hpp"
#include "ripkit/error.hpp"
#include "rugrats_cine/playback.hpp"

namespace ripkit::rugrats_cine {

namespace {

void put_vec(ByteWriter& w, const Vec3i& v) {
    for (int32_t c : v) w.s32(c);
}

void put_quat(ByteWriter& w, const Quat13& q, uint32_t top0, uint32_t top1) {
    w.u32(pack_word(q[0], q[1], top0));
    w.u32(pack_word(q[2], q[3], top1));
}

uint8_t coding_byte(bool stereo, uint32_t rate) {
    return uint8_t((stereo ? 1 : 0) | (rate == 18900 ? 4 : 0));
}

Bytes with_prefix(const StreamSpec& spec, Bytes payload) {
    if (!spec.channel_prefix) return payload;
    // ASSUMPTION(channel_prefix): the 4 bytes before the payload are unknown; we
    // write the channel.
    Bytes out = {spec.channel, 0, 0, 0};
    out.insert(out.end(), payload.begin(), payload.end());
    return out;
}

}  // namespace

Bytes encode_header(const Header& h) {
    ByteWriter w;
    w.u32(h.magic);
    w.u16(h.version);
    w.u16(kDead);
    w.u16(h.frames);
    w.u16(uint16_t(h.setup.size()));
    w.raw(h.setup);
    return w.bytes();
}

Bytes encode_frame(const FrameRecord& f) {
    ByteWriter w;
    w.u16(f.frame);
    w.u16(f.unknown_02);
    put_vec(w, f.camera_position);
    put_quat(w, f.camera_q, uint32_t(f.actors.size()), uint32_t(f.poses.size()));
    for (const ActorRecord& a : f.actors) {
        put_quat(w, a.q, uint32_t((a.mouth & 0xF) | ((a.eyes & 3) << 4)), 0);
        put_vec(w, a.position);
        w.s16(a.id);
        w.u16(a.unknown_16);
    }
    for (const PoseRecord& p : f.poses) {
        put_vec(w, p.position);
        w.u32(uint32_t(p.id) | (uint32_t(p.keys.size() & 0xFF) << 16) |
              (uint32_t(p.mouth & 0xF) << 24) | (uint32_t(p.eyes & 3) << 28));
        for (const PoseKey& k : p.keys) put_quat(w, k.q, k.channel, 0);
    }
    return w.bytes();
}

Bytes end_marker_payload() {
    ByteWriter w;
    w.u32(kEndMarker);
    return w.bytes();
}

std::vector<Bytes> encode_audio(const StreamSpec& spec) {
    std::vector<Bytes> pieces;
    xa::State state;
    for (size_t at = 0; at < spec.pcm.size(); at += xa::kSamplesPerSector) {
        std::vector<int16_t> block(xa::kSamplesPerSector, 0);
        const size_t n = std::min(xa::kSamplesPerSector, spec.pcm.size() - at);
        std::copy_n(spec.pcm.begin() + long(at), n, block.begin());
        pieces.push_back(xa::encode_sector(block, spec.stereo, state));
    }
    return pieces;
}

std::vector<cd::SectorSpec> stream_sectors(const StreamSpec& spec) {
    std::vector<Bytes> data;
    data.push_back(with_prefix(spec, encode_header(spec.header)));
    for (const FrameRecord& f : spec.frames) data.push_back(with_prefix(spec, encode_frame(f)));
    if (spec.end_marker) data.push_back(with_prefix(spec, end_marker_payload()));
    for (const Bytes& d : data)
        if (d.size() > cd::kDataSectorSize)
            fail_no_offset(ErrorKind::Usage, "a frame record of at most 2048 bytes");

    const std::vector<Bytes> audio = encode_audio(spec);
    const uint8_t coding = coding_byte(spec.stereo, spec.rate);
    // Slots between two played sectors at the console's pace.
    const size_t period = fifo_frames(spec.stereo, spec.rate) / kFramesPerSlot;
    std::vector<cd::SectorSpec> out;
    size_t next_data = 0, next_audio = 0;
    for (size_t slot = 0; next_data < data.size() || (!spec.fill && next_audio < audio.size());
         ++slot) {
        const bool is_data = slot == 0 || (slot >= 2 && (slot - 2) % spec.data_period == 0);
        if (is_data && next_data < data.size()) {
            const bool last = next_data + 1 == data.size();
            out.push_back(cd::data_sector(spec.file, spec.channel, data[next_data++], last));
            continue;
        }
        if (audio.empty()) {
            if (next_data >= data.size()) break;
            // No sound: the data sectors keep their slots between empty sectors.
            out.push_back(cd::SectorSpec{cd::Subheader{spec.file, spec.channel, 0, 0}, {}});
            continue;
        }
        size_t piece = spec.fill ? std::min(slot / period, audio.size() - 1) : next_audio++;
        if (piece >= audio.size()) {
            out.push_back(cd::SectorSpec{cd::Subheader{spec.file, spec.channel, 0, 0}, {}});
            continue;
        }
        out.push_back(cd::audio_sector(spec.file, spec.channel, coding, audio[piece]));
    }
    return out;
}

std::vector<cd::SectorSpec> interleave(const std::vector<std::vector<cd::SectorSpec>>& streams) {
    std::vector<cd::SectorSpec> out;
    size_t longest = 0;
    for (const auto& s : streams) longest = std::max(longest, s.size());
    for (size_t i = 0; i < longest; ++i)
        for (const auto& s : streams)
            if (i < s.size()) out.push_back(s[i]);
    return out;
}

Bytes write_stream(const StreamSpec& spec, cd::SectorShape shape) {
    std::vector<cd::SectorSpec> sectors = stream_sectors(spec);
    if (shape == cd::SectorShape::Data2048) {
        // A naive copy keeps what a data read returns: the data sectors.
        std::erase_if(sectors, [](const cd::SectorSpec& s) { return !s.sub.data(); });
    }
    return cd::write_sectors(sectors, shape);
}

}  // namespace ripkit::rugrats_cine
