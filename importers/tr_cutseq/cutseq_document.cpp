#include "cutseq_document.hpp"

#include <string>

#include "cutseq_reader.hpp"
#include "level_reader.hpp"
#include "ripkit/error.hpp"
#include "ripkit/settings.hpp"
#include "schema.hpp"

namespace ripkit::formats {
const Format& tr_cutseq_format();
}  // namespace ripkit::formats

namespace ripkit::tr_cutseq {

namespace {

nlohmann::json slots_of(const Cutscene& c) {
    nlohmann::json slots = nlohmann::json::array();
    for (const Actor& a : c.actors) slots.push_back(a.slot);
    return slots;
}

// A dumped running value: its JSON value, array slot and printed text.
constexpr uint64_t kDumpBytesPerValue = 96;

nlohmann::json dump_cutscene(const Cutscene& c, Budget* budget) {
    if (c.error) return {{"index", c.index}, {"error", c.error->what()}};
    if (c.empty) return {{"index", c.index}, {"empty", true}};
    if (budget) {
        uint64_t values = uint64_t(c.frames) * 6;
        for (const Actor& a : c.actors) values += uint64_t(c.frames) * (3 + 3 * uint64_t(a.meshes));
        budget->charge_bytes(values * kDumpBytesPerValue, "the dump of cutscene " +
                                                              std::to_string(c.index) + " (" +
                                                              std::to_string(values) + " values)");
    }
    nlohmann::json target = nlohmann::json::array(), position = nlohmann::json::array();
    for (int f = 0; f < c.frames; ++f) {
        target.push_back(camera_world(c, 0, f));
        position.push_back(camera_world(c, 1, f));
    }
    nlohmann::json actors = nlohmann::json::array();
    for (const Actor& a : c.actors) {
        nlohmann::json offset = nlohmann::json::array(), rotation = nlohmann::json::array();
        for (int f = 0; f < c.frames; ++f) {
            offset.push_back(actor_offset(a, f));
            nlohmann::json frame = nlohmann::json::array();
            for (int m = 1; m <= a.meshes; ++m)
                frame.push_back({a.tracks.at(f, m, 0), a.tracks.at(f, m, 1), a.tracks.at(f, m, 2)});
            rotation.push_back(std::move(frame));
        }
        actors.push_back({{"slot", a.slot},
                          {"meshes", a.meshes},
                          {"offset", std::move(offset)},
                          {"rotation", std::move(rotation)}});
    }
    return {{"index", c.index},
            {"frames", c.frames},
            {"origin", c.origin},
            {"audio_track", c.audio_track},
            {"camera", {{"target", std::move(target)}, {"position", std::move(position)}}},
            {"actors", std::move(actors)}};
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
        const std::optional<Bytes> bytes = files.read(path, options.limits);
        if (!bytes) fail_no_offset(ErrorKind::Io, "a readable level file (--level)");
        lb.level = std::make_shared<const tr_level::Level>(
            tr_level::read_level(*bytes, budget));
    } catch (Error& e) {
        e.set_file(path);
        throw;
    }
    return lb;
}

}  // namespace

CutseqDocument::CutseqDocument(CutseqFile file, std::optional<Skeleton> skeleton,
                               SceneOptions scene_options, nlohmann::json assumptions,
                               std::optional<LevelBodies> level, std::shared_ptr<Budget> budget)
    : file_(std::move(file)),
      skeleton_(std::move(skeleton)),
      scene_options_(scene_options),
      assumptions_(std::move(assumptions)),
      level_(std::move(level)),
      budget_(std::move(budget)) {
    scene_options_.skeleton = skeleton_ ? &*skeleton_ : nullptr;
    scene_options_.budget = budget_.get();
    if (level_) {
        level_warnings_ = level_warnings(*level_->level, file_);
        if (skeleton_) level_warnings_.push_back("level: --skeleton is not used with --level");
    }
}

std::vector<std::string> CutseqDocument::warnings() const {
    std::vector<std::string> all = file_.warnings;
    all.insert(all.end(), level_warnings_.begin(), level_warnings_.end());
    return all;
}

