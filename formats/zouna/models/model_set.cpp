#include "zouna/models/model_set.hpp"

#include <algorithm>
#include <unordered_set>

#include "ripkit/decode_item.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/models/model_dump.hpp"
#include "zouna/models/model_scene.hpp"

namespace ripkit::zouna {

Error unknown_anims_entry(const std::string& entry) {
    return Error(
        ErrorKind::Usage, std::nullopt,
        "--anims entries naming an Animation_Z of the file (name or crc) or all, got " + entry);
}

namespace {

// What a model item links to; pointers into Impl's stores.
struct Linked {
    std::string name;
    const SkinZ* skin = nullptr;
    const Skel* skel = nullptr;
    std::vector<std::pair<uint32_t, const MeshZ*>> meshes;
    std::vector<NamedAnimation> animations;
    std::optional<Error> anims_error;  // an --anims entry this model cannot take
    std::optional<SkinBinding> binding;
};

template <class T>
const T* get(const std::unordered_map<uint32_t, const ModelDecoded*>& m, uint32_t crc) {
    const auto it = m.find(crc);
    return it == m.end() ? nullptr : std::get_if<T>(it->second);
}

bool drives(const Animation& a, const std::unordered_set<uint32_t>& bones) {
    for (const Modifier& m : a.nodes)
        if (bones.count(m.name)) return true;
    return false;
}

}  // namespace

struct ModelSet::Impl {
    const ModelContext c;
    DiskFileSource disk;
    std::vector<std::string>& warnings;
    std::vector<std::optional<ModelDecoded>> own;  // per document object
    std::vector<std::optional<Error>> errors;      // per document object
    std::vector<std::optional<Linked>> linked;     // per document object (model items)
    std::vector<std::unique_ptr<ModelDecoded>> companions;
    std::unordered_map<uint32_t, const ModelDecoded*> by_crc[6];  // per ModelDecoded index
    std::unordered_map<uint32_t, Skel> skels;
    std::unordered_set<uint32_t> missing_skels;
    std::vector<std::optional<Error>> unsupported;  // per object: a layout not decoded
    std::unordered_map<size_t, Animation> animations;
    std::unique_ptr<CompanionFinder> finder;
    uint64_t companion_count = 0;
    MeshReading reading;

    Impl(const ModelContext& ctx, std::vector<std::string>& w) : c(ctx), warnings(w) {}

    std::string name(uint32_t crc) const { return name_or_crc(c.names, crc); }

    void index(const ModelDecoded& d, uint32_t crc) { by_crc[d.index()].emplace(crc, &d); }

    // A companion of class `cls` from the folder, decoded; null when absent.
    const ModelDecoded* companion(const std::string& cls, uint32_t crc, size_t want,
                                  const std::string& for_what) {
        if (const auto it = by_crc[want].find(crc); it != by_crc[want].end()) return it->second;
        if (!finder) {
            bool present = false;
            for (const ObjectRef& o : c.objects)
                present |= o.header.name_crc == crc && class_name(o.header.class_crc) == cls;
            warnings.push_back(for_what + ": " + cls + " " + std::to_string(crc) + " (" +
                               name(crc) + ") " +
                               (present ? "did not decode (see list)" : "is not in the file") +
                               "; exported without it");
            by_crc[want].emplace(crc, nullptr);
            return nullptr;
        }
        const auto f = finder->find(cls, crc);
        if (!f) {
            warnings.push_back(for_what + ": companion " + cls + " " + std::to_string(crc) + " (" +
                               name(crc) + ") not found (looked for " +
                               finder->looked_for(cls, crc) + "); exported without it");
            by_crc[want].emplace(crc, nullptr);
            return nullptr;
        }
        try {
            companions.push_back(std::make_unique<ModelDecoded>(
                decode_model_object(*f->bytes, f->object, c.v, c.budget)));
        } catch (Error& e) {
            if (e.file().empty()) e.set_file(f->path);
            throw;
        }
        ++companion_count;
        index(*companions.back(), crc);
        return companions.back().get();
    }

