// The Document over a decoded level: one item per moveable (id = its slot)
// and the rooms as one item (id kRoomsItem). Everything is decoded at open;
// an item that cannot be presented keeps its error and `scene` throws it.
#pragma once

#include <memory>

#include "conversion.hpp"
#include "level_types.hpp"
#include "moveable_scene.hpp"
#include "ripkit/format.hpp"
#include "ripkit/settings.hpp"

namespace ripkit::tr_level {

// Above every slot a level can hold (check_level refuses slots from here on).
inline constexpr int64_t kRoomsItem = 10000;

class LevelDocument : public Document {
  public:
    // `anims`: the --anims words (empty: all of each moveable's anims).
    LevelDocument(Level level, Conversion conv, std::shared_ptr<Budget> budget,
                  nlohmann::json assumptions = nlohmann::json::object(),
                  std::vector<std::string> anims = {}, BodyStyle body = BodyStyle::Skinned);

    nlohmann::json info() const override;
    std::vector<ItemSummary> items() const override;
    nlohmann::json dump(std::optional<int64_t> item) const override;
    int64_t default_item() const override;
    std::vector<std::string> warnings() const override { return warnings_; }

    const Level& level() const { return level_; }

  protected:
    Scene present(int64_t item) const override;
    std::shared_ptr<Budget> budget() const override { return budget_; }

  private:
    const Moveable& moveable(int64_t item) const;
    std::vector<uint32_t> chosen_anims(const Moveable& m) const;
    // Charges a scene of `faces` faces (and the texture pages) to the budget.
    void charge_scene_bytes(uint64_t faces, const std::string& what) const;
    // The first room error, if any: the rooms item's error.
    const Error* rooms_error() const;

    Level level_;
    Conversion conv_;
    std::shared_ptr<Budget> budget_;
    nlohmann::json assumptions_;  // Settings::assumptions()
    std::vector<std::string> anims_;
    BodyStyle body_;
    std::vector<std::string> warnings_;
};

std::unique_ptr<Document> open_level(const Input& input, const Options& options,
                                     const Settings& settings);
// The same, checking `options` against the schema first (throws Error(Usage)).
std::unique_ptr<Document> open_level(const Input& input, const Options& options);

}  // namespace ripkit::tr_level
