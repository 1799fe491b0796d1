// XA-ADPCM: the decoder's arithmetic against hand-computed values, the
// encoder's round trip, and the decoder against ffmpeg's adpcm_xa on random
// sound groups (every filter, shifts 0..12, clamping) in raw sectors put
// down by hand here.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

#include "ripkit/codec/xa_adpcm.hpp"
#include "ripkit/codec/xa_encoder.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::xa;

TEST_CASE("decode_sample: hand-computed steps") {
    History h;
    // nibble 7, shift 0, no prediction: 7 << 12 = 28672.
    CHECK(decode_sample(7, 0, 0, h) == 28672);
    History z;
    CHECK(decode_sample(8, 0, 0, z) == -32768);  // nibble 8 is -8
    History z2;
    CHECK(decode_sample(7, 12, 0, z2) == 7);
    History z3;
    CHECK(decode_sample(1, 13, 0, z3) == 8);  // shift 13 acts as 9: 4096 >> 9
    // filter 1 with old 1000: (1000*60 + 32) >> 6 = 938, plus 1.
    History f1{1000, 0};
    CHECK(decode_sample(1, 12, 1, f1) == 939);
    CHECK(f1.old == 939);
    CHECK(f1.older == 1000);
    // Single rounding on negatives: (-100*115 + 50*-52 + 32) >> 6 = -14068 >> 6 = -220
    // (DuckStation's per-product shifts give -180 + -41 = -221).
    History f2{-100, 50};
    CHECK(decode_sample(0, 0, 2, f2) == -220);
    // filter 3: (10*98 + 20*-55 + 32) >> 6 = (980 - 1100 + 32) >> 6 = -88 >> 6 = -2
    History f3{10, 20};
    CHECK(decode_sample(0, 0, 3, f3) == -2);
    // Clamping: 28672 + ((32767*60 + 32) >> 6 = 30719) -> 32767.
    History f4{32767, 0};
    CHECK(decode_sample(7, 0, 1, f4) == 32767);
}

TEST_CASE("decode_sector: sample placement of a hand-built group") {
    Bytes s(kSectorSize, 0);
    // Group 0: block 0 shift 12 filter 0, block 1 shift 12; sample 0 of
    // block 0 = 3, of block 1 = -2 (nibble 0xE): word 0 byte 0 = 0xE3.
    s[4] = 0x0C;
    s[5] = 0x0C;
    s[16] = 0xE3;
    s[16 + 4] = 0x05;  // sample 1 of block 0 = 5
    std::vector<int16_t> mono, stereo;
    State a, b;
    decode_sector(s, false, a, mono);
    decode_sector(s, true, b, stereo);
    REQUIRE(mono.size() == 4032);
    REQUIRE(stereo.size() == 4032);
    // Mono: block 0 samples 0..27 then block 1.
    CHECK(mono[0] == 3);
    CHECK(mono[1] == 5);
    CHECK(mono[28] == -2);
    // Stereo: block 0 left, block 1 right, interleaved frames.
    CHECK(stereo[0] == 3);
    CHECK(stereo[1] == -2);
    CHECK(stereo[2] == 5);
    CHECK_THROWS_AS(decode_sector(ByteSpan(s.data(), 100), false, a, mono), Error);
}

namespace {

std::vector<int16_t> tone(size_t values, bool stereo) {
    std::vector<int16_t> v(values);
    for (size_t i = 0; i < values; ++i) {
        const size_t frame = stereo ? i / 2 : i;
        const double f = (stereo && (i & 1)) ? 660.0 : 440.0;
        v[i] = int16_t(9000 * std::sin(2 * M_PI * f * double(frame) / 37800.0));
    }
    return v;
}

double snr_db(const std::vector<int16_t>& ref, const std::vector<int16_t>& got) {
    double s = 0, n = 0;
    for (size_t i = 0; i < ref.size(); ++i) {
        s += double(ref[i]) * ref[i];
        const double d = double(ref[i]) - got[i];
        n += d * d;
    }
    return 10 * std::log10(s / std::max(n, 1.0));
}

}  // namespace

TEST_CASE("encoder round trip keeps a tone and uses predicting filters") {
    for (bool stereo : {false, true}) {
        const std::vector<int16_t> in = tone(4 * kSamplesPerSector, stereo);
        State enc, dec;
        std::vector<int16_t> out;
        int predicting = 0, blocks = 0;
        for (size_t k = 0; k < 4; ++k) {
            const Bytes sec = encode_sector(
                std::span<const int16_t>(in.data() + k * kSamplesPerSector, kSamplesPerSector),
                stereo, enc);
            REQUIRE(sec.size() == kSectorSize);
            for (size_t g = 0; g < kGroups; ++g) {
                const uint8_t* grp = sec.data() + g * kGroupSize;
                for (int i = 0; i < 4; ++i) {
                    CHECK(grp[i] == grp[4 + i]);  // header copies
                    CHECK(grp[12 + i] == grp[8 + i]);
                }
                for (int b = 0; b < 8; ++b) {
                    predicting += (grp[4 + b] >> 4) != 0;
                    ++blocks;
                    CHECK((grp[4 + b] & 0x0F) <= 12);
                }
            }
            decode_sector(sec, stereo, dec, out);
        }
        CHECK(snr_db(in, out) > 30.0);
        CHECK(predicting > blocks / 2);
        // The encoder's history equals the decoder's after the same sectors.
        CHECK(enc.ch[0].old == dec.ch[0].old);
        CHECK(enc.ch[0].older == dec.ch[0].older);
    }
}