    const Skel* skel_for(uint32_t crc, const std::string& for_what) {
        if (c.skeleton) return &c.skeleton->second;
        if (auto it = skels.find(crc); it != skels.end()) return &it->second;
        if (missing_skels.count(crc)) return nullptr;
        const uint32_t skel_cls = asobo_crc32(kSkelClass);
        for (const ObjectRef& o : c.objects)
            if (o.header.class_crc == skel_cls && o.header.name_crc == crc && !o.pooled) {
                return &skels.emplace(crc, c.decode_skel(o)).first->second;
            }
        if (finder)
            if (const auto f = finder->find(kSkelClass, crc)) {
                const Bytes body = object_body(*f->bytes, f->object, c.budget.limits());
                Skel s = with_context(f->path, [&] {
                    return read_skel(ByteReader(body, 0, f->object.endian), c.v, c.budget);
                });
                ++companion_count;
                return &skels.emplace(crc, std::move(s)).first->second;
            }
        missing_skels.insert(crc);
        warnings.push_back(for_what + ": companion Skel_Z " + std::to_string(crc) + " (" +
                           name(crc) + ") not found" +
                           (finder ? " (looked for " + finder->looked_for(kSkelClass, crc) + ")"
                                   : std::string(" in the file")) +
                           "; the meshes are exported unskinned");
        return nullptr;
    }

    const MeshZ* mesh_with_parts(uint32_t crc, const std::string& for_what) {
        const ModelDecoded* d = companion(kMeshClass, crc, 0, for_what);
        const MeshZ* m = d ? std::get_if<MeshZ>(d) : nullptr;
        if (!m) return nullptr;
        if (m->link.data_name) companion(kMeshDataClass, m->link.data_name, 4, for_what);
        for (uint32_t mat : m->materials) material_with_bitmap(mat, for_what);
        return m;
    }

    // A Material_Z companion and its diffuse Bitmap_Z (warned about when missing).
    void material_with_bitmap(uint32_t mat, const std::string& for_what) {
        const ModelDecoded* md = companion(kMaterialClass, mat, 2, for_what);
        if (const MaterialZ* z = md ? std::get_if<MaterialZ>(md) : nullptr)
            if (const uint32_t t = material_diffuse(*z)) companion(kBitmapClass, t, 3, for_what);
    }

    // The file's Animation_Z objects, decoded once.
    const Animation& animation(size_t object) {
        auto it = animations.find(object);
        if (it == animations.end())
            it = animations.emplace(object, c.decode_animation(c.objects[object])).first;
        return it->second;
    }

    // --anim files, then the file's animations: those --anims picks, or
    // without --anims every one that drives a bone of the skeleton. An --anims
    // entry (other than `all`) naming no Animation_Z of the file, or one that
    // drives no bone of this skeleton, is a usage error of this item.
    std::vector<NamedAnimation> animations_for(const Skel* skel, uint32_t skel_crc,
                                               std::optional<Error>& error) {
        std::vector<NamedAnimation> out = c.extra_anims;
        if (!skel) return out;
        std::unordered_set<uint32_t> bones;
        for (const Bone& b : skel->bones) bones.insert(b.name);
        const uint32_t anim_cls = asobo_crc32(kAnimationClass);
        const bool all = std::count(c.anim_selection.begin(), c.anim_selection.end(), "all") > 0;
        std::vector<bool> matched(c.anim_selection.size());
        for (size_t i = 0; i < c.objects.size(); ++i) {
            const ObjectRef& o = c.objects[i];
            if (o.header.class_crc != anim_cls || o.pooled) continue;
            const std::string an = name(o.header.name_crc);
            bool named = false;
            for (size_t s = 0; s < c.anim_selection.size(); ++s) {
                const std::string& sel = c.anim_selection[s];
                if (sel != an && sel != std::to_string(o.header.name_crc)) continue;
                matched[s] = named = true;
                if (!error && !drives(animation(i), bones))
                    error = Error(ErrorKind::Usage, std::nullopt,
                                  "--anims entries whose Animation_Z animates a bone of Skel_Z " +
                                      name(skel_crc) + ", got " + sel + " (Animation_Z " + an +
                                      " animates no bone of it)");
            }
            const bool picked =
                c.anim_selection.empty() ? drives(animation(i), bones) : all || named;
            if (picked) out.push_back({an, o.header.name_crc, o.endian, animation(i)});
        }
        for (size_t s = 0; s < matched.size() && !error; ++s)
            if (!matched[s] && c.anim_selection[s] != "all")
                error = unknown_anims_entry(c.anim_selection[s]);
        return out;
    }

    Linked link_skin(const SkinZ& s, const std::string& label, bool bind) {
        Linked l;
        l.skin = &s;
        for (uint32_t m : s.meshes) l.meshes.push_back({m, mesh_with_parts(m, label)});
        // Ratatouille / WALL-E groups draw with their subsection's material (model_scene).
        for (const SkinSection& sec : s.sections)
            for (const SkinSubsection& sub : sec.subsections)
                if (sub.material) material_with_bitmap(sub.material, label);
        l.skel = skel_for(s.link.data_name, label);
        if (!bind) return l;
        l.animations = animations_for(l.skel, s.link.data_name, l.anims_error);
        if (l.skel) {
            std::vector<const MeshZ*> ms;
            for (const auto& [crc, m] : l.meshes) ms.push_back(m);
            l.binding = bind_skin(s, ms, *l.skel, c.v, reading);
        }
        return l;
    }

