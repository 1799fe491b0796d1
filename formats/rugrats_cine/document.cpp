#include "document.hpp"

#include "cine_dump.hpp"
#include "cine_scene.hpp"
#include "format.hpp"

namespace ripkit::rugrats_cine {

CineDocument::CineDocument(ByteSpan bytes, const Options& options)
    : CineDocument(bytes, options, Settings(formats::rugrats_cine_format(), options)) {}

CineDocument::CineDocument(ByteSpan bytes, const Options& options, const Settings& settings)
    : CineDocument(view_source(bytes), options, settings) {
    // The caller's bytes may go once this returns.
    if (source_) source_ = memory_source(Bytes(bytes.begin(), bytes.end()));
}

CineDocument::CineDocument(std::shared_ptr<const ByteSource> source, const Options& options,
                           const Settings& settings)
    : options_(cine_options(settings, options)),
      assumptions_(settings.assumptions()),
      budget_(budget_for(options)) {
    // The records are decoded here; the source stays only for the audio a
    // scene may ask for.
    file_ = decode_file(*source, options_, *budget_);
    bool audio = false;
    for (const Cinematic& c : file_.cines) audio |= c.audio.has_value();
    if (audio && !options_.no_audio) source_ = std::move(source);
}

const Cinematic& CineDocument::find(int64_t item) const {
    for (const Cinematic& c : file_.cines)
        if (c.id == item) return c;
    std::string ids;
    for (const Cinematic& c : file_.cines) ids += (ids.empty() ? "" : ", ") + std::to_string(c.id);
    fail_no_offset(ErrorKind::Usage, "an item id among " + ids + ", got " + std::to_string(item));
}

std::vector<std::string> CineDocument::warnings() const {
    std::vector<std::string> w = file_.warnings;
    for (const Cinematic& c : file_.cines)
        for (const std::string& s : c.warnings)
            w.push_back("item " + std::to_string(c.id) + ": " + s);
    // ASSUMPTION(cine): without --cine the cinematic is number 0 (OPEN.BIN's).
    if (!options_.cine_given)
        w.push_back("cinematic number not given (--cine); 0 assumed (OPEN.BIN): blink seed 0");
    return w;
}

nlohmann::json CineDocument::info() const {
    nlohmann::json items = nlohmann::json::array();
    for (const Cinematic& c : file_.cines)
        items.push_back({{"id", c.id},
                         {"file", c.file},
                         {"channel", c.channel},
                         {"payload_offset", c.data_offset},
                         {"header_sector", c.header_sector},
                         {"header", header_json(c.header)},
                         {"frames", c.frames.size()},
                         {"end", c.end},
                         {"audio", audio_json(c)}});
    return {{"format", "rugrats-cine"},
            {"variant", cd::shape_name(file_.shape)},
            {"shape", cd::shape_name(file_.shape)},
            {"sectors", file_.sector_count},
            {"cinematics", items},
            {"cine", options_.cine},
            {"xa_rounding", "(old*K0 + older*K1 + 32) >> 6 (psx-spx/MiSTer; ffmpeg matches)"},
            {"warnings", warnings()},
            {"assumptions", assumptions_}};
}

std::vector<ItemSummary> CineDocument::items() const {
    std::vector<ItemSummary> out;
    for (const Cinematic& c : file_.cines) {
        ItemSummary s;
        s.id = c.id;
        s.label = "cinematic on file " + std::to_string(c.file) + " channel " +
                  std::to_string(c.channel) + ": " + std::to_string(c.frames.size()) + " frames" +
                  (c.audio ? ", XA audio" : ", no audio");
        s.empty = c.frames.empty() && !c.error;
        s.error = c.error;
        if (c.error)
            s.label = "cinematic on file " + std::to_string(c.file) + " channel " +
                      std::to_string(c.channel) + ": not decodable";
        s.fields = {{"frames", c.frames.size()},
                    {"file", c.file},
                    {"channel", c.channel},
                    {"audio", audio_json(c)}};
        out.push_back(std::move(s));
    }
    return out;
}

nlohmann::json CineDocument::dump_one(const Cinematic& c) const {
    if (c.error) throw *c.error;
    return dump_cinematic(c, compute_faces(c, options_.cine), file_.shape);
}

nlohmann::json CineDocument::dump(std::optional<int64_t> item) const {
    if (item) return dump_one(find(*item));
    if (file_.cines.size() == 1) return dump_one(file_.cines[0]);
    nlohmann::json all = nlohmann::json::array();
    for (const Cinematic& c : file_.cines)
        all.push_back(c.error ? nlohmann::json{{"item", c.id}, {"error", c.error->what()}}
                              : dump_one(c));
    return {{"format", "rugrats-cine"}, {"shape", cd::shape_name(file_.shape)}, {"items", all}};
}

Scene CineDocument::present(int64_t item) const {
    const Cinematic& c = find(item);
    if (c.error) throw *c.error;
    if (c.frames.empty())
        fail_no_offset(ErrorKind::Usage,
                       "a cinematic with frames (item " + std::to_string(item) + " has none)");
    // The samples are decoded for this scene and held by it (Document::scene
    // gives their charge back with it); their errors are the scene's.
    std::optional<Audio> audio;
    if (c.audio && !options_.no_audio)
        audio = with_context("the audio of cinematic " + std::to_string(c.id), [&] {
            return decode_audio(*source_, *c.audio, options_.all_audio, *budget_);
        });
    return build_scene(file_, c, options_, *budget_, std::move(audio));
}

int probe_stream(ByteSpan head) {
    const cd::SectorShape shape = cd::detect_shape(head);
    const cd::SectorImage image(head, shape);
    const size_t whole =
        shape == cd::SectorShape::Data2048 ? std::min<size_t>(image.count(), 1) : image.count();
    for (size_t i = 0; i < whole && i < 32; ++i) {
        const cd::Sector s = image.sector(i);
        if (s.sub && !s.sub->data()) continue;
        if (!header_offset(s.user)) continue;
        return shape == cd::SectorShape::Data2048 ? 60 : 90;
    }
    return 0;
}

}  // namespace ripkit::rugrats_cine
