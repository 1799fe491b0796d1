#include "cine_reader.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "ripkit/cd/sector_stream.hpp"
#include "ripkit/codec/xa_adpcm.hpp"
#include "ripkit/decode_item.hpp"
#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"

namespace ripkit::rugrats_cine {

namespace {

using cd::Sector;

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

// One file/channel's data sectors as the stream goes by: the first must hold
// a cinematic header, the frames follow it until the header's count or the
// end marker. Its errors are kept without the cinematic's frame, which needs
// the id only the whole file tells (decode_file).
struct ChannelDecode {
    uint8_t file = 0, channel = 0;
    size_t first_sector = SIZE_MAX;  // none yet
    uint64_t first_user_offset = 0;
    uint32_t first_word = 0;  // for the message when no channel has a header
    bool headerless = false, done = false;
    uint64_t charged = 0;  // the bytes the kept records hold (given back on an error)
    Cinematic c;

    // `s` is one of the file's data sectors, `count` how many sectors it has.
    void take(const Sector& s, size_t count, Budget& budget) {
        const bool first = first_sector == SIZE_MAX;
        if (first) {
            first_sector = s.index;
            first_user_offset = s.user_offset;
            first_word = s.user.size() >= 4 ? load_u32le(s.user.data()) : 0;
            const auto off = header_offset(s.user);
            headerless = !off;
            if (headerless) return;
            c.data_offset = *off;
            c.header_sector = s.index;
        }
        if (headerless || done || c.error) return;
        const Budget::Meter meter(budget);
        c.error = decode_item(budget, "", [&] {
            if (first) return header(s, budget.limits(), count - s.index);
            with_context("sector", s.index, [&] { frame(s, budget); });
        });
        charged += meter.net();
        if (c.error) {
            budget.release_bytes(charged);
            c.frames.clear();
            done = true;
        }
    }

    void header(const Sector& s, const Limits& limits, size_t sectors_left) {
        ByteReader r(s.user.subspan(c.data_offset), s.user_offset + c.data_offset);
        with_context("sector", s.index, [&] { c.header = read_header(r); });
        if (c.header.version != 3)
            c.warnings.push_back("header version " + std::to_string(c.header.version) +
                                 " (OPEN.BIN has 3; the engine compares it with its own)");
        check_alloc(limits, c.header.frames, sizeof(FrameRecord), 0, "frames");
        // A frame takes a sector: the file bounds what a hostile count reserves.
        c.frames.reserve(std::min<size_t>(c.header.frames, sectors_left));
        if (c.header.frames == 0) finish("count");
    }

    void frame(const Sector& s, Budget& budget) {
        if (s.user.size() <= c.data_offset)
            fail(ErrorKind::Truncated, s.user_offset, "a frame record in the sector");
        ByteReader r(s.user.subspan(c.data_offset), s.user_offset + c.data_offset);
        FrameRecord f;
        if (!read_frame(r, f, budget.limits())) return finish("marker");
        budget.charge_bytes(sizeof(FrameRecord) + f.actors.size() * sizeof(ActorRecord) +
                                f.poses.size() * sizeof(PoseRecord),
                            "frame records", s.user_offset);
        for (const PoseRecord& p : f.poses)
            budget.charge_bytes(p.keys.size() * sizeof(PoseKey), "pose keys", s.user_offset);
        f.sector = s.index;
        const size_t n = c.frames.size() + 1;
        if (f.frame != n && c.warnings.size() < 16)
            c.warnings.push_back(at_sector(s.index) + ": frame number " + std::to_string(f.frame) +
                                 ", expected " + std::to_string(n));
        c.frames.push_back(std::move(f));
        if (c.frames.size() == c.header.frames) finish("count");
    }

    void finish(const char* end) {
        c.end = end;
        done = true;
        warn_zero_quaternions(c);
    }

