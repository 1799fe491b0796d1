#include "anim_builder.hpp"

#include "hey_you_pikachu/rom_layout.hpp"
#include "ripkit/error.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

void put32(Bytes& rom, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) rom.at(at + size_t(i)) = uint8_t(v >> (24 - 8 * i));
}

}  // namespace

BuiltAnims write_anims(Bytes& rom, const AnimSpec& spec) {
    BuiltAnims out;
    if (!spec.present) return out;
    // Bank data, offsets relative to kAnimBase: per bank the track list, then
    // the vectors, then the record streams.
    ByteWriter w(Endian::Big);
    std::vector<uint32_t> starts(kAnimBankCount + 1, 0);
    uint32_t next = 0;  // first bank index not yet laid out
    auto rel = [&] { return uint32_t(w.size()); };
    for (const AnimBankSpec& b : spec.banks) {
        if (b.index >= kAnimBankCount || b.index < next)
            fail_no_offset(ErrorKind::Usage, "animation bank indices increasing below 230");
        for (; next <= b.index; ++next) starts[next] = rel();
        BuiltAnimBank bb;
        bb.index = b.index;
        bb.start = kAnimBase + rel();
        bb.track_list = bb.start;
        const size_t list_at = w.size();
        w.zeros(8 * (b.tracks.size() + 1));  // entries, then the {0, 0} terminator
        for (size_t t = 0; t < b.tracks.size(); ++t) {
            const AnimTrackSpec& ts = b.tracks[t];
            BuiltAnimTrack bt;
            bt.entry_offset = kAnimBase + uint32_t(list_at + 8 * t);
            bt.vector_offset = kAnimBase + rel();
            w.put_u32(list_at + 8 * t, uint32_t(ts.node_type));
            w.put_u32(list_at + 8 * t + 4, rel());
            const size_t vec_at = w.size();
            w.zeros(8 * ts.scalars.size());
            for (size_t s = 0; s < ts.scalars.size(); ++s) {
                const AnimScalarSpec& ss = ts.scalars[s];
                BuiltAnimScalar bs;
                bs.offset = kAnimBase + uint32_t(vec_at + 8 * s);
                w.put_u32(vec_at + 8 * s, ss.kind);
                if (ss.kind == 1 || ss.kind == 2) {
                    bs.stream_offset = kAnimBase + rel();
                    w.put_u32(vec_at + 8 * s + 4, rel());
                    for (const AnimPieceSpec& p : ss.pieces) {
                        w.f32(p.a);
                        w.f32(p.b);
                        w.f32(p.c);
                        w.s16(p.base);
                        w.u8(p.fraction);
                        w.u8(p.ticks);
                    }
                } else {
                    w.put_u32(vec_at + 8 * s + 4, uint32_t(ss.constant));
                }
                bt.scalars.push_back(bs);
            }
            bb.tracks.push_back(std::move(bt));
        }
        bb.end = kAnimBase + rel();
        out.banks.push_back(std::move(bb));
    }
    for (; next <= kAnimBankCount; ++next) starts[next] = rel();

    const size_t need = size_t(kAnimBase) + w.size() + 16;
    if (rom.size() < need) rom.resize((need + 0xFFF) & ~size_t(0xFFF), 0);
    std::copy(w.bytes().begin(), w.bytes().end(), rom.begin() + long(kAnimBase));
    for (uint32_t n = 0; n <= kAnimBankCount; ++n) put32(rom, kAnimRangeTable + 4 * n, starts[n]);
    for (const AnimBankSpec& b : spec.banks) {
        const BuiltAnimBank* bb = nullptr;
        for (const auto& x : out.banks)
            if (x.index == b.index) bb = &x;
        put32(rom, kAnimTrackTable + 4 * b.index, bb->track_list - kAnimBase);
        put32(rom, kAnimDurationTable + 4 * b.index, f32_to_bits(b.duration));
    }
    put32(rom, kAnimTimeQuantum, f32_to_bits(spec.quantum));
    return out;
}

AnimSpec sample_anim_spec() {
    auto constant = [](double v) {
        AnimScalarSpec s;
        s.constant = int32_t(v * 65536.0);
        return s;
    };
    auto stream = [](uint32_t kind, std::vector<AnimPieceSpec> pieces) {
        AnimScalarSpec s;
        s.kind = kind;
        s.pieces = std::move(pieces);
        return s;
    };
    AnimSpec spec;
    spec.present = true;
    spec.quantum = 1.0f / 30.0f;
    AnimBankSpec walk;
    walk.index = 3;
    walk.duration = 2.0f;
    // Root (type 1): rx, ry, rz, tx, ty, tz.
    walk.tracks.push_back(
        {1,
         {constant(0.0), stream(2, {{1.5f, 0.0f, 0, 0, 0, 30}, {-1.5f, 1.5f, 0, 0, 0, 30}}),
          constant(0.25),
          stream(1, {{2.0f, -3.0f, 1.0f, 10, 128, 30}, {0.0f, 0.0f, 4.0f, 10, 128, 30}}),
          stream(2, {{30.0f, 0.0f, 0, 0, 0, 15},
                     {0.0f, 40.0f, 0, 0, 0, 15},
                     {5.0f, -20.0f, 0, 0, 0, 255}}),
          constant(-5.0)}});
    // Type 2: a cubic spin about y, 2 turns a second and speeding up.
    walk.tracks.push_back({2,
                           {constant(0.0), stream(1, {{0.0f, 3.0f, 12.566371f, 0, 0, 60}}),
                            constant(0.0), constant(0.0), constant(100.0), constant(0.0)}});
    AnimBankSpec idle;
    idle.index = 17;
    idle.duration = 1.0f;
    idle.tracks.push_back({4,
                           {constant(0.0), constant(0.0), constant(0.5), constant(0.0),
                            constant(10.0), constant(0.0)}});
    idle.tracks.push_back({1,
                           {constant(0.1), constant(0.0), constant(0.0), constant(0.0),
                            constant(2.0), constant(0.0)}});
    idle.tracks.push_back({40, {constant(1.0), constant(0.0), constant(0.0)}});
    AnimBankSpec other;
    other.index = 42;
    other.duration = 0.5f;
    other.tracks.push_back({12,
                            {constant(0.0), constant(0.0), constant(0.0), constant(0.0),
                             constant(0.0), constant(0.0)}});
    other.tracks.push_back({2,
                            {constant(0.0), constant(1.0), constant(0.0), constant(0.0),
                             constant(0.0), constant(0.0)}});
    spec.banks = {walk, idle, other};
    return spec;
}

AnimSpec every_bank_anim_spec() {
    AnimSpec anims = sample_anim_spec();
    anims.banks.clear();
    for (uint32_t b = 0; b < kAnimBankCount; ++b) {
        AnimBankSpec bank;
        bank.index = b;
        bank.duration = 4.0f;
        for (int32_t type = 1; type <= 20; ++type) {
            AnimTrackSpec t;
            t.node_type = type;
            for (int s = 0; s < 6; ++s) {
                AnimScalarSpec sc;
                sc.kind = uint32_t((s + type) % 3);
                sc.constant = 65536 * s;
                for (int p = 0; p < 30; ++p)
                    sc.pieces.push_back({0.01f * float(p % 5), 0.5f - 0.1f * float(s),
                                         float(type % 4), int16_t(p), uint8_t(p * 8), 4});
                t.scalars.push_back(sc);
            }
            bank.tracks.push_back(t);
        }
        anims.banks.push_back(bank);
    }
    return anims;
}

}  // namespace ripkit::hey_you_pikachu
