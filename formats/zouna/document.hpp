// The decoded input (one object, a BFF0 file or a BigFile) and the companion
// files read at open time (names, --anim animations, the .NPC sibling). Every
// supported object is decoded at open; one that fails keeps its error.
#pragma once

#include <memory>
#include <variant>

#include "container/container.hpp"
#include "container/names.hpp"
#include "keyframes/animation.hpp"
#include "keyframes/material_anim.hpp"
#include "keyframes/skel.hpp"
#include "ripkit/format.hpp"
#include "ripkit/settings.hpp"
#include "scene_inputs.hpp"

namespace ripkit::zouna {

using Decoded = std::variant<Animation, Skel, MaterialAnim>;

class ModelSet;

class ZounaDocument : public Document {
  public:
    // Checks `options` against the schema (Error(Usage) when they do not fit).
    ZounaDocument(const Input& input, const Options& options);
    ZounaDocument(const Input& input, const Options& options, const Settings& settings);
    ~ZounaDocument() override;

    nlohmann::json info() const override;
    std::vector<ItemSummary> items() const override;
    nlohmann::json dump(std::optional<int64_t> item) const override;
    std::vector<std::string> warnings() const override { return warnings_; }

    const Variants& variants() const { return v_; }

  protected:
    Scene present(int64_t item) const override;
    std::shared_ptr<Budget> budget() const override { return budget_; }

  private:
    // A supported, unpooled object: what can be decoded and converted.
    static bool decodable(const ObjectRef& o);
    // Records what Skel_Z object i's stored matrices (when it decoded) and its
    // body's length say about the reading (info, a warning when another
    // reading fits them and the settings do not).
    void check_skeleton(ByteSpan data, size_t i);
    static void warn_substitutions(const std::string& name, const Decoded& d,
                                   std::vector<std::string>& warnings);
    Decoded decode(ByteSpan data, const ObjectRef& o) const;
    // Index of object `item`; Usage for an unknown or undecodable one, its
    // decode error for one that failed.
    size_t find(int64_t item) const;
    std::string object_name(const ObjectRef& o) const;
    nlohmann::json dump_object(size_t i) const;
    nlohmann::json object_json(const ObjectRef& o) const;
    void add_scene_extras(Scene& s, const ObjectRef& o, int64_t item) const;
    void load_companions(const Options& options, const Settings& settings);

    std::string path_;
    std::string container_;  // "object", "bff0", "bigfile"
    std::string version_;
    nlohmann::json bff0_;  // a BFF0 header's platform and form, else null
    Endian endian_ = Endian::Little;
    bool native_ = false;
    std::optional<Endian> forced_endian_;  // --set endian
    std::vector<std::string> anim_selection_;
    nlohmann::json assumptions_;  // Settings::assumptions()
    Variants v_;
    NameMap names_;
    std::vector<ObjectRef> objects_;
    // Item id of each object: its name crc, plus k << 32 for the k-th later
    // object of the same name (a BigFile may hold several), so items stay distinct.
    std::vector<int64_t> item_ids_;
    std::vector<std::optional<Decoded>> decoded_;  // per object (decodable ones)
    std::vector<std::optional<Error>> errors_;     // per object that failed
    std::shared_ptr<Budget> budget_;
    const Limits& limits() const { return budget_->limits(); }
    std::vector<NamedAnimation> extra_anims_;
    std::optional<std::pair<std::string, Skel>> skeleton_;  // --skeleton
    std::vector<std::string> warnings_;
    // Per Skel_Z object by name: what its stored matrices say (skel_checks.hpp).
    nlohmann::json skel_checks_ = nlohmann::json::object();
    std::unique_ptr<ModelSet> models_;  // the mesh-family objects (model_set.hpp)
};

}  // namespace ripkit::zouna
