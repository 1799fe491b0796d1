// The tr_level format: probe and open (the Assimp importer is
// assimp_importer.cpp; the bundled samples are the test kit's,
// testkit/tr_level_samples.cpp).
#include "format.hpp"

#include "document.hpp"
#include "level_reader.hpp"
#include "schema.hpp"

namespace ripkit::formats {

namespace {

class LevelFormat : public Format {
  public:
    const FormatInfo& info() const override {
        static const FormatInfo fi{
            "tr-level",
            "Tomb Raider 4/5 levels (.TR4, .TRC)",
            {"tr4", "trc"},
            "TR4 .TR4 and TR5 / Chronicles .TRC levels: moveables and rooms"};
        return fi;
    }
    int probe(ByteSpan data, const std::string&) const override {
        return tr_level::probe_level(data);
    }
    int probe_head(ByteSpan head, uint64_t file_size, const std::string&) const override {
        return tr_level::probe_level(head, file_size);
    }
    const FormatSchema& schema() const override { return tr_level::schema(); }
    std::unique_ptr<Document> open(const Input& input, const Options& options) const override {
        return tr_level::open_level(input, options, Settings(*this, options));
    }
};

}  // namespace

const Format& tr_level_format() {
    static const LevelFormat f;
    return f;
}

}  // namespace ripkit::formats
