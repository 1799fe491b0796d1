#include "layout.hpp"

#include <cstdio>
#include <map>
#include <tuple>
#include <vector>

#include "model.hpp"
#include "ripkit/error.hpp"
#include "rom_layout.hpp"

namespace ripkit::pikachu {

namespace {

std::string hex(uint32_t v) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%02X", v);
    return b;
}

// Candidates evaluated on at most this many records: enough evidence, and a
// real ROM's hundreds of models are not all decoded twenty times over.
constexpr uint32_t kEvidenceModels = 32;

struct Score {
    uint32_t field;
    RecordSource source;
    uint32_t valid = 0, tried = 0;
    std::string first_error;
};

// What decoding a model under a candidate gave. It depends on the resource
// and the two pointers of the runtime record only (the layout's other choices
// are fixed during the search), so records sharing them - a ROM whose every
// record names one resource - run its display lists once, not once per
// record and candidate (issue 17: a 10M-step list, 65 s for `info`). A
// shared outcome's error names the first record that gave it.
struct Outcome {
    bool valid = false;
    std::string error;
};
using OutcomeKey = std::tuple<uint32_t, uint32_t, uint32_t>;  // resource id, +0x1C, +0x24

Outcome decode_outcome(const PikachuRom& rom, const Layout& layout, uint32_t i,
                       ResourceCache& cache, const Limits& limits,
                       std::map<OutcomeKey, Outcome>& seen) {
    try {
        const OutcomeKey key = with_context("model " + std::to_string(i), [&] {
            const ModelRecord record = rom.model_record(i);
            const uint32_t id = record.field(layout.descriptor_field);
            (void)rom.descriptor(id);
            const auto words = runtime_record(record, layout, *cache.get(id, layout.raw_type));
            return OutcomeKey{id, words[kHierarchyField / 4], words[kFacialField / 4]};
        });
        if (const auto it = seen.find(key); it != seen.end()) return it->second;
        Outcome o;
        try {
            Budget trial(limits);  // each candidate's model bounded on its own
            const DecodedModel m = decode_model(rom, layout, i, cache, limits, &trial);
            o.valid = !m.triangles.empty();
            if (!o.valid) o.error = "model " + std::to_string(i) + ": no triangles";
        } catch (const Error& e) {
            o.error = e.what();
        }
        return seen.emplace(key, o).first->second;
    } catch (const Error& e) {
        return Outcome{false, e.what()};
    }
}

Score evaluate(const PikachuRom& rom, Layout layout, uint32_t field, RecordSource source,
               ResourceCache& cache, const Limits& limits, std::map<OutcomeKey, Outcome>& seen) {
    layout.descriptor_field = field;
    layout.record_source = source;
    Score s{field, source, 0, 0, {}};
    const uint32_t n = std::min(layout.model_count, kEvidenceModels);
    for (uint32_t i = 0; i < n; ++i) {
        ++s.tried;
        const Outcome o = decode_outcome(rom, layout, i, cache, limits, seen);
        if (o.valid)
            ++s.valid;
        else if (s.first_error.empty())
            s.first_error = o.error;
    }
    return s;
}

}  // namespace

const char* record_source_name(RecordSource s) {
    return s == RecordSource::Rom ? "rom" : "resource";
}

std::shared_ptr<const Resource> ResourceCache::get(uint32_t id, uint32_t raw_type) {
    const auto key = std::make_pair(id, raw_type);
    if (auto it = ok_.find(key); it != ok_.end()) return it->second;
    // The same error again, so a model names the real cause.
    if (auto it = failed_.find(key); it != failed_.end()) throw it->second;
    try {
        auto res = std::make_shared<const Resource>(rom_.load_resource(id, raw_type, limits_));
        ok_[key] = res;
        return res;
    } catch (const Error& e) {
        failed_.emplace(key, e);
        throw;
    }
}

