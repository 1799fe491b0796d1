// The rugrats_cine format: probe and open (see cmake/RipkitFormat.cmake; the
// Assimp importer is assimp_importer.cpp, the bundled samples are the test
// kit's, testkit/rugrats_cine_samples.cpp).
#include "ripkit/format.hpp"

#include "document.hpp"
#include "schema.hpp"

namespace ripkit::formats {

namespace {

class CineFormat : public Format {
  public:
    const FormatInfo& info() const override {
        static const FormatInfo kInfo{"rugrats-cine",
                                      "Rugrats: Search for Reptar (PS1) in-engine cinematics",
                                      {"bin", "str", "xa"},
                                      "CD-XA streams: raw 2352, RIFF/CDXA, 2336 Mode 2, 2048 "
                                      "data-only; probed by content"};
        return kInfo;
    }
    int probe(ByteSpan data, const std::string&) const override {
        return rugrats_cine::probe_stream(data);
    }
    const FormatSchema& schema() const override { return rugrats_cine::schema(); }
    // A stream is walked a chunk of sectors at a time (cd::SectorStream).
    bool reads_by_range() const override { return true; }
    std::unique_ptr<Document> open(const Input& input, const Options& options) const override {
        if (input.source)
            return std::make_unique<rugrats_cine::CineDocument>(input.source, options,
                                                                Settings(*this, options));
        return std::make_unique<rugrats_cine::CineDocument>(input.bytes, options,
                                                            Settings(*this, options));
    }
};

}  // namespace

const Format& rugrats_cine_format() {
    static const CineFormat kFormat;
    return kFormat;
}

}  // namespace ripkit::formats
