// Every .glb the tool writes for the bundled samples (every item of every
// format) passes the Khronos glTF validator with zero errors.
#include "clients.hpp"
#include "ripkit_catch.hpp"
#include "tool_runner.hpp"

using namespace ripkit::test;
namespace fs = std::filesystem;

TEST_CASE("every sample item converts to a glb the Khronos validator accepts") {
    TempDir scratch;
    const std::vector<Sample> samples = all_samples(scratch.path());
    REQUIRE(!samples.empty());
    size_t validated = 0, itemless = 0;
    for (const Sample& s : samples) {
        INFO(s.path.string());
        // A companion with nothing to convert on its own (a Zouna Material_Z or
        // Bitmap_Z beside its model), as run.sh treats it.
        if (companion_only(s)) {
            ++itemless;
            continue;
        }
        TempDir out;
        const ToolResult r = run_tool({"convert", s.path.string(), out.path().string(), "--all"});
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        for (const std::string& name : list_files(out.path())) {
            if (fs::path(name).extension() != ".glb") continue;
            INFO(name);
            const nlohmann::json report = validate_gltf(out.path() / name);
            INFO(report.dump(1));
            CHECK(report.at("numErrors").get<int>() == 0);
            ++validated;
        }
    }
    CHECK(validated >= samples.size() - itemless);
    CHECK(itemless < samples.size() / 4);
}
