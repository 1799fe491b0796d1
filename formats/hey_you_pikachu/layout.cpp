#include "layout.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "model_reader.hpp"
#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"
#include "rom_layout.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

// The table checks read this many records: enough evidence, and a real ROM's
// hundreds of models are not all looked at.
constexpr uint32_t kEvidenceModels = 32;
// Models decoded per candidate the table checks leave; only candidates that
// tie on them are decoded further (up to kEvidenceModels).
constexpr uint32_t kProbeModels = 4;

struct Candidate {
    uint32_t field;
    RecordSource source;
    std::vector<uint32_t> plausible;  // records the table checks let through
    std::vector<uint32_t> ids;        // the resource ids those records name
    std::string first_rejection;      // why the first other record was not
    uint32_t valid = 0, tried = 0;    // of the plausible records, in order
    std::string first_error;
};

// A resource as its descriptor describes it (unpacked size), or why it cannot
// be one; read once per id for every candidate.
struct Extent {
    uint32_t size = 0;
    std::string error;
};

const Extent& extent_of(const PikachuRom& rom, uint32_t id, uint32_t raw_type,
                        std::map<uint32_t, Extent>& known) {
    if (const auto it = known.find(id); it != known.end()) return it->second;
    Extent e;
    try {
        const Resource r = rom.resource_extent(id, raw_type);
        e.size = r.compressed ? r.unpacked_size : r.rom_end - r.rom_start;
    } catch (const Error& err) {
        e.error = err.what();
    }
    return known.emplace(id, std::move(e)).first->second;
}

// What the tables alone say against record `r` being a model under the
// candidate, without decompressing anything: its field must name a descriptor
// whose resource lies inside the ROM (with a sane LH5 header), and a ROM
// runtime record's hierarchy pointer must land inside that resource. Empty
// when nothing does.
std::string implausible(const PikachuRom& rom, const Layout& L, const ModelRecord& r,
                        const Candidate& c, std::map<uint32_t, Extent>& extents) {
    const uint32_t id = r.field(c.field);
    const Extent& e = extent_of(rom, id, L.raw_type, extents);
    if (!e.error.empty()) return e.error;
    const std::string res =
        "the " + std::to_string(e.size) + "-byte resource " + std::to_string(id);
    if (c.source == RecordSource::Resource)
        return e.size < kModelRecordSize ? res + " is shorter than a 0x54-byte runtime record" : "";
    const uint32_t hp = r.field(kHierarchyField);
    // A KSEG0 pointer's load address is inferred from the decoded resource.
    if (pointer_shape(hp) == PointerShape::Kseg0 && L.pointers.allow_kseg0 &&
        !L.pointers.kseg0_base)
        return "";
    if (!L.pointers.resolve(hp, e.size))
        return "the hierarchy pointer at +0x1C (" + hex(hp) + ") is not inside " + res + " (" +
               L.pointers.describe() + ")";
    return "";
}

void check_tables(const PikachuRom& rom, const Layout& L, Candidate& c,
                  std::map<uint32_t, Extent>& extents) {
    const uint32_t n = std::min(L.model_count, kEvidenceModels);
    for (uint32_t i = 0; i < n; ++i) {
        const ModelRecord r = rom.model_record(i);
        const std::string why = implausible(rom, L, r, c, extents);
        if (why.empty()) {
            c.plausible.push_back(i);
            c.ids.push_back(r.field(c.field));
        } else if (c.first_rejection.empty()) {
            c.first_rejection = "model " + std::to_string(i) + ": " + why;
        }
    }
}

// What decoding a model under a candidate gave. It depends on the resource
// and the two pointers of the runtime record only (the layout's other choices
// are fixed during the search), so records sharing them - a ROM whose every
// record names one resource - run its display lists once, not once per
// record and candidate (run once per record, a 10M-step list costs `info`
// 65 s). A shared outcome's error names the first record that gave it.
struct Outcome {
    bool valid = false;
    std::string error;
};
using OutcomeKey = std::tuple<uint32_t, uint32_t, uint32_t>;  // resource id, +0x1C, +0x24

