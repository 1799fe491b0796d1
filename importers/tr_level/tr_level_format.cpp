// The tr_level entry points: Format (probe/open) and the Assimp importer (the
// bundled samples are the test kit's, testkit/level_samples.cpp).
#include <assimp/BaseImporter.h>

#include "level_document.hpp"
#include "level_reader.hpp"
#include "ripkit/assimp/format_importer.hpp"
#include "schema.hpp"

namespace ripkit::formats {

const Format& tr_level_format();

namespace {

class LevelFormat : public Format {
  public:
    const FormatInfo& info() const override {
        static const FormatInfo fi{
            "tr-level", "Tomb Raider 4/5 levels (.TR4, .TRC)", {"tr4", "trc"}};
        return fi;
    }
    int probe(ByteSpan data, const std::string&) const override {
        return tr_level::probe_level(data);
    }
    const FormatSchema& schema() const override { return tr_level::schema(); }
    std::unique_ptr<Document> open(const Input& input, const Options& options) const override {
        return tr_level::open_level(input, options, Settings(*this, options));
    }
};

const aiImporterDesc kDesc = {
    "Tomb Raider 4/5 levels (ripkit)",
    "Core Design (format); ripkit (importer)",
    "ripkit",
    "TR4 .TR4 and TR5 / Chronicles .TRC levels: moveables and rooms",
    aiImporterFlags_SupportBinaryFlavour,
    0,
    0,
    0,
    0,
    "tr4 trc",
};

class LevelImporter : public FormatImporter {
  public:
    LevelImporter() : FormatImporter(tr_level_format(), kDesc) {}
};

}  // namespace

const Format& tr_level_format() {
    static const LevelFormat f;
    return f;
}

Assimp::BaseImporter* tr_level_make_importer() { return new LevelImporter(); }

}  // namespace ripkit::formats