    // The stream ended before the header's count or a marker.
    void ran_out(uint64_t end, Budget& budget) {
        if (headerless || done || c.error) return;
        c.error = Error(ErrorKind::Truncated, end,
                        "frame " + std::to_string(c.frames.size() + 1) + " of " +
                            std::to_string(c.header.frames) +
                            " (the header's count) or the end marker 0xdddddddd; the " +
                            "file/channel has no more data sectors");
        budget.release_bytes(charged);
        c.frames.clear();
    }
};

std::optional<AudioTrack> collect_audio(const std::vector<cd::Subheader>& subs, bool has_subheaders,
                                        Cinematic& c, const CineOptions& o) {
    if (!has_subheaders) {
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
    for (size_t i = 0; i < subs.size(); ++i) {
        const cd::Subheader& sub = subs[i];
        if (!sub.audio()) continue;
        if (sub.file != t.file || sub.channel != t.channel) {
            others.insert({sub.file, sub.channel});
            continue;
        }
        const cd::AudioCoding coding = cd::decode_coding(sub.coding);
        if (!sub.form2() || coding.bits != 4) {
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
    t.playback = simulate_playback(slots, subs.size());
    return t;
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

CineFile decode_file(const ByteSource& source, const CineOptions& o, Budget& budget) {
    CineFile out;
    const cd::SectorStream stream(source);
    out.shape = stream.shape();
    out.sector_count = stream.count();
    // One pass: the subheaders (for the audio) and each file/channel's records.
    std::vector<cd::Subheader> subs;
    if (stream.has_subheaders()) {
        budget.alloc(stream.count(), sizeof(cd::Subheader), std::nullopt, "sector subheaders");
        subs.reserve(stream.count());
    }
    std::map<std::pair<int, int>, ChannelDecode> channels;
    cd::SectorStream::Reader reader(stream);
    for (size_t i = 0; i < stream.count(); ++i) {
        if (i % 1024 == 0) budget.progress(i, stream.count(), "sector " + std::to_string(i));
        const Sector s = reader.sector(i);
        if (s.sub) subs.push_back(*s.sub);
        if (s.sub && !s.sub->data()) continue;
        const uint8_t file = s.sub ? s.sub->file : 0, channel = s.sub ? s.sub->channel : 0;
        ChannelDecode& d = channels[{file, channel}];
        d.file = file;
        d.channel = channel;
        d.take(s, stream.count(), budget);
    }
    if (channels.empty())
        fail(ErrorKind::WrongFormat, 0, "at least one data sector (found only audio sectors)");
    std::set<int> numbers;
    bool channel_clash = false;
    for (const auto& [key, d] : channels) channel_clash |= !numbers.insert(d.channel).second;
    const uint64_t end = stream.sector_offset(stream.count());
    size_t done = 0;
    for (auto& [key, d] : channels) {
        budget.progress(done++, channels.size(),
                        "file " + std::to_string(d.file) + " channel " + std::to_string(d.channel));
        if (d.headerless) {
            out.warnings.push_back("file " + std::to_string(d.file) + " channel " +
                                   std::to_string(d.channel) + ": data sectors without a " +
                                   "cinematic header (" + at_sector(d.first_sector) + ")");
            continue;
        }
        Cinematic& c = d.c;
        c.file = d.file;
        c.channel = d.channel;
        c.id = channel_clash ? int64_t(d.file) * 32 + d.channel : d.channel;
        d.ran_out(end, budget);
        const std::string name = "cinematic " + std::to_string(c.id);
        if (!c.error)
            c.error = decode_item(budget, name, [&] {
                c.audio = collect_audio(subs, stream.has_subheaders(), c, o);
            });
        else
            c.error->push_where(name);
        if (c.error) {
            c.frames.clear();
            c.audio.reset();
        }
        out.cines.push_back(std::move(c));
    }
    if (out.cines.empty()) {
        const ChannelDecode& first = channels.begin()->second;
        fail(ErrorKind::WrongFormat, first.first_user_offset,
             std::string("a cinematic header (magic 0xf00dbabe or 0xbabed00d, then version and "
                         "0xdead) at user data +0 or +4 of the first data sector (") +
                 cd::shape_name(stream.shape()) + " shape), got " +
                 hex(first.first_word, 8, HexCase::Lower));
    }
    return out;
}

Audio decode_audio(const ByteSource& source, const AudioTrack& t, bool all, Budget& budget) {
    const cd::SectorStream stream(source);
    cd::SectorStream::Reader reader(stream);
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
        const Sector s = reader.sector(t.sectors[i]);
        xa::decode_sector(s.user, t.stereo, state, a.samples, s.user_offset);
    }
    a.extras["ripkit.audio"] =
        all ? "every XA sector decoded" : "XA sectors as the console plays them";
    a.extras["sectors"] = t.sectors.size();
    a.extras["played"] = all ? t.sectors.size() : t.playback.played_count;
    a.extras["rounding"] = "(old*K0 + older*K1 + 32) >> 6 (psx-spx / MiSTer / ffmpeg)";
    return a;
}

}  // namespace ripkit::rugrats_cine