Outcome decode_outcome(const PikachuRom& rom, const Layout& layout, uint32_t i,
                       ResourceCache& cache, Budget& budget, std::map<OutcomeKey, Outcome>& seen) {
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
            // A trial's bytes are given back; its work counts to the document's total.
            const Budget::Scope trial(budget);
            const DecodedModel m = decode_model(rom, layout, i, cache, budget);
            o.valid = !m.triangles.empty();
            if (!o.valid) o.error = "model " + std::to_string(i) + ": no triangles";
        } catch (const Error& e) {
            if (e.out_of_steps()) throw;
            o.error = e.what();
        }
        return seen.emplace(key, o).first->second;
    } catch (const Error& e) {
        if (e.out_of_steps()) throw;
        return Outcome{false, e.what()};
    }
}

// Decodes the candidate's plausible records up to the `upto`th.
void decode_records(const PikachuRom& rom, Layout layout, Candidate& c, uint32_t upto,
                    ResourceCache& cache, Budget& budget, std::map<OutcomeKey, Outcome>& seen) {
    layout.descriptor_field = c.field;
    layout.record_source = c.source;
    while (c.tried < std::min<size_t>(upto, c.plausible.size())) {
        const Outcome o = decode_outcome(rom, layout, c.plausible[c.tried++], cache, budget, seen);
        if (o.valid)
            ++c.valid;
        else if (c.first_error.empty())
            c.first_error = o.error;
    }
}

size_t distinct(const std::vector<uint32_t>& ids) {
    return std::set<uint32_t>(ids.begin(), ids.end()).size();
}

// More models decoded, then more records plausible, then more distinct
// resources named: a field that is zero (or constant) in every record names
// one resource for all of them, which a resource-held runtime record can make
// decode as well as the real field does.
bool better(const Candidate& a, const Candidate& b) {
    if (a.valid != b.valid) return a.valid > b.valid;
    if (a.plausible.size() != b.plausible.size()) return a.plausible.size() > b.plausible.size();
    return distinct(a.ids) > distinct(b.ids);
}

// Scored alike, yet leading to other resources or reading another record.
bool rivals(const Candidate& a, const Candidate& b) {
    return !better(a, b) && !better(b, a) && (a.ids != b.ids || a.source != b.source);
}

std::string choice(const Candidate& c) {
    return "descriptor_field=" + hex(c.field, 2) +
           " runtime_record=" + record_source_name(c.source);
}

// The search over `cands` (in the canonical order: the first wins a tie):
// table checks for all, kProbeModels decoded for those left, more for rivals.
// Returns the winner; `warning` says when no candidate or more than one fits.
const Candidate& search(const PikachuRom& rom, const Layout& L, std::vector<Candidate>& cands,
                        ResourceCache& cache, Budget& budget, std::vector<Candidate*>& left,
                        std::string& warning) {
    std::map<uint32_t, Extent> extents;
    size_t most = 0;
    for (Candidate& c : cands) {
        check_tables(rom, L, c, extents);
        most = std::max(most, c.plausible.size());
    }
    // A candidate with half the plausible records of another is not kept.
    for (Candidate& c : cands)
        if (!c.plausible.empty() && c.plausible.size() * 2 >= most) left.push_back(&c);
    if (left.empty()) {
        warning =
            "no candidate layout passed the table checks; first: " + cands.front().first_rejection;
        return cands.front();
    }
    std::map<OutcomeKey, Outcome> seen;
    for (Candidate* c : left) decode_records(rom, L, *c, kProbeModels, cache, budget, seen);
    auto pick = [&] {
        Candidate* best = left.front();
        for (Candidate* c : left)
            if (better(*c, *best)) best = c;
        return best;
    };
    Candidate* best = pick();
    bool tied = false;
    for (Candidate* c : left)
        if (rivals(*c, *best)) {
            tied = true;
            decode_records(rom, L, *c, kEvidenceModels, cache, budget, seen);
        }
    if (tied) {
        decode_records(rom, L, *best, kEvidenceModels, cache, budget, seen);
        best = pick();
        for (const Candidate* c : left)
            if (rivals(*c, *best) && best->valid > 0) {
                warning = "ambiguous layout: " + choice(*best) + " and " + choice(*c) +
                          " both decode " + std::to_string(best->valid) + " of " +
                          std::to_string(best->tried) + " models; using the first (--set " +
                          "descriptor_field=... runtime_record=... to choose)";
                break;
            }
    }
    if (best->valid == 0)
        warning = "no candidate layout produced a model; first error: " + best->first_error;
    return *best;
}

