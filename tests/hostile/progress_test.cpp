// Every format's decoder reports progress through the budget, item by item,
// and a progress callback that says stop ends the decoding (the open, or the
// listing of a format that decodes items when asked) with the Cancelled kind
// (not a usage error).
#include "corrupt_inputs.hpp"
#include "ripkit/format.hpp"
#include "ripkit/registry.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;

TEST_CASE("every decoder reports progress and stops when told to") {
    for (const hostile::CorruptInput& in : hostile::all_corrupt_inputs()) {
        INFO(in.format_id);
        const Format* f = find_format(in.format_id);
        REQUIRE(f);
        const Input input{in.file_name, in.bytes};
        Options o;
        std::vector<uint64_t> done;
        o.progress = [&](uint64_t d, uint64_t total, const std::string& label) {
            CHECK(d <= total);
            CHECK_FALSE(label.empty());
            done.push_back(d);
            return true;
        };
        const auto doc = f->open(input, o);
        // At least one report per item the file lists as decodable or not.
        size_t items = 0;
        for (const ItemSummary& s : doc->items()) items += !s.empty || s.error;
        CHECK(done.size() >= items);
        Options stop;
        stop.progress = [](uint64_t, uint64_t, const std::string&) { return false; };
        try {
            // A format that decodes its items when asked stops at the first.
            (void)f->open(input, stop)->items();
            FAIL("not cancelled");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::Cancelled);
        }
    }
}
