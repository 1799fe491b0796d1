#include "document.hpp"

#include <algorithm>
#include <unordered_map>

#include "container/companions.hpp"
#include "container/contents.hpp"
#include "container/crc32.hpp"
#include "format.hpp"
#include "keyframes/anim_scene.hpp"
#include "keyframes/keyframes_dump.hpp"
#include "keyframes/skel_checks.hpp"
#include "models/model_set.hpp"
#include "ripkit/decode_item.hpp"

namespace ripkit::zouna {

namespace {

std::optional<Endian> forced_endian(const Settings& s) {
    if (!s.given("endian")) return std::nullopt;
    return s.text("endian") == "little" ? Endian::Little : Endian::Big;
}

// A version that names no known game gets FUEL's layouts: a guess said once,
// with the version read and the layouts it chose.
std::string unknown_version_warning(const std::string& version, const Variants& v) {
    const nlohmann::json d = v.describe();
    std::string layouts;
    for (const char* k : {"hdl", "vec4_comp", "ext_vec3f", "flags", "skel", "parent_index"}) {
        const nlohmann::json& x = d[k];
        layouts += std::string(layouts.empty() ? "" : ", ") + k + "=" +
                   (x.is_string() ? x.get<std::string>() : x.dump());
    }
    return "version \"" + version +
           "\" names no game whose layouts are known (Ratatouille v1.06, WALL-E v1.291, FUEL "
           "v1.381, Up v1.530, Toy Story 3 v1.634): FUEL's layouts assumed (" +
           layouts + "); --set version=GAME reads it as that game";
}

}  // namespace

ZounaDocument::ZounaDocument(const Input& input, const Options& o)
    : ZounaDocument(input, o, Settings(formats::zouna_format(), o)) {}

ZounaDocument::ZounaDocument(const Input& input, const Options& o, const Settings& s)
    : path_(input.path),
      native_(o.native),
      forced_endian_(forced_endian(s)),
      anim_selection_(s.list("anims")),
      assumptions_(s.assumptions()),
      budget_(budget_for(o)) {
    const ByteSpan data = input.bytes;
    if (data.size() > limits().max_input_bytes)
        fail(ErrorKind::AllocationLimit, 0,
             "an input of at most " + std::to_string(limits().max_input_bytes) + " bytes");
    Contents contents = parse_container(data, forced_endian_, limits());
    objects_ = std::move(contents.objects);
    container_ = std::move(contents.container);
    version_ = std::move(contents.version);
    bff0_ = std::move(contents.bff0);
    warnings_ = std::move(contents.warnings);
    endian_ = objects_.empty() ? Endian::Little : objects_.front().endian;
    v_ = make_variants(game_from_version(version_), s);
    if (!version_.empty() && game_from_version(version_) == Game::Unknown && !s.given("version"))
        warnings_.push_back(unknown_version_warning(version_, v_));
    load_companions(o, s);
    if (objects_.size() == 1) learn_name_from_path(path_, objects_[0].header.name_crc, names_);
    std::unordered_map<uint32_t, int64_t> seen;
    for (const ObjectRef& obj : objects_)
        item_ids_.push_back(int64_t(obj.header.name_crc) + (seen[obj.header.name_crc]++ << 32));
    // The decode step: every object that can be converted, each on its own.
    decoded_.resize(objects_.size());
    errors_.resize(objects_.size());
    for (size_t i = 0; i < objects_.size(); ++i) {
        if (!decodable(objects_[i])) continue;
        budget_->progress(i, objects_.size(), "object " + object_name(objects_[i]));
        errors_[i] = decode_item(*budget_, "", [&] { decoded_[i] = decode(data, objects_[i]); });
        if (objects_[i].header.class_crc == asobo_crc32(kSkelClass)) check_skeleton(data, i);
        if (decoded_[i]) warn_substitutions(object_name(objects_[i]), *decoded_[i], warnings_);
    }
    // The mesh-family objects, decoded and linked to each other (and to the
    // Skel_Z / Animation_Z objects decoded above) in the same step.
    auto decoded_as = [this](const ObjectRef& r, auto* type) {
        const size_t i = size_t(&r - objects_.data());
        if (errors_[i]) throw *errors_[i];
        return std::get<std::remove_pointer_t<decltype(type)>>(*decoded_[i]);
    };
    const ModelContext mc{
        path_,
        data,
        objects_,
        container_,
        v_,
        *budget_,
        names_,
        o.files,
        native_,
        extra_anims_,
        skeleton_,
        anim_selection_,
        [&](const ObjectRef& r) { return decoded_as(r, static_cast<Skel*>(nullptr)); },
        [&](const ObjectRef& r) { return decoded_as(r, static_cast<Animation*>(nullptr)); }};
    models_ = std::make_unique<ModelSet>(mc, warnings_);
}

ZounaDocument::~ZounaDocument() = default;

namespace {

bool zero(const glm::vec4& q) { return q.x == 0 && q.y == 0 && q.z == 0 && q.w == 0; }

}  // namespace

// All-zero quaternions have no rotation: the scene shows them as identity,
// which the user hears about (NaN and infinity are refused at decode).
void ZounaDocument::warn_substitutions(const std::string& name, const Decoded& d,
                                       std::vector<std::string>& warnings) {
    size_t n = 0;
    if (const auto* s = std::get_if<Skel>(&d))
        for (const Bone& b : s->bones) n += zero(b.rotation);
    if (const auto* a = std::get_if<Animation>(&d))
        for (const Key& k : a->rot.keys) n += zero(k.value);
    if (n)
        warnings.push_back(name + ": " + std::to_string(n) +
                           " all-zero rotations (rest or keys) shown as identity");
}

void ZounaDocument::check_skeleton(ByteSpan data, size_t i) {
    const std::string name = object_name(objects_[i]);
    std::string key = name;  // a BigFile may hold several of one name
    for (int k = 2; skel_checks_.contains(key); ++k) key = name + "#" + std::to_string(k);
    nlohmann::json& j = skel_checks_[key];
    j = nlohmann::json::object();
    if (decoded_[i]) {
        const SkelCheck c = check_skel_transforms(std::get<Skel>(*decoded_[i]));
        j = skel_check_json(c);
        if (std::string w = skel_check_warning(name, c, v_); !w.empty()) warnings_.push_back(w);
    }
    std::vector<SkelLayout> fitting;
    try {
        fitting = skel_layouts_reading_whole(object_body(data, objects_[i], limits()),
                                             objects_[i].endian);
    } catch (const Error&) {
        return;  // the body itself is broken: the decode error says so
    }
    j["layout"] = skel_layout_json(fitting, v_);
    if (std::string w = skel_layout_warning(name, fitting, v_); !w.empty()) warnings_.push_back(w);
}

bool ZounaDocument::decodable(const ObjectRef& o) {
    return is_supported_class(o.header.class_crc) && !o.pooled;
}

void ZounaDocument::load_companions(const Options& o, const Settings& s) {
    DiskFileSource disk;
    const CompanionReader reader{o.files ? *o.files : disk, forced_endian_, v_, *budget_};
    if (const std::string& names = s.text("names"); !names.empty())
        reader.read_names(names, names_);
    if (container_ == "bigfile") reader.read_bigfile_names(path_, names_);
    for (const std::string& p : s.list("anim")) {
        std::vector<NamedAnimation> found = reader.read_animations(p, names_);
        for (NamedAnimation& a : found) extra_anims_.push_back(std::move(a));
    }
    // An animation converted with --skeleton Skel_Z (Assimp: RIPKIT_SKELETON) binds to it.
    if (const std::string& skel = s.text("skeleton"); !skel.empty())
        skeleton_ = reader.read_skeleton(skel, names_);
    for (auto& a : extra_anims_) a.name = name_or_crc(names_, a.crc);
}

std::string ZounaDocument::object_name(const ObjectRef& o) const {
    return name_or_crc(names_, o.header.name_crc);
}

Decoded ZounaDocument::decode(ByteSpan data, const ObjectRef& o) const {
    const std::string cls = class_name(o.header.class_crc);
    const std::string frame = (cls.empty() ? std::to_string(o.header.class_crc) : cls) + " " +
                              object_name(o) + " at " + std::to_string(o.offset);
    return with_context(frame, [&]() -> Decoded {
        if (!is_supported_class(o.header.class_crc))
            fail(ErrorKind::Unsupported, o.offset + 16,
                 "an Animation_Z, Skel_Z or MaterialAnim_Z object, got class " +
                     (cls.empty() ? std::to_string(o.header.class_crc) : cls));
        // The body is held while it is decoded, then freed.
        const uint64_t body_size = o.header.decompressed_size;
        budget_->charge_bytes(body_size, "object body", o.offset);
        const Bytes body = object_body(data, o, limits());
        const uint64_t base =
            o.header.compressed_size ? 0 : o.offset + kObjectHeaderSize + o.header.link_header_size;
        ByteReader r(body, base, o.endian);
        Budget& b = *budget_;
        Decoded d = cls == kAnimationClass ? Decoded(read_animation(r, v_, b))
                    : cls == kSkelClass    ? Decoded(read_skel(r, v_, b))
                                           : Decoded(read_material_anim(r, v_, b));
        budget_->release_bytes(body_size);
        return d;
    });
}

size_t ZounaDocument::find(int64_t item) const {
    for (size_t i = 0; i < objects_.size(); ++i)
        if (item_ids_[i] == item) {
            if (models_->handles(i)) return i;
            if (!decodable(objects_[i]))
                fail_no_offset(ErrorKind::Usage, "item " + std::to_string(item) +
                                                     " is not a decodable animation object");
            if (errors_[i]) throw *errors_[i];
            return i;
        }
    fail_no_offset(ErrorKind::Usage, "an item id (object name crc32) from `list`; " +
                                         std::to_string(item) + " is not in this file");
}

nlohmann::json ZounaDocument::info() const {
    size_t supported = 0, failed = 0;
    for (size_t i = 0; i < objects_.size(); ++i) {
        supported += decodable(objects_[i]) || models_->decoded(i);
        failed += errors_[i].has_value() || (models_->handles(i) && models_->error(i));
    }
    nlohmann::json j = {{"format", "zouna"},
                        {"variant", container_},
                        {"version", version_},
                        {"game", game_name(v_.game)},
                        {"endian", endian_ == Endian::Little ? "little" : "big"},
                        {"objects", objects_.size()},
                        {"decodable_objects", supported},
                        {"objects_not_decodable", failed},
                        {"names_known", names_.size()},
                        {"companion_animations", extra_anims_.size()},
                        {"settings", v_.describe()},
                        {"assumptions", assumptions_},
                        {"meshes", models_->info()},
                        {"skeleton_checks", skel_checks_}};
    if (!bff0_.is_null()) j["bff0"] = bff0_;
    return j;
}

std::vector<ItemSummary> ZounaDocument::items() const {
    std::vector<ItemSummary> out;
    for (size_t i = 0; i < objects_.size(); ++i) {
        const ObjectRef& o = objects_[i];
        ItemSummary s;
        s.id = item_ids_[i];
        std::string cls = class_name(o.header.class_crc);
        if (cls.empty()) cls = "class " + std::to_string(o.header.class_crc);
        s.label = cls + " " + object_name(o);
        s.empty = !decodable(o);  // listed, nothing this format converts
        s.error = errors_[i];
        if (models_->handles(i)) {
            s.empty = !models_->convertible(i) && !models_->error(i);
            s.error = models_->error(i);
        }
        s.fields = {{"class", cls},
                    {"name", object_name(o)},
                    {"offset", o.offset},
                    {"compressed", o.header.compressed_size != 0},
                    {"body_size", o.header.decompressed_size},
                    {"pooled", o.pooled}};
        if (models_->handles(i)) s.fields.update(models_->list_fields(i));
        out.push_back(std::move(s));
    }
    return out;
}

Scene ZounaDocument::present(int64_t item) const {
    const size_t index = find(item);
    const ObjectRef& o = objects_[index];
    // handedness=right: Zouna space is glTF's already, nothing is mirrored.
    const bool right = v_.handedness == Handedness::Right;
    const SceneInputs in{v_, names_, native_ || right, *budget_};
    Scene s;
    if (models_->handles(index)) {
        s = models_->scene(index, in);
        add_scene_extras(s, o, item);
        return s;
    }
    const Decoded& d = *decoded_[index];
    const std::string name = object_name(o);
    if (auto* sk = std::get_if<Skel>(&d)) {
        std::vector<NamedAnimation> anims = extra_anims_;
        // Animations picked from the same BigFile (--anims NAME|CRC|all).
        const uint32_t anim_crc = asobo_crc32(kAnimationClass);
        std::vector<bool> matched(anim_selection_.size());
        for (size_t j = 0; j < objects_.size(); ++j) {
            const ObjectRef& a = objects_[j];
            if (a.header.class_crc != anim_crc || a.pooled) continue;
            const std::string an = object_name(a);
            bool picked = false;
            for (size_t k = 0; k < anim_selection_.size(); ++k) {
                const std::string& sel = anim_selection_[k];
                if (sel == "all" || sel == an || sel == std::to_string(a.header.name_crc))
                    picked = matched[k] = true;
            }
            if (!picked) continue;
            // A picked animation that failed to decode fails the scene.
            if (errors_[j])
                throw Error(*errors_[j]).push_where("animation " + an + " picked by --anims");
            anims.push_back({an, a.header.name_crc, a.endian, std::get<Animation>(*decoded_[j])});
        }
        for (size_t k = 0; k < matched.size(); ++k)
            if (!matched[k] && anim_selection_[k] != "all")
                throw unknown_anims_entry(anim_selection_[k]);
        s = skel_scene(*sk, name, anims, in);
    } else if (auto* an = std::get_if<Animation>(&d)) {
        NamedAnimation self{name, o.header.name_crc, o.endian, *an};
        if (skeleton_) {
            std::vector<NamedAnimation> anims = {std::move(self)};
            anims.insert(anims.end(), extra_anims_.begin(), extra_anims_.end());
            s = skel_scene(skeleton_->second, skeleton_->first, anims, in);
        } else {
            s = animation_scene(self, in);
        }
    } else {
        s = material_anim_scene(std::get<MaterialAnim>(d), name, in);
    }
    add_scene_extras(s, o, item);
    return s;
}

void ZounaDocument::add_scene_extras(Scene& s, const ObjectRef& o, int64_t item) const {
    s.extras["format"] = "zouna";
    s.extras["item"] = item;
    s.extras["container"] = container_;
    s.extras["version"] = version_;
    s.extras["endian"] = o.endian == Endian::Little ? "little" : "big";
    s.extras["settings"] = v_.describe();
    // ASSUMPTION(handedness): Zouna space is left-handed, Y up (tracks.hpp mirrors Z).
    const bool right = v_.handedness == Handedness::Right;
    s.extras["axes"] = native_ ? "zouna native (left-handed, Y up)"
                       : right ? "glTF: Zouna taken as right-handed Y up (handedness=right), "
                                 "unchanged"
                               : "glTF (right-handed, Y up): Zouna Z mirrored";
    // ASSUMPTION(metres): engine units are metres.
    s.extras["units"] = "engine units (assumed metres), unscaled";
    set_frame_range(s, v_.frame_rate);
}

}  // namespace ripkit::zouna
