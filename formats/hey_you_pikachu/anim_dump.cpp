#include "anim_dump.hpp"

#include <algorithm>
#include <cmath>

#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"
#include "rom_layout.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

// JSON has no NaN/inf: non-finite floats (kept for bad-table reports) as strings.
nlohmann::json number(double v) {
    if (std::isfinite(v)) return v;
    return std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf";
}

nlohmann::json bank_json(const AnimBank& b) {
    nlohmann::json j = {{"index", b.index},
                        {"start", hex(b.start)},
                        {"end", hex(b.end)},
                        {"track_list", hex(b.track_list)},
                        {"duration", number(b.duration)}};
    if (b.error) j["error"] = b.error->what();
    nlohmann::json tracks = nlohmann::json::array();
    for (const AnimTrack& t : b.tracks) {
        nlohmann::json scalars = nlohmann::json::array();
        for (const AnimScalar& s : t.scalars) {
            nlohmann::json sj = {
                {"offset", hex(s.offset)}, {"kind", s.kind}, {"value", hex(s.value)}};
            if (s.kind == uint32_t(ScalarKind::Constant)) {
                sj["constant"] = s.constant;
            } else {
                nlohmann::json pieces = nlohmann::json::array();
                for (const AnimPiece& p : s.pieces)
                    pieces.push_back({{"offset", hex(p.offset)},
                                      {"a", p.a},
                                      {"b", p.b},
                                      {"c", p.c},
                                      {"base", p.base},
                                      {"fraction", p.fraction},
                                      {"ticks", p.ticks},
                                      {"start", p.start},
                                      {"duration", p.duration},
                                      {"hold", p.hold()}});
                sj["pieces"] = pieces;
            }
            scalars.push_back(sj);
        }
        tracks.push_back({{"node_type", t.node_type},
                          {"entry_offset", hex(t.entry_offset)},
                          {"vector_offset", hex(t.vector_offset)},
                          {"scalars", scalars}});
    }
    j["tracks"] = tracks;
    return j;
}

}  // namespace

nlohmann::json anim_info(const AnimTables& t) {
    nlohmann::json j = {{"present", t.present},
                        {"base", hex(kAnimBase)},
                        {"tables",
                         {{"range", hex(kAnimRangeTable)},
                          {"track_lists", hex(kAnimTrackTable)},
                          {"durations", hex(kAnimDurationTable)},
                          {"quantum", hex(kAnimTimeQuantum)}}}};
    if (!t.present) {
        j["reason"] = t.absent_reason;
        return j;
    }
    j["quantum"] = number(t.quantum);
    j["banks"] = t.banks.size();
    size_t nonempty = 0, failed = 0;
    for (const AnimBank& b : t.banks) {
        nonempty += !b.empty();
        failed += b.error.has_value();
    }
    j["nonempty_banks"] = nonempty;
    j["failed_banks"] = failed;
    if (t.error) j["error"] = t.error->what();
    return j;
}

nlohmann::json anim_dump(const AnimTables& t, const std::vector<uint32_t>* only) {
    nlohmann::json j = {{"present", t.present}, {"quantum", number(t.quantum)}};
    if (!t.present) j["reason"] = t.absent_reason;
    if (t.error) j["error"] = t.error->what();
    nlohmann::json banks = nlohmann::json::array();
    for (const AnimBank& b : t.banks)
        if (!only || std::find(only->begin(), only->end(), b.index) != only->end())
            banks.push_back(bank_json(b));
    j["banks"] = banks;
    return j;
}

std::vector<uint32_t> select_banks(const std::vector<uint32_t>& compatible,
                                   const std::vector<std::string>& wanted, int64_t item) {
    if (wanted.empty()) return compatible;
    std::string names;
    for (uint32_t b : compatible) {
        if (!names.empty()) names += ", ";
        names += std::to_string(b);
    }
    std::vector<uint32_t> out;
    for (const std::string& w : wanted) {
        std::string digits = w.rfind("bank_", 0) == 0 ? w.substr(5) : w;
        uint32_t n = 0;
        bool ok =
            !digits.empty() && digits.size() <= 4 &&
            std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (ok) n = uint32_t(std::stoul(digits));
        ok = ok && std::find(compatible.begin(), compatible.end(), n) != compatible.end();
        if (!ok)
            fail_no_offset(ErrorKind::Usage, "--anims entries naming banks compatible with model " +
                                                 std::to_string(item) + " (" +
                                                 (names.empty() ? std::string("none") : names) +
                                                 "; got \"" + w + "\")");
        if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
    }
    return out;
}

}  // namespace ripkit::hey_you_pikachu
