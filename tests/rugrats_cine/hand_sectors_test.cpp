// A whole cinematic in the RIFF/CDXA and 2336-byte shapes, every byte put
// down here from the reference's tables (sync, BCD header, subheader and its
// copy, RIFF chunk sizes, the seed's header and frame words, one XA sound
// group), without the project's sector or stream writers. The expected
// records and samples are worked out by hand below.
#include <cstring>

#include "ripkit/cd/sector_writer.hpp"
#include "ripkit_catch.hpp"
#include "rugrats_cine/document.hpp"

using namespace ripkit;
using namespace ripkit::rugrats_cine;

namespace {

void le16(Bytes& b, uint16_t v) { b.insert(b.end(), {uint8_t(v), uint8_t(v >> 8)}); }
void le32(Bytes& b, uint32_t v) {
    b.insert(b.end(), {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)});
}

struct HandSector {
    uint8_t sub[4];  // file, channel, submode, coding
    Bytes user;      // 2048 (Form 1) or 2324 (Form 2) bytes
};

// Submodes: data 0x08; audio 0x04 | Form 2 0x20 | real-time 0x40 = 0x64;
// the last data sector adds end of file 0x80.
constexpr uint8_t kDataSub = 0x08, kAudioSub = 0x64, kLastSub = 0x88;
// Coding: stereo (bits 0-1 = 1), 37800 Hz (bits 2-3 = 0), 4-bit (bits 4-5 = 0).
constexpr uint8_t kStereo37800 = 0x01;

Bytes header_payload() {
    Bytes b;
    le32(b, 0xf00dbabe);  // magic
    le16(b, 3);           // version
    le16(b, 0xdead);
    le16(b, 2);  // frames
    le16(b, 4);  // setup_size
    b.insert(b.end(), {0x11, 0x22, 0x33, 0x44});
    b.resize(2048, 0);
    return b;
}

// Frame n: camera (100n, -200, 300) with q = (0, 0, 0, 2000); one actor, id
// 5, q = (0, 0, 0, 4000) at (1, 2, 3n), mouth n, eyes 1; no poses.
Bytes frame_payload(uint16_t n) {
    Bytes b;
    le16(b, n);     // frame
    le16(b, 1380);  // unknown_02
    le32(b, uint32_t(100 * n));
    le32(b, uint32_t(-200));
    le32(b, 300);
    le32(b, 1u << 26);                      // q0 0, q1 0, 1 actor
    le32(b, 2000u << 13);                   // q2 0, q3 2000, 0 poses
    le32(b, uint32_t(n) << 26 | 1u << 30);  // q0 0, q1 0, mouth n, eyes 1
    le32(b, 4000u << 13);                   // q2 0, q3 4000
    le32(b, 1);
    le32(b, 2);
    le32(b, uint32_t(3 * n));
    le16(b, 5);  // id
    le16(b, 0);  // unknown_16
    b.resize(2048, 0);
    return b;
}

// One sound group worked out by hand (the rest of the sector is zero):
// block 0 (left) shift 12 filter 0, block 1 (right) shift 8 filter 1; word 0
// byte 0 = 0x73 (left nibble 3, right 7), word 1 byte 0 = 0x9F (left -1,
// right -7). Header bytes 0..3 repeat 4..7 and 12..15 repeat 8..11.
Bytes audio_payload() {
    Bytes b(2324, 0);
    b[0] = b[4] = 0x0C;
    b[1] = b[5] = 0x18;
    b[16] = 0x73;
    b[20] = 0x9F;
    return b;
}

// The sector order of a stream: header, audio, frame 1, audio, frame 2 (last).
std::vector<HandSector> hand_stream() {
    return {{{1, 1, kDataSub, 0}, header_payload()},
            {{1, 1, kAudioSub, kStereo37800}, audio_payload()},
            {{1, 1, kDataSub, 0}, frame_payload(1)},
            {{1, 1, kAudioSub, kStereo37800}, audio_payload()},
            {{1, 1, kLastSub, 0}, frame_payload(2)}};
}

// Subheader, its copy, user data, zero EDC (and ECC for Form 1): 2336 bytes.
void put_mode2_body(Bytes& out, const HandSector& s) {
    for (int copy = 0; copy < 2; ++copy) out.insert(out.end(), s.sub, s.sub + 4);
    out.insert(out.end(), s.user.begin(), s.user.end());
    out.resize(out.size() + 2336 - 8 - s.user.size(), 0);
}

Bytes mode2_2336(const std::vector<HandSector>& sectors) {
    Bytes out;
    for (const HandSector& s : sectors) put_mode2_body(out, s);
    return out;
}

// 44 bytes: "RIFF", size of what follows, "CDXA", a 16-byte "fmt " chunk
// (user and group id 0, attributes 0x8D55, "XA", file number 1, 7 reserved),
// "data" and its size; then raw sectors: sync 00 FF*10 00, BCD minute,
// second, frame of LBA + 150 (LBA 0 = 00:02:00), mode 2.
Bytes riff(const std::vector<HandSector>& sectors) {
    const uint32_t data = uint32_t(sectors.size() * 2352);
    Bytes out = {'R', 'I', 'F', 'F'};
    le32(out, 4 + (8 + 16) + 8 + data);
    out.insert(out.end(), {'C', 'D', 'X', 'A', 'f', 'm', 't', ' '});
    le32(out, 16);
    out.insert(out.end(), {0, 0, 0, 0, 0x55, 0x8D, 'X', 'A', 1, 0, 0, 0, 0, 0, 0, 0});
    out.insert(out.end(), {'d', 'a', 't', 'a'});
    le32(out, data);
    REQUIRE(out.size() == 44);
    for (size_t lba = 0; lba < sectors.size(); ++lba) {
        out.push_back(0x00);
        out.insert(out.end(), 10, 0xFF);
        out.push_back(0x00);
        out.insert(out.end(), {0x00, 0x02, uint8_t(lba), 0x02});  // frames 0..4: BCD = binary
        put_mode2_body(out, sectors[lba]);
    }
    return out;
}

