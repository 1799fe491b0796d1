// The decoded ROM as the CLI and the Assimp importer see it: every model of
// the table decoded once at open, face images included (a model that fails
// keeps its error and is listed with it), the layout decisions, and the scene
// of one model - built from those structs alone, without reading the ROM.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "anim_bank.hpp"
#include "anim_scene.hpp"
#include "hierarchy.hpp"
#include "layout.hpp"
#include "model.hpp"
#include "ripkit/error.hpp"
#include "ripkit/format.hpp"
#include "rom_access.hpp"

namespace ripkit::pikachu {

class PikachuDocument : public Document {
  public:
    // Checks `options` against the schema (Error(Usage) when they do not fit).
    PikachuDocument(const Input& input, const Options& options);
    PikachuDocument(const Input& input, const Options& options, const Settings& settings);

    nlohmann::json info() const override;
    std::vector<ItemSummary> items() const override;
    nlohmann::json dump(std::optional<int64_t> item) const override;
    std::vector<std::string> warnings() const override;

    const PikachuRom& rom() const { return *rom_; }
    const Layout& layout() const { return layout_; }
    const GameTrig& trig() const { return *trig_; }
    // The decoded model, or throws its decode error / Error(Usage) when out of range.
    const DecodedModel& model(int64_t item) const;
    const AnimTables& anims() const { return anims_; }
    // Banks that apply to model `i` (none when it did not decode).
    std::vector<uint32_t> model_banks(size_t i) const;

  protected:
    Scene present(int64_t item) const override;
    std::shared_ptr<Budget> budget() const override { return budget_; }

  private:
    nlohmann::json dump_model(size_t i) const;

    nlohmann::json assumptions_;  // Settings::assumptions()
    std::vector<std::string> warnings_;
    std::unique_ptr<PikachuRom> rom_;
    std::unique_ptr<ResourceCache> cache_;
    Layout layout_;
    std::unique_ptr<GameTrig> trig_;
    std::vector<std::optional<DecodedModel>> models_;
    std::vector<std::optional<Error>> errors_;
    std::vector<ModelRecord> records_;
    Bytes face_program_table_;        // copied at open (face_program_table)
    nlohmann::json face_banks_dump_;  // every bank of the table, for `dump`
    std::shared_ptr<Budget> budget_;
    AnimTables anims_;
    AnimMapping anim_mapping_;
    std::vector<std::string> anim_selection_;
    Limits limits_;
};

}  // namespace ripkit::pikachu
