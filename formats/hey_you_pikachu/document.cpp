#include "document.hpp"

#include <cmath>
#include <cstdio>

#include "anim_dump.hpp"
#include "face_dump.hpp"
#include "face_scene.hpp"
#include "format.hpp"
#include "model_dump.hpp"
#include "model_scene.hpp"
#include "ripkit/decode_item.hpp"
#include "ripkit/n64/gbi.hpp"
#include "ripkit/number_text.hpp"
#include "rom_layout.hpp"

namespace ripkit::hey_you_pikachu {

PikachuDocument::PikachuDocument(const Input& input, const Options& options)
    : PikachuDocument(input, options, Settings(formats::hey_you_pikachu_format(), options)) {}

PikachuDocument::PikachuDocument(const Input& input, const Options& options,
                                 const Settings& settings)
    : assumptions_(settings.assumptions()) {
    budget_ = budget_for(options);
    rom_ = std::make_unique<PikachuRom>(input.bytes, options, warnings_);
    cache_ = std::make_unique<ResourceCache>(*rom_, *budget_);
    // Open's own work, reported (and cancellable) in its two steps; the
    // models report theirs as they are decoded.
    budget_->progress(0, 2, "the layout search");
    layout_ = decide_layout(*rom_, settings, *cache_, *budget_);
    budget_->progress(1, 2, "the animation banks");
    if (layout_.report.contains("warning")) warnings_.push_back(layout_.report["warning"]);
    std::vector<int16_t> table;
    float constant = 0.0f;
    if (layout_.rotation_table) {
        table = rom_->sine_table();
        constant = rom_->angle_constant();
        if (!std::isfinite(constant) || constant <= 0.0f || constant > 1e7f) {
            warnings_.push_back("angle constant at 0xA7A98 is not a positive angle scale (" +
                                std::to_string(constant) + "); using host trig");
            table.clear();
        }
    }
    trig_ = std::make_unique<GameTrig>(std::move(table), constant);
    anim_mapping_ = AnimMapping::from_settings(settings);
    anim_selection_ = settings.list("anims");
    anims_ = read_anim_tables(RomWindows{rom_->bytes().size(), {{0u, ByteSpan(rom_->bytes())}}},
                              *budget_);
    if (rom_->bytes().size() >= kFaceBankPointers)
        face_program_table_ = Bytes(face_program_table(rom_->bytes()).begin(),
                                    face_program_table(rom_->bytes()).end());
    models_.resize(layout_.model_count);
    errors_.resize(layout_.model_count);
    tried_.resize(layout_.model_count);
}

void PikachuDocument::decode(size_t i) const {
    // Scenes of two models may be built at once (convert --all -j N).
    const std::lock_guard<std::mutex> lock(decode_mutex_);
    if (tried_[i]) return;
    // decode_model names the model itself ("model N"). A Usage or Cancelled
    // error leaves the model untried.
    errors_[i] = decode_item(*budget_, "", [&] {
        models_[i] = decode_model(*rom_, layout_, uint32_t(i), *cache_, *budget_);
        with_context("model " + std::to_string(i), [&] {
            with_context("faces",
                         [&] { decode_face_images(rom_->bytes(), models_[i]->faces, *budget_); });
        });
    });
    if (errors_[i]) models_[i].reset();
    tried_[i] = true;
}

void PikachuDocument::decode_all() const {
    for (size_t i = 0; i < models_.size(); ++i) {
        if (tried_[i]) continue;
        budget_->progress(i, models_.size(), "model " + std::to_string(i));
        decode(i);
    }
}

int64_t PikachuDocument::default_item() const {
    for (size_t i = 0; i < models_.size(); ++i) {
        decode(i);
        if (models_[i] && !models_[i]->triangles.empty()) return int64_t(i);
    }
    for (size_t i = 0; i < models_.size(); ++i)
        if (errors_[i]) throw *errors_[i];
    fail_no_offset(ErrorKind::Usage, "a file with at least one non-empty item");
}

std::vector<std::string> PikachuDocument::warnings() const {
    std::vector<std::string> w = warnings_;
    // A bank that cannot be used is dropped from every model it would animate.
    for (const AnimBank& b : anims_.banks)
        if (b.error && !b.empty())
            w.push_back("animation bank " + std::to_string(b.index) +
                        " dropped, not decodable: " + b.error->what());
    return w;
}

const DecodedModel& PikachuDocument::model(int64_t item) const {
    if (item < 0 || item >= int64_t(models_.size()))
        fail_no_offset(ErrorKind::Usage, "a model index 0.." +
                                             std::to_string(int64_t(models_.size()) - 1) +
                                             " (got " + std::to_string(item) + ")");
    decode(size_t(item));
    if (errors_[size_t(item)]) throw *errors_[size_t(item)];
    return *models_[size_t(item)];
}

nlohmann::json PikachuDocument::info() const {
    const auto& h = rom_->header();
    nlohmann::json j;
    j["format"] = "hey-you-pikachu";
    j["variant"] = h.game_code == "NPGE" ? "USA" : h.game_code == "NPGJ" ? "Japan" : "unknown";
    j["version"] = h.version;
    j["byte_order"] = n64::rom_order_name(rom_->order());
    j["title"] = h.title;
    j["game_code"] = h.game_code;
    j["rom_size"] = rom_->bytes().size();
    j["tables"] = {
        {"models", hex(kModelTable, 8)},           {"model_stride", kModelRecordSize},
        {"descriptors", hex(kDescriptorTable, 8)}, {"descriptor_stride", kDescriptorSize},
        {"sine_table", hex(kSineTable, 8)},        {"angle_constant", hex(kAngleConstant, 8)}};
    j["models"] = models_.size();
    decode_all();
    size_t ok = 0;
    for (const auto& m : models_) ok += m.has_value();
    j["models_decoded"] = ok;
    j["layout"] = layout_.report;
    j["rotation"] = trig_->uses_table() ? "game sine table" : "host trig";
    j["angle_constant_value"] = trig_->angle_constant();
    j["animation"] = anim_info(anims_);
    j["assumptions"] = assumptions_;
    j["warnings"] = warnings_;
    return j;
}

std::vector<ItemSummary> PikachuDocument::items() const {
    decode_all();
    std::vector<ItemSummary> out;
    for (size_t i = 0; i < models_.size(); ++i) out.push_back(summary(i));
    return out;
}

std::vector<ItemSummary> PikachuDocument::items_before(int64_t id) const {
    std::vector<ItemSummary> out;
    for (size_t i = 0; i < models_.size() && int64_t(i) < id; ++i) {
        decode(i);
        out.push_back(summary(i));
    }
    return out;
}

ItemSummary PikachuDocument::summary(size_t i) const {
    ItemSummary s;
    s.id = int64_t(i);
    if (!models_[i]) {
        s.error = errors_[i];
        s.label = "model " + std::to_string(i) + ": not decodable";
        return s;
    }
    const DecodedModel& m = *models_[i];
    const bool packed = m.resource && m.resource->compressed;
    s.empty = m.triangles.empty();
    s.label = "model " + std::to_string(i) + ": resource " + std::to_string(m.descriptor.id) +
              (packed ? " (LH5)" : " (RAW)") + ", " + std::to_string(m.hierarchy.nodes.size()) +
              " nodes, " + std::to_string(m.triangles.size()) + " triangles, " +
              std::to_string(m.textures.size()) + " textures";
    const std::vector<uint32_t> banks = model_banks(i);
    std::string bank_list;
    for (uint32_t b : banks) {
        if (!bank_list.empty()) bank_list += ',';
        bank_list += std::to_string(b);
    }
    s.label += banks.empty() ? ", no animation banks" : ", banks " + bank_list;
    if (!m.faces.slots.empty())
        s.label += ", " + std::to_string(m.faces.slots.size()) + " face slots";
    s.fields = {{"model_index", i},
                {"resource_id", m.descriptor.id},
                {"compressed", packed},
                {"nodes", m.hierarchy.nodes.size()},
                {"triangles", m.triangles.size()},
                {"textures", m.textures.size()},
                {"banks", banks},
                {"face_slots", m.faces.slots.size()}};
    return s;
}

nlohmann::json PikachuDocument::dump_model(size_t i) const {
    nlohmann::json j;
    j["model_index"] = i;
    decode(i);
    const ModelRecord rec = rom_->model_record(uint32_t(i));
    nlohmann::json words = nlohmann::json::array();
    for (uint32_t w : rec.words) words.push_back(hex(w, 8));
    j["record"] = {{"rom_offset", hex(rec.rom_offset, 8)}, {"words", words}};
    if (!models_[i]) {
        j["error"] = errors_[i]->what();
        return j;
    }
    j.update(dump_decoded_model(*models_[i], layout_.record_source));
    j["banks"] = model_banks(i);
    return j;
}

nlohmann::json PikachuDocument::dump(std::optional<int64_t> item) const {
    nlohmann::json j;
    j["info"] = info();
    nlohmann::json models = nlohmann::json::array();
    if (item) {
        if (*item < 0 || *item >= int64_t(models_.size())) model(*item);  // throws Usage
        models.push_back(dump_model(size_t(*item)));
    } else {
        for (size_t i = 0; i < models_.size(); ++i) models.push_back(dump_model(i));
    }
    j["models"] = models;
    if (item) {
        const std::vector<uint32_t> banks = model_banks(size_t(*item));
        j["animation"] = anim_dump(anims_, &banks);
    } else {
        j["animation"] = anim_dump(anims_, nullptr);
    }
    j["face_banks"] = face_banks_json(rom_->bytes());
    return j;
}

Scene PikachuDocument::present(int64_t item) const {
    const DecodedModel& m = model(item);
    if (m.triangles.empty())
        fail_no_offset(ErrorKind::Usage,
                       "a model with triangles (model " + std::to_string(item) + " draws none)");
    return with_context("model " + std::to_string(item), [&] {
        // The mesh: per triangle three vertices of position, normal, UV,
        // colour and joint, and three indices; the textures' RGBA as PNG.
        uint64_t texels = 0;
        for (const n64::DecodedTexture& t : m.textures) texels += t.image.rgba.size();
        budget_->charge_bytes(m.triangles.size() * 3 * 64 + texels,
                              "model " + std::to_string(item) + "'s meshes and textures");
        Scene s = build_scene(m, layout_, *trig_);
        const auto chosen = select_banks(model_banks(size_t(item)), anim_selection_, item);
        std::vector<std::string> names;
        for (size_t k = 0; k < m.hierarchy.nodes.size(); ++k) names.push_back(joint_name(m, k));
        const BankTarget target{m.hierarchy, names, s, *trig_, layout_.euler, anim_mapping_};
        for (uint32_t b : chosen)
            with_context("animation bank " + std::to_string(b), [&] {
                Animation a =
                    build_bank_animation(anims_.banks[b], anims_.quantum, target, *budget_);
                if (!a.channels.empty()) s.animations.push_back(std::move(a));
            });
        // Faces last: their tracks join every animation already in the scene.
        add_face_tracks(s, m, face_program_table_, *budget_);
        // The range a DCC opens with: the longest bank (or face program) at 30 fps.
        if (!s.animations.empty()) set_frame_range(s, kAnimFrameRate);
        return s;
    });
}

std::vector<uint32_t> PikachuDocument::model_banks(size_t i) const {
    if (i >= models_.size()) return {};
    decode(i);
    if (!models_[i]) return {};
    return compatible_banks(anims_, models_[i]->hierarchy);
}

}  // namespace ripkit::hey_you_pikachu
