// The tr_cutseq entry points: Format (probe/open), the Assimp importer and the
// bundled samples.
#include <assimp/BaseImporter.h>

#include <filesystem>
#include <fstream>

#include "cutseq_document.hpp"
#include "cutseq_reader.hpp"
#include "cutseq_writer.hpp"
#include "ripkit/assimp/format_importer.hpp"
#include "ripkit/codec/zlib.hpp"
#include "ripkit/error.hpp"
#include "samples.hpp"
#include "schema.hpp"

namespace ripkit::formats {

const Format& tr_cutseq_format();

namespace {

tr_cutseq::DemoSpec demo(int index, int frames, int actors, std::vector<int> cuts, int32_t audio,
                         bool no_lara, uint32_t seed) {
    tr_cutseq::DemoSpec d;
    d.index = index;
    d.frames = frames;
    d.actors = actors;
    d.cuts = std::move(cuts);
    d.audio_track = audio;
    d.no_lara = no_lara;
    d.seed = seed;
    return d;
}

class CutseqFormat : public Format {
  public:
    const FormatInfo& info() const override {
        static const FormatInfo fi{"tr-cutseq", "Tomb Raider 4/5 CUTSEQ cutscenes", {"pak", "bin"}};
        return fi;
    }
    int probe(ByteSpan data, const std::string&) const override {
        using namespace tr_cutseq;
        if (has_signature(data)) return 100;
        if (looks_like_pak(data) && has_signature(codec::zlib_inflate_prefix(data.subspan(4), 8)))
            return 100;
        // A bare cutscene block has no magic: a weak, structural guess.
        if (looks_like_block(data)) return 5;
        return 0;
    }
    const FormatSchema& schema() const override { return tr_cutseq::schema(); }
    std::unique_ptr<Document> open(const Input& input, const Options& options) const override {
        return tr_cutseq::open_cutseq(input, options, Settings(*this, options));
    }
};

// Assimp's CanRead relies on the probe; the description lists what Assimp
// offers by extension.
const aiImporterDesc kDesc = {
    "Tomb Raider 4/5 CUTSEQ cutscenes (ripkit)",
    "Core Design (format); ripkit (importer)",
    "ripkit",
    "TR4 CUTSEQ.PAK, TR5 CUTSEQ.BIN, one cutscene data block",
    aiImporterFlags_SupportBinaryFlavour,
    0,
    0,
    0,
    0,
    "pak bin",
};

class CutseqImporter : public FormatImporter {
  public:
    CutseqImporter() : FormatImporter(tr_cutseq_format(), kDesc) {}
};

void write(const std::filesystem::path& p, const Bytes& b) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
    if (!out) fail_no_offset(ErrorKind::Io, "to write " + p.string());
}

}  // namespace

const Format& tr_cutseq_format() {
    static const CutseqFormat f;
    return f;
}

Assimp::BaseImporter* tr_cutseq_make_importer() { return new CutseqImporter(); }

void tr_cutseq_write_samples(const std::filesystem::path& dir) {
    using namespace tr_cutseq;
    // TR4: cutscene 1 a 240-frame flight around Lara and a second actor,
    // 2 empty, 3 a 120-frame scene with a camera cut at frame 60.
    std::vector<Cutscene> tr4;
    tr4.push_back(make_demo_cutscene(demo(1, 240, 2, {}, 3, false, 1)));
    Cutscene empty;
    empty.index = 2;
    tr4.push_back(empty);
    tr4.push_back(make_demo_cutscene(demo(3, 120, 1, {60}, -1, false, 2)));
    write(dir / "CUTSEQ.PAK", write_pak(tr4));

    // TR5: 1 two actors with a cut, 2 and 3 empty, 4 "no Lara" (slot -1).
    std::vector<Cutscene> tr5;
    tr5.push_back(make_demo_cutscene(demo(1, 150, 2, {90}, 7, false, 3)));
    tr5.push_back(make_demo_cutscene(demo(4, 60, 2, {}, -1, true, 4)));
    write(dir / "CUTSEQ.BIN", write_bin(tr5));

    // ./run.sh converts them with the bundled levels, whose moveables are
    // these actors (slots 0 and 101) and whose rooms are where they play.
    const std::string tr4_args = "--level ../tr_level/DEMO.TR4\n",
                      tr5_args = "--level ../tr_level/DEMO.TRC\n";
    write(dir / "CUTSEQ.PAK.args", Bytes(tr4_args.begin(), tr4_args.end()));
    write(dir / "CUTSEQ.BIN.args", Bytes(tr5_args.begin(), tr5_args.end()));
}

}  // namespace ripkit::formats
