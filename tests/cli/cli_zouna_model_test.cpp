// The user's path to a Zouna character: what ./run.sh does with the bundled
// character samples - `cd <sample folder> && ripkit convert <sample> <dest>
// --all --overwrite <the .args line>` - with the built tool, and the glb it
// writes read back from its JSON: a skin over the skeleton's joints, the
// embedded PNG, the animation on those joints. Expected values come from the
// test kit's spec (formats/zouna/testkit/body_kit.hpp), not from the output.
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <string_view>

#include "gltf_reader.hpp"
#include "ripkit_catch.hpp"
#include "tool_runner.hpp"
#include "zouna/container/crc32.hpp"

using namespace ripkit::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// The words of `<sample>.args` (run.sh: read -r -a extra <"$sample.args").
std::vector<std::string> args_of(const fs::path& sample) {
    std::vector<std::string> out;
    std::ifstream f(sample.string() + ".args");
    std::string line;
    std::getline(f, line);
    std::istringstream words(line);
    for (std::string w; words >> w;) out.push_back(w);
    return out;
}

// run.sh's convert: in the sample's folder, every item, the extra options.
ToolResult run_sh_convert(const fs::path& sample, const fs::path& dest) {
    std::vector<std::string> a = {"-c",
                                  "cd \"$1\" && shift && exec \"$@\"",
                                  "sh",
                                  fs::absolute(sample).parent_path().string(),
                                  fs::absolute(tool_path()).string(),
                                  "convert",
                                  fs::absolute(sample).string(),
                                  fs::absolute(dest).string(),
                                  "--all",
                                  "--overwrite"};
    for (const std::string& w : args_of(sample)) a.push_back(w);
    return run_program("/bin/sh", a);
}

// The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.
const Sample& zouna_sample(std::string_view rel) {
    for (const Sample& s : shared_samples()) {
        if (s.format_id != "zouna") continue;
        const std::string p = s.path.generic_string();
        if (p.size() >= rel.size() && p.compare(p.size() - rel.size(), rel.size(), rel) == 0)
            return s;
    }
    FAIL("no zouna sample " << rel);
    throw std::logic_error("unreachable");
}

std::string node_name(const json& g, int n) {
    return g["nodes"].at(size_t(n)).value("name", std::string());
}

// body_kit.hpp: SKEL = ROOT, CHILD; TEX = a 4 x 4 DXT1 (red, blue, mixes);
// BEND = CHILD's rotation, identity at 0 s, 90 degrees about +Z at 1 s.
void check_character(const fs::path& glb) {
    INFO(glb.string());
    const Glb g = read_glb(glb);
    const json& j = g.json;
    REQUIRE(j["skins"].size() == 1);
    const json& joints = j["skins"][0]["joints"];
    REQUIRE(joints.size() == 2);
    std::set<int> joint_nodes;
    std::vector<std::string> names;
    for (const json& n : joints) {
        joint_nodes.insert(n.get<int>());
        names.push_back(node_name(j, n.get<int>()));
    }
    CHECK(names == std::vector<std::string>{"ROOT", "CHILD"});
    // Some mesh node uses the skin.
    bool skinned = false;
    for (const json& n : j["nodes"]) skinned |= n.contains("mesh") && n.value("skin", -1) == 0;
    CHECK(skinned);
    // The texture: one image, a PNG stored in the binary chunk, 4 x 4.
    REQUIRE(j["images"].size() == 1);
    const json& img = j["images"][0];
    CHECK(img.value("mimeType", "") == "image/png");
    CHECK(!img.contains("uri"));
    REQUIRE(img.contains("bufferView"));
    const json& view = j["bufferViews"].at(img["bufferView"].get<size_t>());
    const size_t at = view.value("byteOffset", size_t(0));
    REQUIRE(at + 24 <= g.bin.size());
    const uint8_t png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    CHECK(std::equal(png, png + 8, g.bin.begin() + long(at)));
    auto be32 = [&](size_t o) {
        return uint32_t(g.bin[o]) << 24 | uint32_t(g.bin[o + 1]) << 16 |
               uint32_t(g.bin[o + 2]) << 8 | g.bin[o + 3];
    };
    CHECK(be32(at + 16) == 4);  // IHDR width
    CHECK(be32(at + 20) == 4);  // IHDR height
    REQUIRE(j["materials"].size() == 1);
    CHECK(j["materials"][0]["pbrMetallicRoughness"].contains("baseColorTexture"));
    // The animation: channels on the skin's joints, CHILD's rotation ending at
    // 90 degrees about Z (the Z mirror keeps a rotation about Z).
    REQUIRE(j["animations"].size() == 1);
    const json& anim = j["animations"][0];
    CHECK(anim.value("name", "") == "BEND");
    REQUIRE(!anim["channels"].empty());
    bool child_rotation = false;
    for (const json& c : anim["channels"]) {
        const int node = c["target"]["node"].get<int>();
        INFO("channel on node " << node_name(j, node));
        CHECK(joint_nodes.count(node) == 1);
        if (node_name(j, node) != "CHILD" || c["target"]["path"] != "rotation") continue;
        child_rotation = true;
        const json& s = anim["samplers"].at(c["sampler"].get<size_t>());
        const std::vector<float> t = accessor_floats(g, s["input"].get<int>());
        const std::vector<float> v = accessor_floats(g, s["output"].get<int>());
        REQUIRE(!t.empty());
        CHECK(t.back() == Approx(1.0f));
        const bool cubic = s.value("interpolation", "LINEAR") == "CUBICSPLINE";
        const size_t last = cubic ? (3 * (t.size() - 1) + 1) * 4 : (t.size() - 1) * 4;
        REQUIRE(v.size() >= last + 4);
        const double h = std::sqrt(0.5);
        const double dot = v[last + 2] * h + v[last + 3] * h;  // with (0, 0, h, h)
        CHECK(std::abs(dot) == Approx(1.0).margin(2e-3));
    }
    CHECK(child_rotation);
}

}  // namespace

TEST_CASE("run.sh's path: CHARACTER.DPC --all gives the skinned, textured, animated SKIN") {
    const Sample& s = zouna_sample("zouna/CHARACTER.DPC");
    TempDir out;
    const ToolResult r = run_sh_convert(s.path, out.path());
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    // --all names each item <stem>_<crc>.glb; SKIN's crc from its name.
    check_character(out.path() /
                    ("CHARACTER_" + std::to_string(ripkit::zouna::asobo_crc32("SKIN")) + ".glb"));
}

TEST_CASE("run.sh's path: model/<game>/SKIN.Skin_Z with its .args (companions, --anim)") {
    for (const char* game : {"ratatouille", "walle", "fuel"}) {
        INFO(game);
        const Sample& s = zouna_sample(std::string("zouna/model/") + game + "/SKIN.Skin_Z");
        REQUIRE(!args_of(s.path).empty());
        TempDir out;
        const ToolResult r = run_sh_convert(s.path, out.path());
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        CHECK(r.err.find("warning") == std::string::npos);
        const std::vector<std::string> files = list_files(out.path());
        REQUIRE(files.size() == 1);
        check_character(out.path() / files[0]);
    }
}
