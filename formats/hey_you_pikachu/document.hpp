// The decoded ROM as the CLI and the Assimp importer see it: the layout
// decided once at open, the animation banks, and each model of the table
// decoded once, face images included, when something first asks for it - a
// scene for its own model, `info`, `list` and `dump` (which holds `info`) for
// all of them (a model that fails keeps its error and is listed with it). The scene
// of one model is built from those structs alone.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "anim_reader.hpp"
#include "anim_scene.hpp"
#include "hierarchy_reader.hpp"
#include "layout.hpp"
#include "model_reader.hpp"
#include "ripkit/error.hpp"
#include "ripkit/format.hpp"
#include "rom_reader.hpp"

namespace ripkit::hey_you_pikachu {

class PikachuDocument : public Document {
  public:
    // Checks `options` against the schema (Error(Usage) when they do not fit).
    PikachuDocument(const Input& input, const Options& options);
    PikachuDocument(const Input& input, const Options& options, const Settings& settings);

    nlohmann::json info() const override;
    std::vector<ItemSummary> items() const override;
    // Decodes only the models before `id`.
    std::vector<ItemSummary> items_before(int64_t id) const override;
    nlohmann::json dump(std::optional<int64_t> item) const override;
    std::vector<std::string> warnings() const override;
    // The first model that decodes and draws, decoding no further than it.
    int64_t default_item() const override;

    const PikachuRom& rom() const { return *rom_; }
    const Layout& layout() const { return layout_; }
    const GameTrig& trig() const { return *trig_; }
    // The decoded model, or throws its decode error / Error(Usage) when out of range.
    const DecodedModel& model(int64_t item) const;
    const AnimTables& anims() const { return anims_; }
    // Banks that apply to model `i` (none when it did not decode).
    std::vector<uint32_t> model_banks(size_t i) const;
    // Resources decompressed (or failed) so far, the layout search's included.
    size_t resources_decoded() const { return cache_->loads(); }

  protected:
    Scene present(int64_t item) const override;
    std::shared_ptr<Budget> budget() const override { return budget_; }

  private:
    nlohmann::json dump_model(size_t i) const;
    // Decodes model i unless already tried; every model, for the whole-ROM verbs.
    void decode(size_t i) const;
    void decode_all() const;
    ItemSummary summary(size_t i) const;  // of a model decode(i) has tried

    nlohmann::json assumptions_;  // Settings::assumptions()
    std::vector<std::string> warnings_;
    std::unique_ptr<PikachuRom> rom_;
    std::unique_ptr<ResourceCache> cache_;
    Layout layout_;
    std::unique_ptr<GameTrig> trig_;
    // Filled on demand (decode, under decode_mutex_, with cache_); the
    // vectors keep their size, so references handed out stay valid.
    mutable std::mutex decode_mutex_;
    mutable std::vector<std::optional<DecodedModel>> models_;
    mutable std::vector<std::optional<Error>> errors_;
    mutable std::vector<bool> tried_;
    Bytes face_program_table_;  // copied at open (face_program_table)
    std::shared_ptr<Budget> budget_;
    AnimTables anims_;
    AnimMapping anim_mapping_;
    std::vector<std::string> anim_selection_;
};

}  // namespace ripkit::hey_you_pikachu
