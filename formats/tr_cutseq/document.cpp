#include "document.hpp"

#include <string>

#include "cutscene_dump.hpp"
#include "cutseq_reader.hpp"
#include "format.hpp"
#include "ripkit/error.hpp"
#include "ripkit/settings.hpp"
#include "schema.hpp"
#include "tr_level/level_reader.hpp"

namespace ripkit::tr_cutseq {

namespace {

nlohmann::json slots_of(const Cutscene& c) {
    nlohmann::json slots = nlohmann::json::array();
    for (const Actor& a : c.actors) slots.push_back(a.slot);
    return slots;
}

// The companion level, through the Options' FileSource; its errors name it.
LevelBodies read_level_file(const std::string& path, const Options& options,
                            const Settings& settings, Budget& budget) {
    DiskFileSource disk;
    const FileSource& files = options.files ? *options.files : disk;
    LevelBodies lb;
    lb.path = path;
    lb.rooms = parse_room_set(settings.text("rooms"));
    try {
        const std::optional<Bytes> bytes = files.read(path, budget.limits());
        if (!bytes) fail_no_offset(ErrorKind::Io, "a readable level file (--level)");
        lb.level = std::make_shared<const tr_level::Level>(tr_level::read_level(*bytes, budget));
    } catch (Error& e) {
        e.set_file(path);
        throw;
    }
    return lb;
}

}  // namespace

CutseqDocument::CutseqDocument(CutseqFile table, std::shared_ptr<const ByteSource> data,
                               std::shared_ptr<Budget> budget, std::optional<Skeleton> skeleton,
                               SceneOptions scene_options, nlohmann::json assumptions,
                               std::optional<LevelBodies> level)
    : table_(std::move(table)),
      data_(data ? std::move(data) : memory_source({})),
      skeleton_(std::move(skeleton)),
      scene_options_(scene_options),
      assumptions_(std::move(assumptions)),
      level_(std::move(level)),
      budget_(std::move(budget)),
      probes_(table_.cutscenes.size()) {
    scene_options_.skeleton = skeleton_ ? &*skeleton_ : nullptr;
    // What needs no decoding is known now: empty entries, entries outside the
    // file, and a bare block (decoded at open; its warnings are the file's).
    for (size_t k = 0; k < table_.cutscenes.size(); ++k) {
        const Cutscene& c = table_.cutscenes[k];
        if (c.empty || c.error || table_.variant == Variant::Block) record(k, c, {});
    }
}

void CutseqDocument::record(size_t k, const Cutscene& c, std::vector<std::string> warnings) const {
    Probe p;
    p.warnings = std::move(warnings);
    ItemSummary& s = p.summary;
    s.id = c.index;
    s.empty = c.empty;
    const std::string name = "cutscene " + std::to_string(c.index);
    if (c.error) {
        s.error = c.error;
        s.label = name + ": not decodable";
    } else if (c.empty) {
        s.label = name + ": empty";
        s.fields = {{"empty", true}};
    } else {
        std::string slots;
        for (const Actor& a : c.actors)
            slots += (slots.empty() ? "" : ", ") + std::to_string(a.slot);
        s.label = name + ": " + std::to_string(c.frames) + " frames, " +
                  std::to_string(c.actors.size()) + " actors (slots " + slots + "), audio track " +
                  std::to_string(c.audio_track);
        s.fields = {{"frames", c.frames},
                    {"actors", c.actors.size()},
                    {"slots", slots_of(c)},
                    {"audio_track", c.audio_track}};
        p.frames = c.frames;
        p.actors = static_cast<int>(c.actors.size());
        if (level_) p.level_warnings = level_warnings(*level_->level, c);
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    if (!probes_[k]) probes_[k] = std::move(p);
}

CutseqDocument::Decoded CutseqDocument::decode(size_t k) const {
    const Cutscene& entry = table_.cutscenes[k];
    if (entry.empty || entry.error || table_.variant == Variant::Block)
        return Decoded(Decoded(), &entry);  // not owned: the table holds it
    std::vector<std::string> warnings;
    const Budget::Meter meter(*budget_);
    Cutscene c = decode_entry(*data_, entry, *budget_, warnings);
    ++decodes_;
    const uint64_t held = meter.net();
    record(k, c, std::move(warnings));
    return Decoded(new Cutscene(std::move(c)), [budget = budget_, held](const Cutscene* p) {
        delete p;
        budget->release_bytes(held);
    });
}

CutseqDocument::Probe CutseqDocument::probe(size_t k) const {
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (probes_[k]) return *probes_[k];
    }
    (void)decode(k);
    const std::lock_guard<std::mutex> lock(mutex_);
    return *probes_[k];
}

void CutseqDocument::probe_all() const {
    for (size_t k = 0; k < probes_.size(); ++k) {
        budget_->progress(k + 1, probes_.size(),
                          "cutscene " + std::to_string(table_.cutscenes[k].index));
        (void)probe(k);
    }
}

std::vector<std::string> CutseqDocument::warnings() const {
    std::vector<std::string> all = table_.warnings, level;
    if (level_) level = level_warnings(*level_->level, table_.variant);
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        for (const std::optional<Probe>& p : probes_) {
            if (!p) continue;
            all.insert(all.end(), p->warnings.begin(), p->warnings.end());
            level.insert(level.end(), p->level_warnings.begin(), p->level_warnings.end());
        }
    }
    all.insert(all.end(), level.begin(), level.end());
    if (level_ && skeleton_) all.push_back("level: --skeleton is not used with --level");
    return all;
}