    Linked link(const ObjectRef& o, bool bind) {
        const ModelDecoded& d = *own[size_t(&o - c.objects.data())];
        const std::string label = class_name(o.header.class_crc) + " " + name(o.header.name_crc);
        if (const auto* s = std::get_if<SkinZ>(&d)) {
            Linked l = link_skin(*s, label, bind);
            l.name = name(o.header.name_crc);
            return l;
        }
        if (std::get_if<MeshZ>(&d)) {
            Linked l;
            l.name = name(o.header.name_crc);
            l.meshes.push_back({o.header.name_crc, mesh_with_parts(o.header.name_crc, label)});
            return l;
        }
        const LodZ& lod = std::get<LodZ>(d);
        // ASSUMPTION(lod0): the first Skin_Z or Mesh_Z component is LOD 0.
        for (uint32_t comp : lod.components) {
            if (get<SkinZ>(by_crc[1], comp) || (finder && finder->find(kSkinClass, comp))) {
                const ModelDecoded* sd = companion(kSkinClass, comp, 1, label);
                Linked l = link_skin(std::get<SkinZ>(*sd), label, bind);
                l.name = name(o.header.name_crc);
                return l;
            }
            if (get<MeshZ>(by_crc[0], comp) || (finder && finder->find(kMeshClass, comp))) {
                Linked l;
                l.name = name(o.header.name_crc);
                l.meshes.push_back({comp, mesh_with_parts(comp, label)});
                return l;
            }
        }
        fail_no_offset(ErrorKind::BadValue, label + ": a Skin_Z or Mesh_Z among its " +
                                                std::to_string(lod.components.size()) +
                                                " components");
    }

    void decide_reading() {
        std::vector<const MeshZ*> all;
        for (const auto& [crc, d] : by_crc[0])
            if (d) all.push_back(&std::get<MeshZ>(*d));
        // Stable evidence whatever the hash order.
        std::sort(all.begin(), all.end());
        const bool mirrored = !(c.native || c.v.handedness == Handedness::Right);
        reading = decide_mesh_reading(all, c.v, mirrored);
    }
};

ModelSet::ModelSet(const ModelContext& c, std::vector<std::string>& warnings)
    : impl_(std::make_unique<Impl>(c, warnings)) {
    Impl& m = *impl_;
    const size_t n = c.objects.size();
    m.own.resize(n);
    m.errors.resize(n);
    m.linked.resize(n);
    m.unsupported.resize(n);
    Budget& budget = c.budget;
    for (size_t i = 0; i < n; ++i) {
        const ObjectRef& o = m.c.objects[i];
        if (!is_model_class(o.header.class_crc)) continue;
        const std::string frame = class_name(o.header.class_crc) + " " + m.name(o.header.name_crc) +
                                  " at " + std::to_string(o.offset);
        budget.progress(i, n, frame);
        std::optional<Error> e = decode_item(
            budget, frame, [&] { m.own[i] = decode_model_object(c.data, o, c.v, c.budget); });
        if (!e) m.index(*m.own[i], o.header.name_crc);
        // A layout no public source documents (console data, Up / TS3
        // meshes) is a class variant not decoded, listed like one.
        else if (e->kind() == ErrorKind::Unsupported)
            m.unsupported[i] = std::move(e);
        else
            m.errors[i] = std::move(e);
    }
    if (c.container != "bigfile" && n == 1 && m.own[0] &&
        is_model_item_class(c.objects[0].header.class_crc))
        m.finder = std::make_unique<CompanionFinder>(c.path, c.files ? *c.files : m.disk,
                                                     c.budget.limits(), c.names);
    // Companions first (they add meshes to the evidence), then the readings, then the bindings.
    std::vector<size_t> items;
    for (size_t i = 0; i < n; ++i)
        if (m.own[i] && is_model_item_class(c.objects[i].header.class_crc)) items.push_back(i);
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1) m.decide_reading();
        for (size_t i : items) {
            if (m.errors[i]) continue;
            const ObjectRef& o = c.objects[i];
            try {
                Linked l =
                    with_context(class_name(o.header.class_crc) + " " + m.name(o.header.name_crc),
                                 [&] { return m.link(o, pass == 1); });
                if (pass == 1) m.linked[i] = std::move(l);
            } catch (Error& e) {
                if (e.kind() == ErrorKind::Usage || e.kind() == ErrorKind::Cancelled) throw;
                m.errors[i] = e;
            }
        }
    }
}