// info's account of the search: every candidate the table checks left, with
// what decoding gave; the others counted, each with its first rejection when
// the settings left few.
void report_search(nlohmann::json& rep, const std::vector<Candidate>& cands,
                   const std::vector<Candidate*>& left, const Candidate& best, bool field_set,
                   bool source_set) {
    nlohmann::json kept = nlohmann::json::array(), dropped = nlohmann::json::array();
    // Fields naming the same resources in every record (the zero ones) are
    // one entry: they decoded alike.
    std::map<std::pair<std::vector<uint32_t>, RecordSource>, size_t> entry;
    for (const Candidate* c : left) {
        const auto [it, fresh] = entry.emplace(std::make_pair(c->ids, c->source), kept.size());
        if (!fresh) {
            kept[it->second]["same_resources_with"].push_back(hex(c->field, 2));
            continue;
        }
        kept.push_back({{"descriptor_field", hex(c->field, 2)},
                        {"runtime_record", record_source_name(c->source)},
                        {"records_plausible", c->plausible.size()},
                        {"models_tried", c->tried},
                        {"models_valid", c->valid},
                        {"first_error", c->first_error}});
    }
    if (cands.size() <= 4)
        for (const Candidate& c : cands)
            if (std::find(left.begin(), left.end(), &c) == left.end())
                dropped.push_back({{"descriptor_field", hex(c.field, 2)},
                                   {"runtime_record", record_source_name(c.source)},
                                   {"records_plausible", c.plausible.size()},
                                   {"first_rejection", c.first_rejection}});
    const std::string evidence =
        "of " + std::to_string(cands.size()) + " candidates, " +
        std::to_string(cands.size() - left.size()) + " dropped by the table checks on the first " +
        std::to_string(kEvidenceModels) +
        " records (the field names a descriptor whose resource lies inside the ROM with a sane "
        "LH5 header; a ROM record's +0x1C pointer lies inside that resource) or for having under "
        "half the plausible records of another; of those left, the one whose records decode into "
        "resources holding a well-formed hierarchy (0x38-byte nodes, finite S/R/T, pointers "
        "inside the resource, no cycles) and display lists that run to G_ENDDL and draw "
        "triangles, then the one with more plausible records, then more distinct resources: " +
        std::to_string(best.valid) + " of " + std::to_string(best.tried) + " models decoded, " +
        std::to_string(best.plausible.size()) + " records plausible";
    rep["descriptor_field"] = {{"value", hex(best.field, 2)},
                               {"source", field_set ? "setting" : "inferred"},
                               {"evidence", evidence}};
    rep["runtime_record"] = {{"value", record_source_name(best.source)},
                             {"source", source_set ? "setting" : "inferred"},
                             {"evidence", evidence}};
    rep["candidates"] = kept;
    rep["candidates_dropped"] = cands.size() - left.size();
    if (!dropped.empty()) rep["rejected"] = dropped;
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
        auto res =
            std::make_shared<const Resource>(rom_.load_resource(id, raw_type, budget_.limits()));
        budget_.charge_held(res->data.size(), "resource " + std::to_string(id), res->rom_start);
        ok_[key] = res;
        return res;
    } catch (const Error& e) {
        failed_.emplace(key, e);
        throw;
    }
}

Layout decide_layout(const PikachuRom& rom, const Settings& settings, ResourceCache& cache,
                     Budget& budget) {
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
    std::vector<Candidate> cands;
    for (RecordSource src : sources)
        for (uint32_t f : fields) cands.push_back(Candidate{f, src, {}, {}, {}, 0, 0, {}});
    std::vector<Candidate*> left;
    std::string warning;
    const Candidate& best = search(rom, L, cands, cache, budget, left, warning);
    L.descriptor_field = best.field;
    L.record_source = best.source;
    report_search(rep, cands, left, best, fields.size() == 1, sources.size() == 1);
    if (!warning.empty()) rep["warning"] = warning;
    rep["pointers"] = {
        {"rule", L.pointers.describe()},
        {"source",
         settings.given("pointers") || settings.given("kseg0_base") ? "setting" : "default"},
        {"record_pointers_relative_to",
         "the decompressed resource (+0x1C hierarchy, +0x24 facial slots), "
         "through the same rule"}};
    return L;
}

}  // namespace ripkit::hey_you_pikachu
