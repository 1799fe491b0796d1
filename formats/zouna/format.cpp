#include "format.hpp"

#include "container/container.hpp"
#include "document.hpp"
#include "models/model_objects.hpp"
#include "schema.hpp"
#include "zouna/container/contents.hpp"

namespace ripkit::formats {

namespace {

class ZounaFormat : public Format {
  public:
    const FormatInfo& info() const override {
        static const FormatInfo i{
            "zouna",
            "Asobo Zouna engine animation and models (Animation_Z, "
            "Skel_Z, MaterialAnim_Z, Skin_Z, Mesh_Z, Lod_Z and their "
            "materials and bitmaps; raw, BFF0, LZRS, BigFile)",
            {"animation_z", "skel_z", "materialanim_z", "skin_z", "mesh_z", "lod_z", "dpc"},
            "Animation_Z, Skel_Z, MaterialAnim_Z and model objects (raw, BFF0, LZRS) and "
            "FUEL-family BigFiles"};
        return i;
    }

    int probe(ByteSpan data, const std::string&) const override {
        using namespace zouna;
        switch (detect_container(data)) {
            case Container::Bff0:
                return 90;
            case Container::BigFile:
                return 80;
            case Container::Object: {
                // A bare 24-byte header is weak evidence unless the class is ours.
                const auto e = detect_object_endian(data, 0);
                const uint32_t cls = e == Endian::Little ? load_u32le(data.data() + 16)
                                                         : load_u32be(data.data() + 16);
                return is_supported_class(cls) || is_model_class(cls) ? 70 : 10;
            }
            case Container::None:
                break;
        }
        return 0;
    }

    const FormatSchema& schema() const override { return zouna::schema(); }

    std::unique_ptr<Document> open(const Input& input, const Options& options) const override {
        return std::make_unique<zouna::ZounaDocument>(input, options, Settings(*this, options));
    }
};

}  // namespace

const Format& zouna_format() {
    static const ZounaFormat f;
    return f;
}

}  // namespace ripkit::formats