ModelSet::~ModelSet() = default;

bool ModelSet::handles(size_t i) const {
    return is_model_class(impl_->c.objects.at(i).header.class_crc);
}

const std::optional<Error>& ModelSet::error(size_t i) const { return impl_->errors.at(i); }

bool ModelSet::convertible(size_t i) const { return impl_->linked.at(i).has_value(); }

bool ModelSet::decoded(size_t i) const { return impl_->own.at(i).has_value(); }

nlohmann::json ModelSet::dump(size_t i) const {
    if (impl_->errors.at(i)) throw *impl_->errors[i];
    if (impl_->unsupported.at(i)) throw *impl_->unsupported[i];
    return dump_model_object(*impl_->own.at(i), impl_->c.names);
}

Scene ModelSet::scene(size_t i, const SceneInputs& in) const {
    const Impl& m = *impl_;
    if (!is_model_item_class(m.c.objects.at(i).header.class_crc))
        fail_no_offset(ErrorKind::Usage, "item " + std::to_string(m.c.objects[i].header.name_crc) +
                                             " is a " +
                                             class_name(m.c.objects[i].header.class_crc) +
                                             ": convert a Skin_Z, Mesh_Z or Lod_Z");
    if (m.errors[i]) throw *m.errors[i];
    if (m.unsupported[i]) throw *m.unsupported[i];
    const Linked& l = *m.linked[i];
    if (l.anims_error) throw *l.anims_error;
    ModelInputs mi;
    mi.name = l.name;
    mi.skin = l.skin;
    mi.skel = l.skel;
    mi.binding = l.binding ? &*l.binding : nullptr;
    mi.meshes = l.meshes;
    mi.animations = l.animations;
    mi.reading = &m.reading;
    for (const auto& [crc, d] : m.by_crc[2])
        if (d) mi.materials.emplace(crc, &std::get<MaterialZ>(*d));
    for (const auto& [crc, d] : m.by_crc[3])
        if (d) mi.bitmaps.emplace(crc, &std::get<BitmapZ>(*d));
    return model_scene(mi, in);
}

nlohmann::json ModelSet::info() const {
    const Impl& m = *impl_;
    size_t counts[6] = {};
    for (const auto& d : m.own)
        if (d) ++counts[d->index()];
    // Layouts not decoded, per class: how many and why (the first object's reason).
    nlohmann::json unsupported = nlohmann::json::object();
    for (size_t i = 0; i < m.unsupported.size(); ++i) {
        if (!m.unsupported[i]) continue;
        nlohmann::json& u = unsupported[class_name(m.c.objects[i].header.class_crc)];
        if (u.is_null()) u = {{"objects", 0}, {"reason", m.unsupported[i]->expected()}};
        u["objects"] = u["objects"].get<size_t>() + 1;
    }
    return {{"mesh_objects",
             {{"Mesh_Z", counts[0]},
              {"Skin_Z", counts[1]},
              {"Material_Z", counts[2]},
              {"Bitmap_Z", counts[3]},
              {"MeshData_Z", counts[4]},
              {"Lod_Z", counts[5]}}},
            {"unsupported", unsupported},
            {"companions_read", m.companion_count},
            {"mesh_reading", m.reading.evidence}};
}

nlohmann::json ModelSet::list_fields(size_t i) const {
    const Impl& m = *impl_;
    if (m.unsupported.at(i)) return {{"unsupported", m.unsupported[i]->expected()}};
    if (!m.own.at(i)) return nlohmann::json::object();
    const ModelDecoded& d = *m.own[i];
    if (const auto* x = std::get_if<MeshZ>(&d)) {
        size_t verts = 0;
        for (const auto& b : x->vertex_buffers) verts += b.vertices.size();
        return {
            {"vertices", verts}, {"groups", x->groups.size()}, {"materials", x->materials.size()}};
    }
    if (const auto* x = std::get_if<SkinZ>(&d))
        return {{"meshes", x->meshes.size()}, {"skeleton", x->link.data_name}};
    if (const auto* x = std::get_if<BitmapZ>(&d))
        return {{"width", x->width},
                {"height", x->height},
                {"pixels", image::pixel_format_name(x->pixel)}};
    if (const auto* x = std::get_if<LodZ>(&d)) return {{"components", x->components.size()}};
    return nlohmann::json::object();
}

}  // namespace ripkit::zouna