namespace {

// Random sound groups as the format allows them: per block a filter 0..3 and
// a shift 0..12 (13..15 are left out: the console treats them as 9 and
// ffmpeg as 12, see "decode_sample" above), header bytes 0..3 / 12..15
// repeating 4..7 / 8..11, any sample bytes; the 20 bytes after the groups 0.
Bytes random_payload(std::mt19937& rng) {
    Bytes p(kSectorSize, 0);
    for (size_t g = 0; g < kGroups; ++g) {
        uint8_t* grp = p.data() + g * kGroupSize;
        for (int b = 0; b < 8; ++b) grp[4 + b] = uint8_t((rng() % 4) << 4 | (rng() % 13));
        for (int i = 0; i < 4; ++i) grp[i] = grp[4 + i], grp[12 + i] = grp[8 + i];
        for (size_t i = 16; i < kGroupSize; ++i) grp[i] = uint8_t(rng());
    }
    return p;
}

// Raw 2352-byte Form 2 audio sectors: sync 00 FF*10 00, BCD 00:02:ff (LBA
// + 150 for LBA < 75), mode 2, subheader file 1 channel 1 submode 0x64
// (audio, Form 2, real-time) and `coding`, twice; payload; 4 zero EDC bytes.
Bytes raw_audio_file(const std::vector<Bytes>& payloads, uint8_t coding) {
    Bytes out;
    for (size_t lba = 0; lba < payloads.size(); ++lba) {
        out.push_back(0x00);
        out.insert(out.end(), 10, 0xFF);
        out.push_back(0x00);
        out.insert(out.end(), {0x00, 0x02, uint8_t((lba / 10) << 4 | (lba % 10)), 0x02});
        for (int copy = 0; copy < 2; ++copy) out.insert(out.end(), {1, 1, 0x64, coding});
        out.insert(out.end(), payloads[lba].begin(), payloads[lba].end());
        out.insert(out.end(), 4, 0);
    }
    return out;
}

std::vector<int16_t> ffmpeg_decode(const Bytes& file, const std::string& tag) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("ripkit_xa_ffmpeg_" + std::to_string(::getpid()) + "_" + tag);
    std::filesystem::create_directories(dir);
    const auto in = dir / "in.str", out = dir / "out.pcm";
    {
        std::ofstream f(in, std::ios::binary);
        f.write(reinterpret_cast<const char*>(file.data()), std::streamsize(file.size()));
    }
    // ffmpeg reports the end of the file as an I/O error (psxstr), quietly.
    const std::string cmd = "ffmpeg -nostdin -v quiet -y -f psxstr -i '" + in.string() +
                            "' -f s16le -acodec pcm_s16le '" + out.string() + "'";
    REQUIRE(std::system(cmd.c_str()) == 0);
    std::ifstream f(out, std::ios::binary);
    const std::string pcm((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    std::filesystem::remove_all(dir);
    std::vector<int16_t> v(pcm.size() / 2);
    for (size_t i = 0; i < v.size(); ++i)
        v[i] = int16_t(uint8_t(pcm[2 * i]) | (uint8_t(pcm[2 * i + 1]) << 8));
    return v;
}

}  // namespace

TEST_CASE("decode_sector equals ffmpeg's adpcm_xa sample for sample on random groups") {
    std::mt19937 rng(20240611);
    // coding: stereo 37.8 kHz, mono 37.8 kHz, mono 18.9 kHz.
    for (uint8_t coding : {uint8_t(0x01), uint8_t(0x00), uint8_t(0x04)}) {
        const bool stereo = coding & 1;
        INFO("coding " << int(coding));
        std::vector<Bytes> payloads;
        for (int i = 0; i < 12; ++i) payloads.push_back(random_payload(rng));
        std::vector<int16_t> ours;
        State state;  // histories carry across the sectors, as ffmpeg's do
        for (const Bytes& p : payloads) decode_sector(p, stereo, state, ours);
        const std::vector<int16_t> theirs =
            ffmpeg_decode(raw_audio_file(payloads, coding), std::to_string(coding));
        REQUIRE(theirs.size() == ours.size());
        size_t diffs = 0, clamped = 0;
        for (size_t i = 0; i < ours.size(); ++i) {
            diffs += ours[i] != theirs[i];
            clamped += theirs[i] == 32767 || theirs[i] == -32768;
        }
        CHECK(diffs == 0);
        CHECK(clamped > 100);  // the random groups do reach the clamp
    }
}