Layout decide_layout(const PikachuRom& rom, const Settings& settings, ResourceCache& cache,
                     const Limits& limits) {
    Layout L;
    nlohmann::json& rep = L.report;
    auto source = [&](const char* key, const char* otherwise) {
        return settings.given(key) ? "setting" : otherwise;
    };

    // ASSUMPTION(raw_type): descriptor +0x04 == 0 means RAW.
    L.raw_type = uint32_t(settings.integer("raw_type"));
    rep["raw_type"] = {{"value", L.raw_type}, {"source", source("raw_type", "assumption")}};

    // ASSUMPTION(pointers, kseg0_base): pointer shapes (pointers.cpp); KSEG0 ones
    // are relative to a per-model load address inferred from the hierarchy.
    L.pointers = PointerRule::parse(settings.text("pointers"));
    if (settings.given("kseg0_base"))
        L.pointers.kseg0_base = uint32_t(settings.integer("kseg0_base"));

    L.euler = EulerOrder{settings.text("euler_order")};
    rep["euler_order"] = {{"value", L.euler.axes},
                          {"meaning", "rotation axes in order of application (R = R3*R2*R1)"},
                          {"source", source("euler_order", "assumption")}};
    const std::string& rotation = settings.text("rotation");
    L.rotation_table = rotation == "table";
    rep["rotation"] = rotation;

    const std::string& ucode = settings.text("microcode");
    L.dl.microcode = ucode == "f3dam" ? n64::Microcode::F3dam : n64::Microcode::F3dex2;
    // ASSUMPTION(f3dam_matrix): F3DAM texture-matrix halves are signed by default.
    const std::string& halves = settings.text("f3dam_matrix");
    L.dl.f3dam_signed_matrix = halves == "signed";
    rep["microcode"] = ucode;
    rep["f3dam_matrix"] = halves;

    if (settings.given("model_count")) {
        L.model_count = uint32_t(settings.integer("model_count"));
        rep["model_count"] = {{"value", L.model_count}, {"source", "setting"}};
    } else {
        // ASSUMPTION(model_count): the table ends at the first all-zero record.
        while (L.model_count < kMaxModels && !rom.model_record(L.model_count).all_zero())
            ++L.model_count;
        rep["model_count"] = {{"value", L.model_count},
                              {"source", "inferred"},
                              {"evidence", "records up to the first all-zero record"}};
    }

    // ASSUMPTION(descriptor_field, runtime_record): decided by structure, below.
    std::vector<uint32_t> fields;
    if (settings.given("descriptor_field")) {
        fields.push_back(uint32_t(settings.integer("descriptor_field")));
    } else {
        for (uint32_t f = 0; f < kModelRecordSize; f += 4)
            if (f != kHierarchyField && f != kFacialField) fields.push_back(f);
    }
    std::vector<RecordSource> sources;
    if (settings.given("runtime_record")) {
        sources.push_back(settings.text("runtime_record") == "rom" ? RecordSource::Rom
                                                                   : RecordSource::Resource);
    } else {
        sources = {RecordSource::Rom, RecordSource::Resource};
    }

    std::vector<Score> scores;
    std::map<OutcomeKey, Outcome> seen;
    for (RecordSource src : sources)
        for (uint32_t f : fields)
            scores.push_back(evaluate(rom, L, f, src, cache, limits, seen));
    const Score* best = &scores.front();
    for (const Score& s : scores)
        if (s.valid > best->valid) best = &s;
    L.descriptor_field = best->field;
    L.record_source = best->source;

    nlohmann::json cands = nlohmann::json::array();
    for (const Score& s : scores)
        if (s.valid > 0 || scores.size() <= 4)
            cands.push_back({{"descriptor_field", hex(s.field)},
                             {"runtime_record", record_source_name(s.source)},
                             {"models_valid", s.valid},
                             {"models_tried", s.tried},
                             {"first_error", s.first_error}});
    const std::string evidence =
        "candidate whose records decode into resources holding a well-formed hierarchy "
        "(0x38-byte nodes, finite S/R/T, pointers inside the resource, no cycles) and display "
        "lists that run to G_ENDDL and draw triangles; " +
        std::to_string(best->valid) + " of " + std::to_string(best->tried) + " models";
    rep["descriptor_field"] = {{"value", hex(L.descriptor_field)},
                               {"source", fields.size() == 1 ? "setting" : "inferred"},
                               {"evidence", evidence}};
    rep["runtime_record"] = {{"value", record_source_name(L.record_source)},
                             {"source", sources.size() == 1 ? "setting" : "inferred"},
                             {"evidence", evidence}};
    rep["candidates"] = cands;
    rep["pointers"] = {
        {"rule", L.pointers.describe()},
        {"source",
         settings.given("pointers") || settings.given("kseg0_base") ? "setting" : "default"},
        {"record_pointers_relative_to",
         "the decompressed resource (+0x1C hierarchy, +0x24 facial slots), "
         "through the same rule"}};
    if (best->valid == 0)
        rep["warning"] = "no candidate layout produced a model; first error: " + best->first_error;
    return L;
}

}  // namespace ripkit::pikachu