nlohmann::json CutseqDocument::info() const {
    probe_all();
    int non_empty = 0, frames = 0, actors = 0, failed = 0;
    for (size_t k = 0; k < probes_.size(); ++k) {
        const Probe p = probe(k);
        if (p.summary.error) {
            ++failed;
        } else if (!p.summary.empty) {
            ++non_empty;
            frames += p.frames;
            actors += p.actors;
        }
    }
    const CutseqFile& f = table_;
    return {{"format", "tr-cutseq"},
            {"variant", variant_name(f.variant)},
            {"container", f.variant == Variant::Tr4 ? "u32 size + zlib" : "plain"},
            {"file_bytes", f.file_size},
            {"decompressed_bytes", f.decompressed_size},
            {"table_entries", f.table_entries},
            {"table_entries_from", f.entries_set ? "--set entries" : "data"},
            {"inferred_entries", f.inferred_entries},
            {"cutscenes", f.cutscenes.size()},
            {"non_empty", non_empty},
            {"not_decodable", failed},
            {"total_frames", frames},
            {"total_actors", actors},
            {"frame_rate", kFrameRate},
            {"skeleton", skeleton_.has_value()},
            {"level",
             level_ ? nlohmann::json{{"file", level_->path},
                                     {"version", tr_level::version_name(level_->level->version)},
                                     {"rooms", room_set_name(level_->rooms)}}
                    : nlohmann::json(nullptr)},
            {"assumptions", assumptions_},
            {"warnings", warnings()}};
}

std::vector<ItemSummary> CutseqDocument::items() const {
    probe_all();
    std::vector<ItemSummary> out;
    for (size_t k = 0; k < probes_.size(); ++k) out.push_back(probe(k).summary);
    return out;
}

int64_t CutseqDocument::default_item() const {
    for (size_t k = 0; k < probes_.size(); ++k) {
        bool probed;
        {
            const std::lock_guard<std::mutex> lock(mutex_);
            probed = probes_[k].has_value();
        }
        if (!probed) {
            Decoded d = decode(k);
            if (!d->error && !d->empty) {
                const std::lock_guard<std::mutex> lock(mutex_);
                kept_ = std::move(d);
            }
        }
        const Probe p = probe(k);
        if (!p.summary.empty && !p.summary.error) return p.summary.id;
    }
    for (size_t k = 0; k < probes_.size(); ++k)
        if (const Probe p = probe(k); p.summary.error) throw *p.summary.error;
    fail_no_offset(ErrorKind::Usage, "a file with at least one non-empty item");
}