nlohmann::json CutseqDocument::info() const {
    int non_empty = 0, frames = 0, actors = 0, failed = 0;
    for (const Cutscene& c : file_.cutscenes)
        if (c.error) {
            ++failed;
        } else if (!c.empty) {
            ++non_empty;
            frames += c.frames;
            actors += static_cast<int>(c.actors.size());
        }
    return {{"format", "tr-cutseq"},
            {"variant", variant_name(file_.variant)},
            {"container", file_.variant == Variant::Tr4 ? "u32 size + zlib" : "plain"},
            {"file_bytes", file_.file_size},
            {"decompressed_bytes", file_.decompressed_size},
            {"table_entries", file_.table_entries},
            {"table_entries_from", file_.entries_set ? "--set entries" : "data"},
            {"inferred_entries", file_.inferred_entries},
            {"cutscenes", file_.cutscenes.size()},
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
    std::vector<ItemSummary> out;
    for (const Cutscene& c : file_.cutscenes) {
        ItemSummary s;
        s.id = c.index;
        s.empty = c.empty;
        if (c.error) {
            s.error = c.error;
            s.label = "cutscene " + std::to_string(c.index) + ": not decodable";
        } else if (c.empty) {
            s.label = "cutscene " + std::to_string(c.index) + ": empty";
            s.fields = {{"empty", true}};
        } else {
            std::string slots;
            for (const Actor& a : c.actors)
                slots += (slots.empty() ? "" : ", ") + std::to_string(a.slot);
            s.label = "cutscene " + std::to_string(c.index) + ": " + std::to_string(c.frames) +
                      " frames, " + std::to_string(c.actors.size()) + " actors (slots " + slots +
                      "), audio track " + std::to_string(c.audio_track);
            s.fields = {{"frames", c.frames},
                        {"actors", c.actors.size()},
                        {"slots", slots_of(c)},
                        {"audio_track", c.audio_track}};
        }
        out.push_back(std::move(s));
    }
    return out;
}

const Cutscene& CutseqDocument::find(int64_t item, bool need_data) const {
    for (const Cutscene& c : file_.cutscenes)
        if (c.index == item) {
            if (need_data && c.error) throw *c.error;
            if (need_data && c.empty)
                fail_no_offset(ErrorKind::Usage, "a non-empty cutscene (cutscene " +
                                                     std::to_string(item) + " is empty)");
            return c;
        }
    fail_no_offset(ErrorKind::Usage, "a cutscene index 1.." +
                                         std::to_string(file_.cutscenes.size()) + ", got " +
                                         std::to_string(item));
}

nlohmann::json CutseqDocument::dump(std::optional<int64_t> item) const {
    nlohmann::json list = nlohmann::json::array();
    if (item) {
        const Cutscene& c = find(*item, false);
        if (c.error) throw *c.error;
        list.push_back(dump_cutscene(c, budget_.get()));
    } else {
        for (const Cutscene& c : file_.cutscenes) list.push_back(dump_cutscene(c, budget_.get()));
    }
    return {{"format", "tr-cutseq"},
            {"variant", variant_name(file_.variant)},
            {"cutscenes", std::move(list)}};
}

Scene CutseqDocument::present(int64_t item) const {
    const Cutscene& c = find(item, true);
    return with_context("cutscene " + std::to_string(item), [&] {
        if (!level_) return build_scene(c, variant_name(file_.variant), scene_options_);
        // The level's trees replace --skeleton; actors without a body stay empties.
        const Skeleton bones = level_skeleton(*level_->level, c);
        SceneOptions so = scene_options_;
        so.skeleton = &bones;
        Scene s = build_scene(c, variant_name(file_.variant), so);
        add_level_bodies(s, c, *level_, so.native, so.scale);
        return s;
    });
}

std::unique_ptr<Document> open_cutseq(const Input& input, const Options& options,
                                      const Settings& settings) {
    const std::shared_ptr<Budget> budget = budget_for(options);
    ReadOptions ro = read_options(settings, options.limits);
    ro.budget = budget.get();
    const SceneOptions so = scene_options(settings, options.native, options.limits);
    std::optional<Skeleton> skeleton;
    if (const std::string& path = settings.text("skeleton"); !path.empty()) {
        DiskFileSource disk;
        const FileSource& files = options.files ? *options.files : disk;
        const std::optional<Bytes> text = files.read(path, options.limits);
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
    CutseqFile file = read_cutseq(input.bytes, ro);
    return std::make_unique<CutseqDocument>(std::move(file), std::move(skeleton), so,
                                            settings.assumptions(), std::move(level), budget);
}

std::unique_ptr<Document> open_cutseq(const Input& input, const Options& options) {
    return formats::tr_cutseq_format().open(input, options);
}

}  // namespace ripkit::tr_cutseq