// The left and right samples of the hand group, per the reference's rule
// sample = (s16(nibble << 12) >> shift) + (old*K0 + older*K1 + 32) >> 6:
// left (filter 0): 3, -1, then 0. Right (filter 1, K0 = 60): 7<<12>>8 = 112;
// -7<<12>>8 = -112 plus (112*60 + 32) >> 6 = 105 gives -7; then
// (-7*60 + 32) >> 6 = -388 >> 6 = -7 for every later sample of the block.
// The other 16 groups, and blocks 2..7, are zero with filter 0: silence.
void check_hand_audio(const std::vector<int16_t>& s, size_t sector) {
    const size_t at = sector * 4032;
    INFO("audio sector " << sector);
    CHECK(s[at + 0] == 3);
    CHECK(s[at + 1] == 112);
    CHECK(s[at + 2] == -1);
    CHECK(s[at + 3] == -7);
    for (size_t k = 2; k < 28; ++k) {
        CHECK(s[at + 2 * k] == 0);
        CHECK(s[at + 2 * k + 1] == -7);
    }
    size_t nonzero = 0;
    for (size_t i = at + 56; i < at + 4032; ++i) nonzero += s[i] != 0;
    CHECK(nonzero == 0);
}

void check_document(const Bytes& file, const char* shape, uint64_t first_user) {
    INFO(shape);
    const CineDocument doc(file, Options{});
    CHECK(doc.info()["shape"] == shape);
    const nlohmann::json d = doc.dump(std::nullopt);
    CHECK(d["header"]["magic"] == 0xf00dbabeu);
    CHECK(d["header"]["version"] == 3);
    CHECK(d["header"]["frames"] == 2);
    CHECK(d["header"]["setup_size"] == 4);
    REQUIRE(d["frames"].size() == 2);
    CHECK(d["end"] == "count");
    for (int n = 1; n <= 2; ++n) {
        const nlohmann::json& f = d["frames"][n - 1];
        CHECK(f["frame"] == n);
        CHECK(f["sector"] == 2 * n);
        CHECK(f["camera"]["position"] == nlohmann::json({100 * n, -200, 300}));
        CHECK(f["camera"]["quaternion"] == nlohmann::json({0, 0, 0, 2000}));
        REQUIRE(f["actors"].size() == 1);
        CHECK(f["actors"][0]["id"] == 5);
        CHECK(f["actors"][0]["position"] == nlohmann::json({1, 2, 3 * n}));
        CHECK(f["actors"][0]["quaternion"] == nlohmann::json({0, 0, 0, 4000}));
        CHECK(f["actors"][0]["mouth_field"] == n);
        CHECK(f["actors"][0]["eyes_field"] == 1);
        CHECK(f["actors"][0]["unknown_16"] == 0);
        CHECK(f["unknown_02"] == 1380);
        // The seed: a nonzero mouth field sets that frame, eyes e sets frame e - 1.
        CHECK(f["actors"][0]["mouth"] == n);
        CHECK(f["actors"][0]["eyes"] == 0);
    }
    CHECK(d["audio"]["sectors"] == 2);
    CHECK(d["audio"]["channels"] == 2);
    CHECK(d["audio"]["rate"] == 37800);
    // Where the first sector's user data starts in the file.
    const cd::SectorImage image = cd::open_sectors(file);
    REQUIRE(image.count() == 5);
    CHECK(image.sector(0).user_offset == first_user);
    CHECK(image.sector(1).user.size() == 2324);
    CHECK(image.sector(2).user.size() == 2048);
    CHECK(image.sector(4).sub->submode == kLastSub);

    Options all;
    all.format_options["audio"] = {"all"};
    const Scene s = CineDocument(file, all).scene(1);
    REQUIRE(s.audio);
    REQUIRE(s.audio->samples.size() == 2 * 4032);
    // Blocks 2..7 and the later groups end both histories at 0 (filter 0,
    // nibble 0), so the second sector decodes as the first.
    check_hand_audio(s.audio->samples, 0);
    check_hand_audio(s.audio->samples, 1);
}

}  // namespace

TEST_CASE("RIFF/CDXA from hand-written bytes: records, audio and offsets") {
    const Bytes file = riff(hand_stream());
    REQUIRE(file.size() == 44 + 5 * 2352);
    CHECK(cd::detect_shape(file) == cd::SectorShape::Riff);
    check_document(file, "riff", 44 + 24);
}

TEST_CASE("2336-byte Mode 2 sectors from hand-written bytes: records, audio and offsets") {
    const Bytes file = mode2_2336(hand_stream());
    REQUIRE(file.size() == 5 * 2336);
    CHECK(cd::detect_shape(file) == cd::SectorShape::Mode2_2336);
    check_document(file, "mode2_2336", 8);
}

TEST_CASE("the sector writer lays the same sectors down byte for byte") {
    std::vector<cd::SectorSpec> specs;
    for (const HandSector& h : hand_stream())
        specs.push_back({cd::Subheader{h.sub[0], h.sub[1], h.sub[2], h.sub[3]}, h.user});
    CHECK(cd::write_sectors(specs, cd::SectorShape::Riff) == riff(hand_stream()));
    CHECK(cd::write_sectors(specs, cd::SectorShape::Mode2_2336) == mode2_2336(hand_stream()));
}
