#include "cine.hpp"

#include <map>
#include <set>
#include <string>

#include "ripkit/codec/xa_adpcm.hpp"
#include "ripkit/decode_item.hpp"
#include "ripkit/error.hpp"

namespace ripkit::rugrats {

namespace {

using cd::Sector;
using cd::SectorImage;

struct Group {
    uint8_t file = 0, channel = 0;
    std::vector<size_t> data;  // sector indices
};

std::string at_sector(size_t i) { return "sector " + std::to_string(i); }

bool zero(const Quat13& q) { return q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 0; }

// An all-zero quaternion has no rotation; the scene shows it unrotated
// (normalise_quat), which is a substitution the user hears about.
void warn_zero_quaternions(Cinematic& c) {
    size_t n = 0;
    for (const FrameRecord& f : c.frames) {
        n += zero(f.camera_q);
        for (const ActorRecord& a : f.actors) n += zero(a.q);
        for (const PoseRecord& p : f.poses)
            for (const PoseKey& k : p.keys) n += zero(k.q);
    }
    if (n)
        c.warnings.push_back(std::to_string(n) +
                             " all-zero quaternions (camera, actors, pose channels) shown "
                             "unrotated (identity)");
}

void decode_frames(const SectorImage& image, const Group& g, Cinematic& c, const CineOptions& o,
                   Budget& budget) {
    c.frames.clear();
    check_alloc(o.limits, c.header.frames, sizeof(FrameRecord), 0, "frames");
    size_t next = 1;  // g.data[0] is the header
    for (uint32_t n = 0; n < c.header.frames; ++n) {
        if (next >= g.data.size()) {
            const uint64_t end =
                image.count() ? image.sector(image.count() - 1).offset + image.stride() : 0;
            fail(ErrorKind::Truncated, end,
                 "frame " + std::to_string(n + 1) + " of " + std::to_string(c.header.frames) +
                     " (the header's count) or the end marker 0xdddddddd; the file/channel has " +
                     "no more data sectors");
        }
        const Sector s = image.sector(g.data[next++]);
        const bool more = with_context(at_sector(s.index), [&] {
            if (s.user.size() <= c.data_offset)
                fail(ErrorKind::Truncated, s.user_offset, "a frame record in the sector");
            ByteReader r(s.user.subspan(c.data_offset), s.user_offset + c.data_offset);
            FrameRecord f;
            if (!read_frame(r, f, o.limits)) return false;
            budget.charge_bytes(sizeof(FrameRecord) + f.actors.size() * sizeof(ActorRecord) +
                                    f.poses.size() * sizeof(PoseRecord),
                                "frame records", s.user_offset);
            for (const PoseRecord& p : f.poses)
                budget.charge_bytes(p.keys.size() * sizeof(PoseKey), "pose keys", s.user_offset);
            f.sector = s.index;
            if (f.frame != n + 1 && c.warnings.size() < 16)
                c.warnings.push_back(at_sector(s.index) + ": frame number " +
                                     std::to_string(f.frame) + ", expected " +
                                     std::to_string(n + 1));
            c.frames.push_back(std::move(f));
            return true;
        });
        if (!more) {
            c.end = "marker";
            break;
        }
    }
    if (c.end != "marker") c.end = "count";
    warn_zero_quaternions(c);
}

std::optional<AudioTrack> collect_audio(const SectorImage& image, Cinematic& c,
                                        const CineOptions& o) {
    if (!image.has_subheaders()) {
        c.warnings.push_back("2048-byte copy: no audio (the XA sectors are not in the file)");
        return std::nullopt;
    }
    AudioTrack t;
    // ASSUMPTION(audio_file): a cinematic's sound is the XA of its
    // own file/channel (OPEN.BIN: Setfilter(1, 1)); --set audio_file/audio_channel override.
    t.file = o.audio_file.value_or(c.file);
    t.channel = o.audio_channel.value_or(c.channel);
    std::set<std::pair<int, int>> others;
    bool have_coding = false;
    size_t skipped = 0;
    for (size_t i = 0; i < image.count(); ++i) {
        const Sector s = image.sector(i);
        if (!s.sub->audio()) continue;
        if (s.sub->file != t.file || s.sub->channel != t.channel) {
            others.insert({s.sub->file, s.sub->channel});
            continue;
        }
        const cd::AudioCoding coding = cd::decode_coding(s.sub->coding);
        if (!s.sub->form2() || coding.bits != 4) {
            ++skipped;
            continue;
        }
        if (!have_coding) {
            t.stereo = coding.stereo;
            t.rate = coding.rate;
            have_coding = true;
        } else if (coding.stereo != t.stereo || coding.rate != t.rate) {
            ++skipped;
            continue;
        }
        t.sectors.push_back(i);
    }
    if (skipped)
        c.warnings.push_back(std::to_string(skipped) +
                             " audio sectors skipped (not Form 2, 8-bit, or a coding other than "
                             "the channel's first)");
    if (t.sectors.empty()) {
        std::string msg = "no XA audio on file " + std::to_string(t.file) + " channel " +
                          std::to_string(t.channel);
        if (!others.empty()) {
            msg += " (audio found on";
            for (const auto& [f, ch] : others)
                msg += " file " + std::to_string(f) + "/channel " + std::to_string(ch);
            msg += "; --set audio_file=F audio_channel=C selects one)";
        }
        c.warnings.push_back(msg);
        return std::nullopt;
    }
    std::vector<PlaybackSlot> slots;
    slots.reserve(t.sectors.size());
    for (size_t i : t.sectors) slots.push_back({i, fifo_frames(t.stereo, t.rate)});
    // The drive reads the whole file: sector times run to its last sector.
    t.playback = simulate_playback(slots, image.count());
    return t;
}

std::vector<Group> group_data_sectors(const SectorImage& image) {
    std::map<std::pair<int, int>, Group> groups;
    for (size_t i = 0; i < image.count(); ++i) {
        const Sector s = image.sector(i);
        const uint8_t file = s.sub ? s.sub->file : 0, channel = s.sub ? s.sub->channel : 0;
        if (s.sub && !s.sub->data()) continue;
        Group& g = groups[{file, channel}];
        g.file = file;
        g.channel = channel;
        g.data.push_back(i);
    }
    std::vector<Group> out;
    for (auto& [key, g] : groups) out.push_back(std::move(g));
    return out;
}

}  // namespace

// ASSUMPTION(channel_prefix): a header at +4 has 4 bytes before it that are not
// interpreted (a channel cinematic's; the writer puts the channel there).
std::optional<size_t> header_offset(ByteSpan user) {
    for (size_t off : {size_t(0), size_t(4)}) {
        if (user.size() < off + 8) continue;
        const uint32_t m = load_u32le(user.data() + off);
        if ((m == kMagic || m == kMagicAlt) && load_u16le(user.data() + off + 6) == kDead)
            return off;
    }
    return std::nullopt;
}

CineFile decode_file(ByteSpan bytes, const CineOptions& o, Budget& budget) {
    CineFile out;
    const SectorImage image = cd::open_sectors(bytes);
    out.shape = image.shape();
    out.sector_count = image.count();
    const std::vector<Group> groups = group_data_sectors(image);
    if (groups.empty())
        fail(ErrorKind::WrongFormat, 0, "at least one data sector (found only audio sectors)");
    std::set<int> channels;
    bool channel_clash = false;
    for (const Group& g : groups) channel_clash |= !channels.insert(g.channel).second;
    for (const Group& g : groups) {
        const Sector first = image.sector(g.data[0]);
        const auto off = header_offset(first.user);
        if (!off) {
            out.warnings.push_back("file " + std::to_string(g.file) + " channel " +
                                   std::to_string(g.channel) + ": data sectors without a " +
                                   "cinematic header (" + at_sector(first.index) + ")");
            continue;
        }
        Cinematic c;
        c.file = g.file;
        c.channel = g.channel;
        c.id = channel_clash ? int64_t(g.file) * 32 + g.channel : g.channel;
        c.data_offset = *off;
        c.header_sector = first.index;
        budget.progress(out.cines.size(), groups.size(), "cinematic " + std::to_string(c.id));
        c.error = decode_item(budget, "cinematic " + std::to_string(c.id), [&] {
            ByteReader r(first.user.subspan(*off), first.user_offset + *off);
            with_context(at_sector(first.index), [&] { c.header = read_header(r); });
            if (c.header.version != 3)
                c.warnings.push_back("header version " + std::to_string(c.header.version) +
                                     " (OPEN.BIN has 3; the engine compares it with its own)");
            decode_frames(image, g, c, o, budget);
            c.audio = collect_audio(image, c, o);
        });
        if (c.error) {
            c.frames.clear();
            c.audio.reset();
        }
        out.cines.push_back(std::move(c));
    }
    if (out.cines.empty()) {
        const Sector first = image.sector(groups[0].data[0]);
        const uint32_t got = first.user.size() >= 4 ? load_u32le(first.user.data()) : 0;
        char buf[16];
        std::snprintf(buf, sizeof buf, "0x%08x", got);
        fail(ErrorKind::WrongFormat, first.user_offset,
             std::string("a cinematic header (magic 0xf00dbabe or 0xbabed00d, then version and "
                         "0xdead) at user data +0 or +4 of the first data sector (") +
                 cd::shape_name(image.shape()) + " shape), got " + buf);
    }
    return out;
}

Audio decode_audio(ByteSpan bytes, const AudioTrack& t, bool all, Budget& budget) {
    const SectorImage image(bytes, cd::detect_shape(bytes));
    Audio a;
    a.sample_rate = t.rate;
    a.channels = t.stereo ? 2 : 1;
    xa::State state;
    const size_t slot_native = t.rate / 150;  // native frames per 1/150 s
    size_t count = 0;
    for (size_t i = 0; i < t.sectors.size(); ++i) {
        if (!all && !t.playback.played[i]) continue;
        ++count;
    }
    const uint64_t samples = uint64_t(count) * xa::kSamplesPerSector +
                             (all ? 0 : t.playback.total_frames * t.rate / 44100 * a.channels);
    budget.alloc(samples, sizeof(int16_t), std::nullopt, "decoded XA samples");
    budget.charge_steps(samples, "decoded XA samples");
    a.samples.reserve(samples);
    for (size_t i = 0; i < t.sectors.size(); ++i) {
        if (!all && !t.playback.played[i]) continue;
        if (!all && t.playback.gap_before[i]) {
            const uint64_t slots = t.playback.gap_before[i] / kFramesPerSlot;
            a.samples.insert(a.samples.end(), slots * slot_native * a.channels, 0);
        }
        const Sector s = image.sector(t.sectors[i]);
        xa::decode_sector(s.user, t.stereo, state, a.samples, s.user_offset);
    }
    a.extras["ripkit.audio"] =
        all ? "every XA sector decoded" : "XA sectors as the console plays them";
    a.extras["sectors"] = t.sectors.size();
    a.extras["played"] = all ? t.sectors.size() : t.playback.played_count;
    a.extras["rounding"] = "(old*K0 + older*K1 + 32) >> 6 (psx-spx / MiSTer / ffmpeg)";
    return a;
}

}  // namespace ripkit::rugrats
