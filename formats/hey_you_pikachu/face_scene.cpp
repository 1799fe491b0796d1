#include "face_scene.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "ripkit/error.hpp"
#include "ripkit/image/png.hpp"
#include "ripkit/n64/gbi.hpp"
#include "ripkit/scene_kit.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

Channel face_channel(int node, const FaceTimeline& t) {
    Channel c;
    c.node = node;
    c.path = AnimPath::Translation;
    c.interp = Interp::Step;
    for (const FaceKey& k : t.keys) {
        c.times.push_back(k.time);
        c.values.push_back({float(k.image), 0.0f, 0.0f, 0.0f});
    }
    return c;
}

// The display list's own decode of a face (the same image, through TMEM) is
// replaced by the bank's images; drop it when no material uses it any more.
void drop_unused(Scene& s, const std::set<int>& candidates) {
    std::set<int> used;
    for (const Material& m : s.materials) {
        if (m.texture >= 0) used.insert(m.texture);
        used.insert(m.switch_textures.begin(), m.switch_textures.end());
    }
    std::vector<int> remap(s.textures.size());
    std::vector<Texture> kept;
    for (size_t i = 0; i < s.textures.size(); ++i) {
        if (candidates.count(int(i)) && !used.count(int(i))) {
            remap[i] = -1;
            continue;
        }
        remap[i] = int(kept.size());
        kept.push_back(std::move(s.textures[i]));
    }
    s.textures = std::move(kept);
    for (Material& m : s.materials) {
        if (m.texture >= 0) m.texture = remap[size_t(m.texture)];
        for (int& t : m.switch_textures) t = remap[size_t(t)];
    }
}

}  // namespace

std::string face_track_name(const Scene& s, uint32_t slot) {
    return kit::value_track_name(s.nodes.empty() ? std::string("model") : s.nodes[0].name,
                                 "face" + std::to_string(slot));
}

namespace {

// Each bank's images once, whichever slots share it, and each distinct image
// once, whichever banks and descriptors name it (4096 descriptors of one
// 1024x1024 image are one texture, not 16 GB of PNGs): per bank, the scene
// texture of every descriptor.
std::map<int32_t, std::vector<int>> bank_textures(Scene& s, const ModelFaces& f,
                                                  const std::set<uint32_t>& drawn, Budget& budget) {
    std::map<int32_t, std::vector<int>> out;
    std::map<FaceImageKey, int> by_image;
    for (uint32_t k : drawn) {
        const int32_t b = f.slots[k].bank;
        if (out.count(b)) continue;
        const FaceBank& bank = f.banks.at(b);
        std::vector<int>& list = out[b];
        for (size_t i = 0; i < bank.images.size(); ++i) {
            const FaceImage& fi = bank.images[i];
            const auto [it, fresh] =
                by_image.try_emplace(face_image_key(fi), int(s.textures.size()));
            list.push_back(it->second);
            if (!fresh) continue;
            const n64::Rgba8Image& img = bank.decoded.at(bank.decoded_of.at(i));
            // A PNG is at most its RGBA plus headers.
            budget.charge_bytes(
                img.rgba.size() + 1024,
                "face PNG (bank " + std::to_string(b) + " image " + std::to_string(i) + ")",
                fi.offset);
            Texture t;
            t.name = "face_bank" + std::to_string(b) + "_img" + std::to_string(i) + "_" +
                     n64::texture_format_name(fi.format, fi.size);
            t.width = img.width, t.height = img.height;
            t.png = image::encode_png_rgba(img.width, img.height, img.rgba);
            s.textures.push_back(std::move(t));
        }
    }
    return out;
}

}  // namespace

void add_face_tracks(Scene& s, const DecodedModel& m, ByteSpan program_table, Budget& budget,
                     std::optional<double> horizon) {
    const ModelFaces& f = m.faces;
    if (f.slots.empty() || s.nodes.empty()) return;
    std::set<uint32_t> drawn;
    for (const Material& mat : s.materials)
        if (mat.extras.contains("face_slot")) drawn.insert(mat.extras["face_slot"].get<uint32_t>());
    nlohmann::json not_drawn = nlohmann::json::array();
    for (uint32_t k = 0; k < f.slots.size(); ++k)
        if (!drawn.count(k)) not_drawn.push_back(k);
    s.extras["face_slots"] = f.slots.size();
    if (!not_drawn.empty()) s.extras["face_slots_not_drawn"] = not_drawn;
    if (drawn.empty()) return;

    const std::map<int32_t, std::vector<int>> textures = bank_textures(s, f, drawn, budget);

    std::map<uint32_t, int> track_node;
    for (uint32_t k : drawn) {
        const FaceSlot& slot = f.slots[k];
        const int node = s.add_node(face_track_name(s, k), 0);
        Node& n = s.nodes[size_t(node)];
        // The rest value is the first selected image, for viewers that do not animate.
        n.translation = {float(slot.timeline.first_image()), 0.0f, 0.0f};
        n.extras = kit::value_track_extras(s.nodes[0].name, "face" + std::to_string(k));
        n.extras["face_slot"] = k;
        n.extras["face_bank"] = slot.bank;
        n.extras["face_selector"] = slot.selector;
        track_node[k] = node;
    }
    std::set<int> replaced;
    for (Material& mat : s.materials) {
        if (!mat.extras.contains("face_slot")) continue;
        const uint32_t k = mat.extras["face_slot"].get<uint32_t>();
        if (mat.texture >= 0) replaced.insert(mat.texture);
        const FaceSlot& slot = f.slots[k];
        const std::vector<int>& list = textures.at(slot.bank);
        // The face starts on the image the program shows at time 0 (never black).
        kit::switch_textures(mat, list, slot.timeline.first_image(),
                             s.nodes[size_t(track_node.at(k))].name);
        mat.extras["face_bank"] = slot.bank;
        mat.extras["face_selector"] = slot.selector;
    }

    drop_unused(s, replaced);

    auto run = [&](uint32_t k, double h) {
        const FaceSlot& slot = f.slots[k];
        FaceTimeline t = run_face_program(program_table, kFaceProgramTable, slot.selector,
                                          f.banks.at(slot.bank).count, h);
        budget.charge_bytes(t.keys.size() * (sizeof(double) + sizeof(glm::vec4)),
                            "face keys (slot " + std::to_string(k) + ")");
        return t;
    };
    if (s.animations.empty()) {
        double h = 0.0;
        for (uint32_t k : drawn) h = std::max(h, f.slots[k].timeline.natural_length);
        if (horizon) h = *horizon;
        Animation a;
        a.name = "face";
        a.frame_rate = kFaceFrameRate;
        for (uint32_t k : drawn) {
            const FaceTimeline t = run(k, h);
            a.channels.push_back(face_channel(track_node[k], t));
            a.duration = std::max(a.duration, t.horizon);
        }
        a.extras = {{"face_horizon", "longest natural program length"}};
        s.animations.push_back(std::move(a));
        return;
    }
    // Faces play along with whichever animation is chosen, each over its own
    // duration (so `horizon` only applies to the standalone "face" animation).
    for (Animation& a : s.animations)
        for (uint32_t k : drawn)
            a.channels.push_back(face_channel(track_node[k], run(k, a.duration)));
}

}  // namespace ripkit::hey_you_pikachu
