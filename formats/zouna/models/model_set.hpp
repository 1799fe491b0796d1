// The mesh-family objects of one document, decoded at open: the file's own
// Mesh_Z / Skin_Z / Material_Z / Bitmap_Z / MeshData_Z / Lod_Z objects, the
// companions a single-object input names (companions.hpp), the readings
// decided over all of them (model_checks.hpp) and, per model item (Skin_Z,
// Mesh_Z, Lod_Z), everything it links to - or the error that stops it.
// A missing companion is a warning naming its crc; the model is built without it.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <unordered_map>

#include "zouna/container/companions.hpp"
#include "zouna/document.hpp"
#include "zouna/models/model_checks.hpp"
#include "zouna/models/model_objects.hpp"
#include "zouna/models/skin_bind.hpp"

namespace ripkit::zouna {

// The usage error of an --anims entry (other than `all`) that names no
// Animation_Z of the file: a Skel_Z item and a model item say the same.
Error unknown_anims_entry(const std::string& entry);

// What the document lends the model set; the references outlive it.
struct ModelContext {
    std::string path;  // the input, for its folder
    ByteSpan data;
    const std::vector<ObjectRef>& objects;
    std::string container;
    const Variants& v;
    Budget& budget;                     // the document's: bodies while decoded, structs kept
    NameMap& names;                     // companions found by their file stem add their names
    const FileSource* files = nullptr;  // null: the disk
    bool native = false;
    const std::vector<NamedAnimation>& extra_anims;               // --anim
    const std::optional<std::pair<std::string, Skel>>& skeleton;  // --skeleton
    std::vector<std::string> anim_selection;                      // --anims
    // The file's own Skel_Z / Animation_Z objects, decoded by the document.
    std::function<Skel(const ObjectRef&)> decode_skel;
    std::function<Animation(const ObjectRef&)> decode_animation;
};

class ModelSet {
  public:
    ModelSet(const ModelContext& c, std::vector<std::string>& warnings);
    ~ModelSet();

    // A model-class object of the file (by index into the document's objects).
    bool handles(size_t object) const;
    // Its decode (or link, for model items) error.
    const std::optional<Error>& error(size_t object) const;
    // Mesh_Z, Skin_Z, Lod_Z that decoded and linked.
    bool convertible(size_t object) const;
    // Decoded (not failed, not an undecoded layout).
    bool decoded(size_t object) const;
    nlohmann::json dump(size_t object) const;
    Scene scene(size_t object, const SceneInputs& in) const;
    // Readings, their evidence, object and companion counts, and per class the
    // objects whose layout is not decoded (`unsupported`: count and reason).
    nlohmann::json info() const;
    // A few `list` fields (vertices, groups, meshes, size ...).
    nlohmann::json list_fields(size_t object) const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace ripkit::zouna
