// The zouna encoder: a scene -> Animation_Z -> a raw (dpc-style) object or a
// BFF0 file, new or as a copy of a base object file with the body replaced.
#include <filesystem>

#include "ripkit/encode/scene_encoder.hpp"
#include "ripkit/error.hpp"
#include "zouna/container/container.hpp"
#include "zouna/container/contents.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/document.hpp"
#include "zouna/encode/animation_writer.hpp"
#include "zouna/encode/scene_to_animation.hpp"
#include "zouna/format.hpp"
#include "zouna/schema.hpp"

namespace ripkit::formats {

namespace {

using namespace zouna;

const char* kDefaultVersion = "v1.381.67.09 - Asobo Studio - Internal Cross Technology";

// The object a base file holds (one Animation_Z, raw or BFF0-headed).
struct BaseObject {
    ObjectRef ref;
    Bytes prefix;  // the BFF0 header as it was, or nothing
    Bytes link;    // the link header as it was
    Bytes suffix;  // anything after the object
    std::string version;
};

BaseObject read_base(const Input& base, const std::optional<Endian>& forced) {
    BaseObject b;
    size_t at = 0;
    switch (detect_container(base.bytes)) {
        case Container::Bff0: {
            const Bff0Header h = read_bff0(base.bytes);
            at = h.size;
            b.version = h.version;
            break;
        }
        case Container::Object:
            break;
        case Container::BigFile:
            fail(ErrorKind::Unsupported, 0,
                 "a base holding one object (BFF0 or raw); a BigFile base is not written "
                 "(extract the object, pack it, put it back with the BigFile's own tool)");
        case Container::None:
            fail(ErrorKind::WrongFormat, 0, "a Zouna object (BFF0 or raw) as the base");
    }
    const std::optional<Endian> e = forced ? forced : detect_object_endian(base.bytes, at);
    if (!e) fail(ErrorKind::WrongFormat, at, "a Zouna object header");
    b.ref = parse_object(base.bytes, at, *e);
    if (b.ref.header.class_crc != asobo_crc32(kAnimationClass))
        fail(ErrorKind::BadValue, at + 16,
             "an Animation_Z base, got class " + class_name(b.ref.header.class_crc));
    const size_t link_at = at + kObjectHeaderSize;
    const size_t end = link_at + b.ref.header.data_size;
    b.prefix.assign(base.bytes.begin(), base.bytes.begin() + static_cast<ptrdiff_t>(at));
    b.link.assign(
        base.bytes.begin() + static_cast<ptrdiff_t>(link_at),
        base.bytes.begin() + static_cast<ptrdiff_t>(link_at + b.ref.header.link_header_size));
    b.suffix.assign(base.bytes.begin() + static_cast<ptrdiff_t>(end), base.bytes.end());
    return b;
}

std::string text(const nlohmann::json& j, const char* key) {
    return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

// The layout choices the scene was decoded with (its extras `settings`; the
// version is the header's), then --set, through the format's one schema: an
// unknown key or a bad value given is a usage error.
Settings settings_for(const Scene& scene, const EncodeOptions& o) {
    Options opts;
    const nlohmann::json& described = scene.extras.is_object() && scene.extras.contains("settings")
                                          ? scene.extras["settings"]
                                          : nlohmann::json();
    if (described.is_object())
        for (const auto& [key, value] : described.items())
            if (key != "version" && zouna::schema().setting(key))
                opts.settings[key] = value.is_string() ? value.get<std::string>() : value.dump();
    for (const auto& [key, value] : o.settings) opts.settings[key] = value;
    return Settings(zouna_format(), opts);
}

uint32_t crc_of_stem(const std::string& out_path) {
    std::string stem = std::filesystem::path(out_path).stem().string();
    if (!stem.empty() && stem.size() <= 10 &&
        stem.find_first_not_of("0123456789") == std::string::npos &&
        std::stoull(stem) <= UINT32_MAX)
        return static_cast<uint32_t>(std::stoull(stem));
    return asobo_crc32(stem);
}

// The base's own animation: the layout when the scene lost its extras (FBX).
zouna::Animation base_animation(const Input& in, const BaseObject& b, const Variants& v,
                                Budget& budget) {
    try {
        const Bytes body = object_body(in.bytes, b.ref, budget.limits());
        const ObjectHeader& h = b.ref.header;
        const uint64_t at =
            h.compressed_size ? 0 : b.ref.offset + kObjectHeaderSize + h.link_header_size;
        return read_animation(ByteReader(body, at, b.ref.endian), v, budget);
    } catch (Error& e) {
        e.set_file(in.path);
        throw;
    }
}

// Readers pick the layouts by the BFF0 header's version string, so it must
// name the game `--set version` lays the body out for: a full version string
// given there becomes a new file's header; a game name that the header
// contradicts is an error (never a file its own header misreads).
std::string header_version(const std::string& version, const Variants& v, const EncodeOptions& o,
                           bool has_header, bool from_base) {
    const auto given = o.setting("version");
    if (!given) return version;
    if (!from_base && game_from_version(*given) != Game::Unknown) return *given;
    const Game said = game_from_version(version);
    if (has_header && said != v.game)
        fail_no_offset(ErrorKind::Usage,
                       "a --set version the BFF0 header agrees with: version=" + *given +
                           " lays the body out for " + game_name(v.game) + ", but the " +
                           (from_base ? "base's" : "new file's") + " header says \"" + version +
                           "\" (" + game_name(said) + "), and readers go by the header; give " +
                           (from_base ? "a base of that game" : "the game's full version string") +
                           (from_base ? "" : " or --set container=raw"));
    return version;
}

std::string container_of(const Scene& scene, const Settings& settings) {
    if (settings.given("container")) return settings.text("container");
    return text(scene.extras, "container") == "object" ? "raw" : "bff0";
}

class AnimationEncoder : public SceneEncoder {
  public:
    const FormatInfo& info() const override {
        static const FormatInfo fi{"zouna",
                                   "Asobo Zouna Animation_Z",
                                   {"animation_z"},
                                   "a scene's animation as an Animation_Z object"};
        return fi;
    }

    const EncoderSchema& schema() const override { return zouna::encoder_schema(); }

    EncodeResult encode(const Scene& scene, const EncodeOptions& o) const override {
        EncodeResult out;
        Budget budget(o.limits);  // the encoding's: the base's animation, the re-baked checks
        const Settings settings = settings_for(scene, o);
        const std::string order =
            o.endian.empty() && settings.given("endian") ? settings.text("endian") : o.endian;
        std::optional<Endian> endian;
        if (order == "little") endian = Endian::Little;
        if (order == "big") endian = Endian::Big;
        std::optional<BaseObject> base;
        if (o.base) {
            try {
                base = read_base(*o.base, endian);
            } catch (Error& e) {
                e.set_file(o.base->path);
                throw;
            }
            if (o.item && *o.item != int64_t(base->ref.header.name_crc))
                fail_no_offset(ErrorKind::Usage, "--item naming the base's object (" +
                                                     std::to_string(base->ref.header.name_crc) +
                                                     "), got " + std::to_string(*o.item));
            if (!endian) endian = base->ref.endian;
        }
        if (!endian) endian = text(scene.extras, "endian") == "big" ? Endian::Big : Endian::Little;
        std::string version = base ? base->version : text(scene.extras, "version");
        if (version.empty()) version = kDefaultVersion;

        NameMap names;
        if (!o.names_path.empty()) {
            DiskFileSource disk;
            const FileSource& files = o.files ? *o.files : disk;
            const auto bytes = files.read(o.names_path, o.limits);
            if (!bytes) fail_no_offset(ErrorKind::Io, "the names file " + o.names_path);
            parse_names(*bytes, names);
        }
        zouna::FromSceneOptions fo;
        fo.v = make_variants(game_from_version(version), settings);
        const std::string container = base ? "" : container_of(scene, settings);
        version = header_version(
            version, fo.v, o, base ? !base->prefix.empty() : container == "bff0", base.has_value());
        zouna::Animation base_anim;
        if (base) {
            base_anim = base_animation(*o.base, *base, fo.v, budget);
            fo.base = &base_anim;
        }
        fo.native = o.native;
        fo.names = &names;
        fo.animation = o.animation;
        fo.start = settings.number("start");
        const SceneAnimation sa = animation_from_scene(scene, fo, budget, out.warnings);
        const Bytes body = write_animation(sa.anim, *endian, fo.v);
        const uint32_t anim_class = asobo_crc32(kAnimationClass);

        if (base) {
            const bool compress = base->ref.header.compressed_size != 0;
            const Bytes obj = write_object(anim_class, base->ref.header.name_crc, base->link, body,
                                           *endian, compress);
            out.bytes = base->prefix;
            out.bytes.insert(out.bytes.end(), obj.begin(), obj.end());
            out.bytes.insert(out.bytes.end(), base->suffix.begin(), base->suffix.end());
            return out;
        }
        const uint32_t name = o.item        ? static_cast<uint32_t>(*o.item)
                              : sa.name_crc ? sa.name_crc
                                            : crc_of_stem(o.out_path);
        const Bytes obj =
            write_object(anim_class, name, {}, body, *endian, settings.text("compress") == "lzrs");
        out.bytes =
            container == "raw" ? obj : write_bff0(obj, *endian == Endian::Little ? 0 : 12, version);
        return out;
    }
};

}  // namespace

const SceneEncoder& zouna_encoder() {
    static const AnimationEncoder e;
    return e;
}

}  // namespace ripkit::formats
