// cd::SectorStream against open_sectors over the same bytes: the same shape,
// sectors and errors, read a chunk at a time from a source that is not in
// memory (so every byte goes through ByteSource::fill).
#include "ripkit/cd/sector_stream.hpp"

#include <algorithm>
#include <cstring>

#include "expect_error.hpp"
#include "ripkit/cd/sector_writer.hpp"
#include "ripkit/cd/sectors.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using namespace ripkit::cd;

namespace {

// A file source stand-in: bytes it hands out only by fill, counted.
class CountingSource final : public ByteSource {
  public:
    explicit CountingSource(Bytes b) : bytes_(std::move(b)) {}
    uint64_t size() const override { return bytes_.size(); }
    mutable uint64_t filled = 0, largest = 0;

  protected:
    void fill(uint64_t offset, std::span<uint8_t> out) const override {
        std::memcpy(out.data(), bytes_.data() + offset, out.size());
        filled += out.size();
        largest = std::max<uint64_t>(largest, out.size());
    }

  private:
    Bytes bytes_;
};

// 150 sectors (more than two chunks): data, audio and a Form 2 video-like
// sector in turn, each with its own bytes.
std::vector<SectorSpec> many_sectors() {
    std::vector<SectorSpec> out;
    for (size_t i = 0; i < 150; ++i) {
        Bytes d(i % 3 == 1 ? 2324 : 2048);
        for (size_t k = 0; k < d.size(); ++k) d[k] = uint8_t(k * 7 + i);
        out.push_back(i % 3 == 1 ? audio_sector(1, uint8_t(i % 4), 0x05, d)
                                 : data_sector(1, uint8_t(i % 4), d));
    }
    return out;
}

void check_same(const Bytes& img) {
    const SectorImage image = open_sectors(img);
    CountingSource source(img);
    const SectorStream stream(source);
    CHECK(stream.shape() == image.shape());
    REQUIRE(stream.count() == image.count());
    SectorStream::Reader reader(stream);
    for (size_t i = 0; i < image.count(); ++i) {
        const Sector a = image.sector(i), b = reader.sector(i);
        CHECK(b.index == i);
        CHECK(b.offset == a.offset);
        CHECK(b.user_offset == a.user_offset);
        REQUIRE(b.sub.has_value() == a.sub.has_value());
        if (a.sub) CHECK(std::memcmp(&*a.sub, &*b.sub, sizeof(Subheader)) == 0);
        REQUIRE(b.user.size() == a.user.size());
        CHECK(std::equal(a.user.begin(), a.user.end(), b.user.begin()));
    }
    // Read by range: every byte once (plus the head and, for 2336-byte
    // sectors, the subheader pass), never the whole file at once.
    CHECK(source.largest <= 64 * 2352);
    CHECK(source.filled <= 2 * img.size() + 2400);
    // Out of order (as the audio is read): the chunk is reloaded.
    const Sector back = reader.sector(3);
    CHECK(back.user_offset == image.sector(3).user_offset);
    CHECK(std::equal(back.user.begin(), back.user.end(), image.sector(3).user.begin()));
}

Error stream_error(const Bytes& img) {
    return test::expect_error([&] {
        CountingSource source(img);
        const SectorStream stream(source);
        SectorStream::Reader reader(stream);
        for (size_t i = 0; i < stream.count(); ++i) reader.sector(i);
    });
}

}  // namespace

TEST_CASE("a sector stream reads every shape as open_sectors does") {
    for (SectorShape shape : {SectorShape::Raw2352, SectorShape::Riff, SectorShape::Mode2_2336,
                              SectorShape::Data2048}) {
        CAPTURE(shape_name(shape));
        check_same(write_sectors(many_sectors(), shape));
    }
    SECTION("a 2048-byte copy ending in a short sector") {
        Bytes img = write_sectors(many_sectors(), SectorShape::Data2048);
        img.resize(img.size() - 1000);
        check_same(img);
    }
    SECTION("a 2336-byte image whose sector 100 has no subheader copy is a 2048-byte copy") {
        Bytes img = write_sectors(many_sectors(), SectorShape::Mode2_2336);
        img[100 * 2336 + 6] ^= 0xFF;
        REQUIRE(detect_shape(img) == SectorShape::Data2048);
        check_same(img);
    }
}

TEST_CASE("a sector stream gives open_sectors' errors") {
    Bytes img = write_sectors(many_sectors(), SectorShape::Raw2352);
    auto same = [](const Bytes& bad) {
        const Error want = test::expect_error([&] { open_sectors(bad); });
        const Error got = stream_error(bad);
        CHECK(got.kind() == want.kind());
        CHECK(got.offset() == want.offset());
        CHECK(std::string(got.what()) == want.what());
        return got;
    };
    SECTION("broken sync in sector 130 (the third chunk)") {
        img[130 * 2352 + 5] = 0x12;
        const Error e = same(img);
        CHECK(e.kind() == ErrorKind::BadValue);
        CHECK(*e.offset() == 130 * 2352);
    }
    SECTION("mode 1 in sector 70") {
        img[70 * 2352 + 15] = 1;
        CHECK(*same(img).offset() == 70 * 2352 + 15);
    }
    SECTION("a cut last sector") {
        img.resize(img.size() - 100);
        CHECK(same(img).kind() == ErrorKind::Truncated);
    }
    SECTION("a cut 2336 image") {
        Bytes m = write_sectors(many_sectors(), SectorShape::Mode2_2336);
        m.resize(m.size() - 7);
        CHECK(same(m).kind() == ErrorKind::Truncated);
    }
    SECTION("a RIFF size past the end") {
        Bytes r = write_sectors(many_sectors(), SectorShape::Riff);
        r.resize(r.size() - 2352);
        CHECK(same(r).kind() == ErrorKind::Truncated);
    }
    SECTION("an empty file") { CHECK(same(Bytes{}).kind() == ErrorKind::Truncated); }
}
