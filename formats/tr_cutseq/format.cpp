// The tr_cutseq format: probe and open (the Assimp importer is
// assimp_importer.cpp; the bundled samples are the test kit's,
// testkit/tr_cutseq_samples.cpp).
#include "format.hpp"

#include "cutseq_reader.hpp"
#include "document.hpp"
#include "ripkit/codec/zlib.hpp"
#include "schema.hpp"

namespace ripkit::formats {

namespace {

class CutseqFormat : public Format {
  public:
    const FormatInfo& info() const override {
        static const FormatInfo fi{"tr-cutseq",
                                   "Tomb Raider 4/5 CUTSEQ cutscenes",
                                   {"pak", "bin"},
                                   "TR4 CUTSEQ.PAK, TR5 CUTSEQ.BIN, one cutscene data block"};
        return fi;
    }
    int probe(ByteSpan data, const std::string& path) const override {
        return probe_head(data, data.size(), path);
    }
    // A block's offsets reach past any head: they are checked against the file.
    int probe_head(ByteSpan head, uint64_t file_size, const std::string&) const override {
        using namespace tr_cutseq;
        if (has_signature(head)) return 100;
        if (looks_like_pak(head) && has_signature(codec::zlib_inflate_prefix(head.subspan(4), 8)))
            return 100;
        // A bare cutscene block has no magic: a weak, structural guess.
        if (looks_like_block(head, file_size)) return 5;
        return 0;
    }
    const FormatSchema& schema() const override { return tr_cutseq::schema(); }
    // A TR5 BIN is read by range: its table, then the cutscenes asked for.
    bool reads_by_range() const override { return true; }
    std::unique_ptr<Document> open(const Input& input, const Options& options) const override {
        return tr_cutseq::open_cutseq(input, options, Settings(*this, options));
    }
};

}  // namespace

const Format& tr_cutseq_format() {
    static const CutseqFormat f;
    return f;
}

}  // namespace ripkit::formats
