// The tr_cutseq encoder: a scene -> one cutscene block -> a new CUTSEQ.PAK /
// CUTSEQ.BIN, or a copy of a base file with one cutscene replaced.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "cutseq_reader.hpp"
#include "cutseq_splice.hpp"
#include "cutseq_writer.hpp"
#include "format.hpp"
#include "ripkit/codec/zlib.hpp"
#include "ripkit/encode/scene_encoder.hpp"
#include "ripkit/error.hpp"
#include "scene_to_cutscene.hpp"
#include "schema.hpp"

namespace ripkit::formats {

namespace {

using namespace tr_cutseq;

std::optional<Variant> variant_of(const std::string& out_path) {
    std::string ext = std::filesystem::path(out_path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char ch) { return std::tolower(ch); });
    if (ext == ".pak") return Variant::Tr4;
    if (ext == ".bin") return Variant::Tr5;
    return std::nullopt;
}

Bytes decompressed(const Input& base, const Limits& limits) {
    if (has_signature(base.bytes) || !looks_like_pak(base.bytes)) return base.bytes;
    ByteReader r(base.bytes);
    return codec::zlib_inflate(ByteSpan(base.bytes).subspan(4), r.u32("uncompressed size"), limits,
                               4);
}

class CutseqEncoder : public SceneEncoder {
  public:
    const FormatInfo& info() const override {
        static const FormatInfo fi{"tr-cutseq",
                                   "Tomb Raider 4/5 CUTSEQ cutscenes",
                                   {"pak", "bin"},
                                   "a scene's camera and actors as a cutscene of a CUTSEQ file"};
        return fi;
    }

    const EncoderSchema& schema() const override { return tr_cutseq::encoder_schema(); }

    EncodeResult encode(const Scene& scene, const EncodeOptions& o) const override {
        EncodeResult out;
        // The format's one schema: an unknown key or a bad value is a usage error.
        Options given;
        given.settings = o.settings;
        const Settings settings(tr_cutseq_format(), given);
        const ReadOptions ro = read_options(settings);
        Budget budget(o.limits);  // the encoding's: reading the base
        std::optional<CutseqFile> base;
        if (o.base) {
            try {
                base = read_cutseq(o.base->bytes, ro, budget);
            } catch (Error& e) {
                e.set_file(o.base->path);
                throw;
            }
        }
        std::optional<Variant> variant = variant_of(o.out_path);
        if (!variant && base) variant = base->variant;
        if (!variant)
            fail_no_offset(ErrorKind::Usage,
                           "OUT ending in .pak (TR4) or .bin (TR5), got '" + o.out_path + "'");
        const int64_t item = o.item.value_or(1);
        if (item < 1 || item > kMaxEntries)
            fail_no_offset(ErrorKind::Usage, "--item 1..255, got " + std::to_string(item));
        const int index = static_cast<int>(item);

        FromSceneOptions fo;
        fo.native = o.native;
        if (settings.given("scale")) fo.scale = settings.number("scale");
        if (settings.given("frames")) fo.frames = int(settings.integer("frames"));
        if (settings.given("start")) fo.start = settings.number("start");
        fo.animation = o.animation;
        if (base)
            for (const Cutscene& c : base->cutscenes)
                if (c.index == index && !c.empty) fo.base = &c;
        const Cutscene c = cutscene_from_scene(scene, index, fo, out.warnings);
        const Bytes block = write_block(c);

        Bytes bin;
        if (base && base->variant == Variant::Block)
            bin = block;
        else if (base)
            bin = splice_block(decompressed(*o.base, o.limits), *base, index, block);
        else
            bin = write_bin({c}, ro.entries.value_or(kMaxEntries));
        if (*variant == Variant::Tr4 && !(base && base->variant == Variant::Block)) {
            ByteWriter w;
            w.u32(static_cast<uint32_t>(bin.size()));
            w.raw(codec::zlib_deflate(bin));
            out.bytes = std::move(w.bytes());
        } else {
            out.bytes = std::move(bin);
        }
        return out;
    }
};

}  // namespace

const SceneEncoder& tr_cutseq_encoder() {
    static const CutseqEncoder e;
    return e;
}

}  // namespace ripkit::formats
