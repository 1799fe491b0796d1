// Document::scene's charges live as long as the scene (docs/architecture.md
// "Budget"): a library user who builds the scene of one document again and
// again stays within the budget as long as the scenes are let go, and a
// single build larger than the budget still stops with the allocation limit.
#include <algorithm>

#include "corrupt_inputs.hpp"
#include "ripkit/error.hpp"
#include "ripkit/format.hpp"
#include "ripkit/registry.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;

namespace {

struct Opened {
    std::shared_ptr<Budget> budget;
    std::unique_ptr<Document> doc;
};

Opened open_with(const hostile::CorruptInput& in, const Limits& limits) {
    Options o;
    o.limits = limits;
    o.budget = std::make_shared<Budget>(limits);
    return {o.budget, find_format(in.format_id)->open(Input{in.file_name, in.bytes}, o)};
}

}  // namespace

TEST_CASE("a scene built again and again is charged once, while it lives") {
    size_t over_tested = 0;
    for (const hostile::CorruptInput& in : hostile::all_corrupt_inputs()) {
        INFO(in.format_id);
        const int64_t item = in.good.at(0);
        // What opening and one build charge, under the default limits.
        const Opened first = open_with(in, Limits{});
        const Budget& budget = *first.budget;
        const uint64_t decoded = budget.bytes_held(), opening_peak = budget.peak_bytes();
        uint64_t built = 0;
        {
            const Scene s = first.doc->scene(item);
            built = budget.bytes_held() - decoded;
            const Scene copy = s;  // copies share the one charge
            CHECK(budget.bytes_held() == decoded + built);
        }
        CHECK(budget.bytes_held() == decoded);
        REQUIRE(built > 0);  // every builder charges what it builds

        // Room for 20 scenes at once beside the decoded data (and the peak
        // opening took): 5 times as many builds one after the other.
        Limits room;
        room.max_total_bytes = std::max(opening_peak, decoded + 20 * built) + built / 2;
        const Opened again = open_with(in, room);
        const size_t builds = 5 * size_t((room.max_total_bytes - decoded) / built);
        CHECK(builds >= 100);
        for (size_t k = 0; k < builds; ++k) REQUIRE_NOTHROW(again.doc->scene(item));
        CHECK(again.budget->bytes_held() == decoded);

        // One build over the limit still fails: room for less than one scene.
        Limits tight;
        tight.max_total_bytes = std::max(opening_peak, decoded + built / 2);
        if (tight.max_total_bytes >= decoded + built) continue;  // opening peaks higher
        ++over_tested;
        const Opened small = open_with(in, tight);
        try {
            small.doc->scene(item);
            FAIL("built within " << tight.max_total_bytes << " bytes");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::AllocationLimit);
            CHECK(std::string(e.what()).find("total_bytes") != std::string::npos);
        }
        CHECK(small.budget->bytes_held() == decoded);  // the failed build gave back its part
    }
    CHECK(over_tested > 0);
}
