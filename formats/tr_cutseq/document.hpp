// The Document over a decoded CUTSEQ file: info, list, dump (schema in
// docs/formats/tr_cutseq.md) and scene building per cutscene.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>

#include "cutscene_scene.hpp"
#include "cutseq_types.hpp"
#include "level_bodies.hpp"
#include "ripkit/format.hpp"
#include "ripkit/settings.hpp"
#include "skeleton.hpp"

namespace ripkit::tr_cutseq {

// Opening reads the container and the table only; a cutscene is decoded when
// something asks for it (scene, dump, or the whole-file verbs info and list,
// which need every entry's error), and what one decode found - its error, its
// summary, its warnings - is kept, its data is not: a 44-cutscene file
// converting `--item 3` decodes cutscene 3 alone. Thread-safe.
class CutseqDocument : public Document {
  public:
    // `data`: what the entries point into (the BIN, by range or in memory, or the PAK's inflated
    // data); `budget`: the document's, which the table was read under.
    CutseqDocument(CutseqFile table, std::shared_ptr<const ByteSource> data,
                   std::shared_ptr<Budget> budget, std::optional<Skeleton> skeleton,
                   SceneOptions scene_options, nlohmann::json assumptions,
                   std::optional<LevelBodies> level);

    nlohmann::json info() const override;
    std::vector<ItemSummary> items() const override;
    nlohmann::json dump(std::optional<int64_t> item) const override;
    // The file's findings and those of every cutscene decoded so far.
    std::vector<std::string> warnings() const override;
    // The first non-empty entry that decodes, decoding no further.
    int64_t default_item() const override;
    std::vector<ItemSummary> items_before(int64_t id) const override;

    // How many cutscene decodes have run (what a verb cost, for tests).
    uint64_t decodes() const { return decodes_.load(); }

  protected:
    Scene present(int64_t item) const override;
    std::shared_ptr<Budget> budget() const override { return budget_; }

  private:
    // What decoding entry k found.
    struct Probe {
        ItemSummary summary;
        std::vector<std::string> warnings;        // the decode's
        std::vector<std::string> level_warnings;  // its actors without a body
        int frames = 0, actors = 0;
    };
    using Decoded = std::shared_ptr<const Cutscene>;

    size_t position(int64_t item) const;  // Error(Usage) for an id not in the table
    // Entry k decoded afresh (its charge given back with the last copy); the
    // probe recorded.
    Decoded decode(size_t k) const;
    void record(size_t k, const Cutscene& c, std::vector<std::string> warnings) const;
    Probe probe(size_t k) const;  // decodes entry k when it has no probe yet
    void probe_all() const;

    CutseqFile table_;  // the entries; a bare block's is decoded
    std::shared_ptr<const ByteSource> data_;
    std::optional<Skeleton> skeleton_;
    SceneOptions scene_options_;
    nlohmann::json assumptions_;  // Settings::assumptions()
    std::optional<LevelBodies> level_;
    std::shared_ptr<Budget> budget_;
    mutable std::mutex mutex_;  // guards probes_ and kept_
    mutable std::vector<std::optional<Probe>> probes_;
    // The default item's decode, kept for the scene that follows (so a
    // default conversion decodes its cutscene once); present() takes it.
    mutable Decoded kept_;
    mutable std::atomic<uint64_t> decodes_{0};
};

// Reads the skeleton or the level `settings` names and decodes the input.
std::unique_ptr<Document> open_cutseq(const Input& input, const Options& options,
                                      const Settings& settings);
// The same, checking `options` against the schema first (throws Error(Usage)).
std::unique_ptr<Document> open_cutseq(const Input& input, const Options& options);

}  // namespace ripkit::tr_cutseq
