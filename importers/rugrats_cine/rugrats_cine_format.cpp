// The rugrats_cine format entry points (see cmake/RipkitFormat.cmake).
#include <filesystem>
#include <fstream>

#include "demo.hpp"
#include "document.hpp"
#include "ripkit/format.hpp"
#include "schema.hpp"

namespace ripkit::formats {

namespace {

class CineFormat : public Format {
  public:
    const FormatInfo& info() const override {
        static const FormatInfo kInfo{"rugrats-cine",
                                      "Rugrats: Search for Reptar (PS1) in-engine cinematics",
                                      {"bin", "str", "xa"}};
        return kInfo;
    }
    int probe(ByteSpan data, const std::string&) const override {
        return rugrats::probe_stream(data);
    }
    const FormatSchema& schema() const override { return rugrats::schema(); }
    std::unique_ptr<Document> open(const Input& input, const Options& options) const override {
        return std::make_unique<rugrats::CineDocument>(input.bytes, options,
                                                       Settings(*this, options));
    }
};

void write(const std::filesystem::path& path, const Bytes& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!out) fail_no_offset(ErrorKind::Io, "to write " + path.string());
}

}  // namespace

const Format& rugrats_cine_format() {
    static const CineFormat kFormat;
    return kFormat;
}

void rugrats_cine_write_samples(const std::filesystem::path& dir) {
    using namespace rugrats;
    // Two seconds with a stereo chirp, raw 2352-byte sectors (OPEN.BIN layout).
    write(dir / "DEMO_RAW.BIN",
          write_stream(make_demo_stream({.frames = 60}), cd::SectorShape::Raw2352));
    // One second, mono 18.9 kHz, as dumpsxiso writes XA files: 2336-byte sectors.
    write(dir / "DEMO_2336.STR",
          write_stream(make_demo_stream({.frames = 30, .stereo = false, .rate = 18900}),
                       cd::SectorShape::Mode2_2336));
    // The same 30 frames as a naive 2048-byte copy (no audio survives).
    write(dir / "DEMO_DATA.BIN", write_stream(make_demo_stream({.frames = 30, .sound = false}),
                                              cd::SectorShape::Data2048));
}

}  // namespace ripkit::formats
