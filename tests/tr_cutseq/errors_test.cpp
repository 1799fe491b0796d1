// Bad inputs each fail with a ripkit::Error of the right kind.
#include "fresh_budget.hpp"
#include "hand_bytes.hpp"
#include "ripkit/codec/zlib.hpp"
#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"
#include "tr_cutseq/cutseq_reader.hpp"
#include "tr_cutseq/cutseq_writer.hpp"
#include "tr_cutseq/testkit/demo_cutscenes.hpp"

using namespace ripkit;
using namespace ripkit::tr_cutseq;

namespace {

// The file's error, or - when only a cutscene is broken and the file opens -
// that cutscene's (which `list` shows and `convert` throws).
Error error_of(ByteSpan data, const Limits& limits = {}) {
    try {
        const CutseqFile f = read_cutseq(data, ReadOptions{}, test::fresh_budget(limits));
        for (const Cutscene& c : f.cutscenes)
            if (c.error) {
                CHECK_FALSE(c.empty);
                return *c.error;
            }
    } catch (const Error& e) {
        return e;
    }
    FAIL("no error");
    return Error(ErrorKind::Usage, std::nullopt, "");
}

ErrorKind kind_of(ByteSpan data, const Limits& limits = {}) {
    const Error e = error_of(data, limits);
    INFO(e.what());
    return e.kind();
}

std::vector<Cutscene> one() {
    DemoSpec d;
    d.frames = 40;
    return {make_demo_cutscene(d)};
}

}  // namespace

TEST_CASE("tr_cutseq zero-length and tiny files") {
    CHECK(kind_of(Bytes{}) == ErrorKind::Truncated);
    const Bytes sig = {'(', 'C', ')', ' ', 'D', 'E', 'L', '!'};
    CHECK(kind_of(sig) == ErrorKind::Truncated);  // no table
    CHECK(kind_of(Bytes{1, 2, 3}) == ErrorKind::Truncated);
}

TEST_CASE("tr_cutseq truncated and lying PAK") {
    const Bytes pak = write_pak(one());
    Bytes cut(pak.begin(), pak.begin() + static_cast<ptrdiff_t>(pak.size() / 2));
    CHECK(kind_of(cut) == ErrorKind::Truncated);
    Bytes bigger = pak;  // declared size larger than the stream holds
    hand::put32(bigger, 0, static_cast<uint32_t>(load_u32le(pak.data()) + 100));
    CHECK(kind_of(bigger) == ErrorKind::BadValue);
    Bytes smaller = pak;  // declared size smaller than the stream
    hand::put32(smaller, 0, static_cast<uint32_t>(load_u32le(pak.data()) - 1));
    CHECK(kind_of(smaller) == ErrorKind::BadValue);
    Bytes huge = pak;  // a size deflate could never reach from these bytes
    hand::put32(huge, 0, 0xFFFFFFF0u);
    CHECK(kind_of(huge) == ErrorKind::AllocationLimit);
    Bytes corrupt = pak;
    for (size_t i = 20; i < 40 && i < corrupt.size(); ++i) corrupt[i] ^= 0x5A;
    const ErrorKind k = kind_of(corrupt);
    CHECK((k == ErrorKind::BadValue || k == ErrorKind::Truncated));
}

TEST_CASE("tr_cutseq zlib helper errors") {
    const Bytes raw(1000, 7);
    const Bytes z = codec::zlib_deflate(raw);
    CHECK(codec::zlib_inflate(z, 1000, Limits{}) == raw);
    CHECK_THROWS_AS(codec::zlib_inflate(ByteSpan(z.data(), z.size() - 3), 1000, Limits{}), Error);
    Limits tight;
    tight.max_alloc_bytes = 999;
    try {
        codec::zlib_inflate(z, 1000, tight);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::AllocationLimit);
    }
}

TEST_CASE("tr_cutseq offsets past the end") {
    Bytes bin = write_bin(one());
    Bytes past = bin;  // entry 1 offset beyond the file
    hand::put32(past, 8, static_cast<uint32_t>(bin.size() + 10));
    CHECK(kind_of(past) == ErrorKind::BadIndex);
    Bytes longer = bin;  // entry 1 size beyond the file
    hand::put32(longer, 12, static_cast<uint32_t>(bin.size()));
    CHECK(kind_of(longer) == ErrorKind::BadIndex);
    // Camera offset (cutscene-relative, at +20) past the block.
    const uint32_t at = load_u32le(bin.data() + 8), size = load_u32le(bin.data() + 12);
    Bytes cam = bin;
    hand::put32(cam, at + 20, size + 4);
    CHECK(kind_of(cam) == ErrorKind::BadIndex);
    // Actor 0 offset past the block.
    Bytes act = bin;
    hand::put32(act, at + 24, size);
    CHECK(kind_of(act) == ErrorKind::BadIndex);
    // A file cut inside the cutscene's data.
    Bytes cut(bin.begin(), bin.end() - 16);
    CHECK(kind_of(cut) == ErrorKind::BadIndex);
}

TEST_CASE("tr_cutseq huge counts hit the limits or the data end") {
    Bytes bin = write_bin(one());
    const uint32_t at = load_u32le(bin.data() + 8);
    Bytes actors = bin;  // 32767 actors: their headers do not fit
    actors[at] = 0xFF;
    actors[at + 1] = 0x7F;
    CHECK(kind_of(actors) == ErrorKind::Truncated);
    Bytes negative = bin;
    negative[at + 3] = 0x80;  // numframes < 0
    CHECK(kind_of(negative) == ErrorKind::BadValue);
    Bytes frames = bin;  // 32767 frames: fine data-wise, over a tight limit
    frames[at + 2] = 0xFF;
    frames[at + 3] = 0x7F;
    Limits tight;
    tight.max_elements = 100000;
    CHECK(kind_of(frames, tight) == ErrorKind::AllocationLimit);
    Bytes nodes = bin;  // actor 0 claims 30000 meshes: headers run past the block
    nodes[at + 24 + 6] = 0x30;
    nodes[at + 24 + 7] = 0x75;
    CHECK(kind_of(nodes) == ErrorKind::Truncated);
}

TEST_CASE("tr_cutseq error messages name offset and context") {
    Bytes bin = write_bin(one());
    const uint32_t at = load_u32le(bin.data() + 8), size = load_u32le(bin.data() + 12);
    hand::put32(bin, at + 24, size);
    {
        const Error e = error_of(bin);
        REQUIRE(e.offset().has_value());
        CHECK(*e.offset() == at + 24);
        const std::string msg = e.what();
        CHECK(msg.find("cutscene 1") != std::string::npos);
        CHECK(msg.find("actor 0") != std::string::npos);
    }
}
