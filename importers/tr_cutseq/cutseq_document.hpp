// The Document over a decoded CUTSEQ file: info, list, dump (schema in the
// README section) and scene building per cutscene.
#pragma once

#include <memory>
#include <optional>

#include "cutseq_types.hpp"
#include "level_bodies.hpp"
#include "ripkit/format.hpp"
#include "ripkit/settings.hpp"
#include "scene_builder.hpp"
#include "skeleton.hpp"

namespace ripkit::tr_cutseq {

class CutseqDocument : public Document {
  public:
    // `budget`: the document's (scene_options.budget points at it).
    CutseqDocument(CutseqFile file, std::optional<Skeleton> skeleton, SceneOptions scene_options,
                   nlohmann::json assumptions = nlohmann::json::object(),
                   std::optional<LevelBodies> level = std::nullopt,
                   std::shared_ptr<Budget> budget = nullptr);

    nlohmann::json info() const override;
    std::vector<ItemSummary> items() const override;
    nlohmann::json dump(std::optional<int64_t> item) const override;
    std::vector<std::string> warnings() const override;

    const CutseqFile& file() const { return file_; }

  protected:
    Scene present(int64_t item) const override;
    std::shared_ptr<Budget> budget() const override { return budget_; }

  private:
    const Cutscene& find(int64_t item, bool need_data) const;

    CutseqFile file_;
    std::optional<Skeleton> skeleton_;
    SceneOptions scene_options_;
    nlohmann::json assumptions_;  // Settings::assumptions()
    std::optional<LevelBodies> level_;
    std::vector<std::string> level_warnings_;
    std::shared_ptr<Budget> budget_;
};

// Reads the skeleton or the level `settings` names and decodes the input.
std::unique_ptr<Document> open_cutseq(const Input& input, const Options& options,
                                      const Settings& settings);
// The same, checking `options` against the schema first (throws Error(Usage)).
std::unique_ptr<Document> open_cutseq(const Input& input, const Options& options);

}  // namespace ripkit::tr_cutseq
