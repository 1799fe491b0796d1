// A library caller sets limits once, in Options::limits, and every stage of
// the conversion keeps to them: the document's budget is made from them, the
// scene carries it (Scene::budget), and the hand-over to Assimp and each
// writer charge it - so a limit between what one stage needs and what the
// next needs stops the later stage, and raising it converts.
#include <assimp/scene.h>

#include <filesystem>
#include <functional>

#include "corrupt_inputs.hpp"
#include "ripkit/assimp/scene_to_assimp.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit/format.hpp"
#include "ripkit/registry.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
namespace fs = std::filesystem;

namespace {

struct Stage {
    const char* name;
    std::function<void(const Scene&, const fs::path&)> run;
};

std::vector<Stage> stages() {
    auto write = [](OutputFormat f) {
        return [f](const Scene& s, const fs::path& dir) {
            ExportOptions o;
            o.format = f;
            export_scene(s, dir / (std::string("out.") + output_format_extension(f)), o);
        };
    };
    return {{"the hand-over to Assimp",
             [](const Scene& s, const fs::path&) {
                 aiScene ai;
                 fill_aiscene(s, &ai);
             }},
            {"glb", write(OutputFormat::Glb)},
            {"fbx", write(OutputFormat::Fbx)}};
}

struct Run {
    std::unique_ptr<Document> doc;
    Scene scene;
};

// Opens and builds through the public API with `total_bytes` alone set.
Run open_and_build(const hostile::CorruptInput& in, uint64_t total_bytes) {
    Options o;
    o.limits.max_total_bytes = total_bytes;
    Run r;
    r.doc = find_format(in.format_id)->open(Input{in.file_name, in.bytes}, o);
    r.scene = r.doc->scene(in.good.at(0));
    return r;
}

}  // namespace

TEST_CASE("Options::limits reach the hand-over and every writer") {
    const fs::path dir = fs::temp_directory_path() / "ripkit_caller_limits";
    size_t separated = 0;
    for (const hostile::CorruptInput& in : hostile::all_corrupt_inputs()) {
        for (const Stage& stage : stages()) {
            INFO(in.format_id << ", " << stage.name);
            fs::remove_all(dir);
            fs::create_directories(dir);
            // What the decode and the build peak at, then what the stage adds.
            uint64_t before = 0, need = 0;
            {
                const Run r = open_and_build(in, Limits{}.max_total_bytes);
                REQUIRE(r.scene.budget);
                before = r.scene.budget->peak_bytes();
                const Budget::Scope scope(*r.scene.budget);
                stage.run(r.scene, dir);
                need = r.scene.budget->peak_bytes();
            }
            if (need <= before) continue;  // the stage stays under the build's peak
            ++separated;
            const uint64_t tight = before + (need - before) / 2;
            {
                const Run r = open_and_build(in, tight);  // decodes and builds within it
                try {
                    stage.run(r.scene, dir);
                    FAIL("the stage ran within " << tight << " bytes");
                } catch (const Error& e) {
                    CHECK(e.kind() == ErrorKind::AllocationLimit);
                    CHECK(std::string(e.what()).find("total_bytes") != std::string::npos);
                }
            }
            const Run r = open_and_build(in, need);
            CHECK_NOTHROW(stage.run(r.scene, dir));
        }
    }
    // Every format's writers need more than its build; the hand-over may not.
    CHECK(separated >= 2 * hostile::all_corrupt_inputs().size());
    fs::remove_all(dir);
}