std::vector<ItemSummary> CutseqDocument::items_before(int64_t id) const {
    std::vector<ItemSummary> out;
    for (size_t k = 0; k < probes_.size() && table_.cutscenes[k].index != id; ++k)
        out.push_back(probe(k).summary);
    return out;
}

size_t CutseqDocument::position(int64_t item) const {
    for (size_t k = 0; k < table_.cutscenes.size(); ++k)
        if (table_.cutscenes[k].index == item) return k;
    fail_no_offset(ErrorKind::Usage, "a cutscene index 1.." +
                                         std::to_string(table_.cutscenes.size()) + ", got " +
                                         std::to_string(item));
}

nlohmann::json CutseqDocument::dump(std::optional<int64_t> item) const {
    nlohmann::json list = nlohmann::json::array();
    if (item) {
        const Decoded c = decode(position(*item));
        if (c->error) throw *c->error;
        list.push_back(dump_cutscene(*c, *budget_));
    } else {
        for (size_t k = 0; k < table_.cutscenes.size(); ++k)
            list.push_back(dump_cutscene(*decode(k), *budget_));
    }
    return {{"format", "tr-cutseq"},
            {"variant", variant_name(table_.variant)},
            {"cutscenes", std::move(list)}};
}

Scene CutseqDocument::present(int64_t item) const {
    Decoded d;
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (kept_ && kept_->index == item) d = std::move(kept_);
    }
    if (!d) d = decode(position(item));
    const Cutscene& c = *d;
    if (c.error) throw *c.error;
    if (c.empty)
        fail_no_offset(ErrorKind::Usage,
                       "a non-empty cutscene (cutscene " + std::to_string(item) + " is empty)");
    return with_context("cutscene " + std::to_string(item), [&] {
        if (!level_) return build_scene(c, variant_name(table_.variant), scene_options_, *budget_);
        // The level's trees replace --skeleton; actors without a body stay empties.
        const Skeleton bones = level_skeleton(*level_->level, c);
        SceneOptions so = scene_options_;
        so.skeleton = &bones;
        Scene s = build_scene(c, variant_name(table_.variant), so, *budget_);
        add_level_bodies(s, c, *level_, so.native, so.scale);
        return s;
    });
}

std::unique_ptr<Document> open_cutseq(const Input& input, const Options& options,
                                      const Settings& settings) {
    const std::shared_ptr<Budget> budget = budget_for(options);
    const ReadOptions ro = read_options(settings);
    const SceneOptions so = scene_options(settings, options.native);
    std::optional<Skeleton> skeleton;
    if (const std::string& path = settings.text("skeleton"); !path.empty()) {
        DiskFileSource disk;
        const FileSource& files = options.files ? *options.files : disk;
        const std::optional<Bytes> text = files.read(path, budget->limits());
        if (!text) fail_no_offset(ErrorKind::Io, "a readable skeleton file '" + path + "'");
        try {
            skeleton = parse_skeleton(*text);
        } catch (Error& e) {
            e.set_file(path);
            throw;
        }
    }
    std::optional<LevelBodies> level;
    if (const std::string& path = settings.text("level"); !path.empty())
        level = read_level_file(path, options, settings, *budget);
    CutseqTable table = input.source ? read_cutseq_table(*input.source, ro, *budget)
                                     : read_cutseq_table(input.bytes, ro, *budget);
    // The entries are decoded from the file read by range, or from the
    // document's own copy of the data.
    std::shared_ptr<const ByteSource> data;
    if (table.file.variant == Variant::Tr4) {
        data = memory_source(std::move(table.inflated));
    } else if (table.file.variant == Variant::Tr5 && input.source) {
        data = input.source;
    } else if (table.file.variant == Variant::Tr5) {
        budget->charge_bytes(input.bytes.size(), "the copy of the CUTSEQ data it decodes from");
        data = memory_source(input.bytes);
    }
    return std::make_unique<CutseqDocument>(std::move(table.file), std::move(data), budget,
                                            std::move(skeleton), so, settings.assumptions(),
                                            std::move(level));
}

std::unique_ptr<Document> open_cutseq(const Input& input, const Options& options) {
    return formats::tr_cutseq_format().open(input, options);
}

}  // namespace ripkit::tr_cutseq
