// Every item of every bundled sample, converted by the tool to .glb and to
// .fbx: the FBX passes the strict reader (Blender's and Assimp's parse rules),
// its curves evaluated by ufbx's rules equal the glb's samplers at and between
// the keys (fbx_vs_gltf.hpp), and Assimp 5.2.5 reads it back with every node
// and camera.
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <map>

#include "fbx_reader.hpp"
#include "fbx_vs_gltf.hpp"
#include "gltf_reader.hpp"
#include "ripkit_catch.hpp"
#include "tool_runner.hpp"

using namespace ripkit::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct Pair {
    fs::path glb, fbx;
};

std::vector<Pair> sample_pairs(const fs::path& scratch, const std::vector<std::string>& extra) {
    std::vector<Pair> out;
    int k = 0;
    for (const Sample& s : all_samples(scratch / "samples")) {
        if (companion_only(s)) continue;
        const fs::path glb_dir = scratch / ("glb" + std::to_string(k));
        const fs::path fbx_dir = scratch / ("fbx" + std::to_string(k++));
        for (const auto& [dir, format] : {std::pair{glb_dir, "glb"}, {fbx_dir, "fbx"}}) {
            std::vector<std::string> args = {"convert", s.path.string(), dir.string(),
                                             "--all",   "--format",      format};
            if (std::string(format) == "fbx") args.insert(args.end(), extra.begin(), extra.end());
            const ToolResult r = run_tool(args);
            INFO(s.path.string() << ": " << r.err);
            REQUIRE(r.exit_code == 0);
        }
        for (const std::string& name : list_files(glb_dir))
            if (fs::path(name).extension() == ".glb")
                out.push_back({glb_dir / name, fbx_dir / fs::path(name).replace_extension(".fbx")});
    }
    return out;
}

// The default conversion of every item, made once for the test cases.
const std::vector<Pair>& default_pairs() {
    static TempDir scratch;
    static const std::vector<Pair> pairs = sample_pairs(scratch.path(), {});
    return pairs;
}

void collect(const aiNode* n, std::map<std::string, const aiNode*>& by_name) {
    by_name.emplace(n->mName.C_Str(), n);
    for (unsigned i = 0; i < n->mNumChildren; ++i) collect(n->mChildren[i], by_name);
}

}  // namespace

TEST_CASE("every sample: the FBX's keys equal the glb's, at and between the keys") {
    const std::vector<Pair>& pairs = default_pairs();
    REQUIRE(pairs.size() >= 10);
    FbxGltfCounts total;
    for (const Pair& p : pairs) {
        INFO(p.fbx.string());
        const Glb g = read_glb(p.glb);
        const fbxr::Document d(read_file_bytes(p.fbx));
        const FbxGltfCounts n = check_fbx_against_gltf(g, d);
        total.channels += n.channels;
        total.samples += n.samples;
        total.extra_rotation_keys += n.extra_rotation_keys;
        total.worst = std::max(total.worst, n.worst);
        // Every node is a Model of its name.
        for (const json& node : g.json["nodes"]) CHECK_NOTHROW(d.model(node.value("name", "")));
    }
    INFO("channels " << total.channels << ", samples " << total.samples << ", worst " << total.worst
                     << ", extra rotation keys " << total.extra_rotation_keys);
    CHECK(total.channels > 100);
    WARN("FBX vs glb: " << total.channels << " channels, " << total.samples
                        << " times, largest difference " << total.worst << ", "
                        << total.extra_rotation_keys << " Euler keys added");
}

TEST_CASE("every sample: baked FBX keys equal the glb at every frame") {
    TempDir scratch;
    const std::vector<Pair> pairs = sample_pairs(scratch.path(), {"--fbx-bake"});
    REQUIRE(pairs.size() >= 10);
    for (const Pair& p : pairs) {
        INFO(p.fbx.string());
        const fbxr::Document d(read_file_bytes(p.fbx));
        check_fbx_against_gltf(read_glb(p.glb), d, true);
    }
}

TEST_CASE("every sample: Assimp 5.2.5 reads the FBX back with its nodes and cameras") {
    const std::vector<Pair>& pairs = default_pairs();
    size_t cameras = 0;
    for (const Pair& p : pairs) {
        INFO(p.fbx.string());
        const Glb g = read_glb(p.glb);
        Assimp::Importer imp;
        const aiScene* ai = imp.ReadFile(p.fbx.string(), aiProcess_ValidateDataStructure);
        INFO(imp.GetErrorString());
        REQUIRE(ai);
        std::map<std::string, const aiNode*> nodes;
        collect(ai->mRootNode, nodes);
        for (const json& n : g.json["nodes"]) CHECK(nodes.count(n.value("name", "")));
        REQUIRE(ai->mNumCameras == g.json.value("cameras", json::array()).size());
        for (unsigned c = 0; c < ai->mNumCameras; ++c) {
            CHECK(nodes.count(ai->mCameras[c]->mName.C_Str()));
            ++cameras;
        }
        CHECK(ai->mNumAnimations == g.json.value("animations", json::array()).size());
    }
    CHECK(cameras > 0);  // the TR and Rugrats samples have one each
}

TEST_CASE("--fbx-bake with another output format is a usage error, writing nothing") {
    TempDir dir;
    const std::vector<Sample> samples = all_samples(dir.path() / "samples");
    REQUIRE_FALSE(samples.empty());
    const fs::path out = dir.path() / "x.glb";
    const ToolResult r =
        run_tool({"convert", samples[0].path.string(), out.string(), "--fbx-bake"});
    CHECK(r.exit_code == 2);
    const std::vector<std::string> lines = text_lines(r.err);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].find("--fbx-bake with FBX output") != std::string::npos);
    CHECK_FALSE(fs::exists(out));
}

// Zouna material, mesh and morph values belong to engine objects that are not
// nodes: besides their helper nodes, the FBX carries each as an animated user
// property on the helper's parent, named after the helper (one a component),
// with the helper's own keys - so an engine binds them without parsing names.
TEST_CASE("Zouna material, mesh and morph tracks as animated user properties") {
    size_t seen = 0;
    for (const Pair& p : default_pairs()) {
        const Glb g = read_glb(p.glb);
        const fbxr::Document d(read_file_bytes(p.fbx));
        const json& nodes = g.json["nodes"];
        for (size_t i = 0; i < nodes.size(); ++i) {
            const json ex = nodes[i].value("extras", json::object());
            const std::string kind = ex.value("track", std::string());
            if (kind != "material" && kind != "mesh" && kind != "morph") continue;
            const std::string name = nodes[i]["name"];
            size_t parent = nodes.size();
            for (size_t k = 0; k < nodes.size() && parent == nodes.size(); ++k)
                for (const json& c : nodes[k].value("children", json::array()))
                    if (c == i) parent = k;
            REQUIRE(parent < nodes.size());
            INFO(p.fbx.string() << ": helper '" << name << "' under '"
                                << nodes[parent]["name"].get<std::string>() << "'");
            const fbxr::Node& target = *d.model(nodes[parent]["name"]);
            const auto props = fbxr::properties(target);
            const auto helper = fbxr::curves_of(d, d.id(*d.model(name)), "Lcl Translation");
            // Scalars keep the helper's name; several components get _x, _y, _z.
            const bool scalar = props.count(name) > 0;
            for (int c = 0; c < (scalar ? 1 : 3); ++c) {
                const std::string axis = std::string(1, char('X' + c));
                const std::string property =
                    scalar ? name : name + "_" + std::string(1, char('x' + c));
                if (!scalar && !props.count(property)) continue;
                REQUIRE(props.count(property));
                CHECK(props.at(property).flags == "A+U");
                const auto curves = fbxr::curves_of(d, d.id(target), property);
                REQUIRE(curves.count("d|" + property));
                REQUIRE(helper.count("d|" + axis));
                const fbxr::Curve& a = curves.at("d|" + property);
                const fbxr::Curve& b = helper.at("d|" + axis);
                REQUIRE(a.keys.size() == b.keys.size());
                for (size_t k = 0; k < a.keys.size(); ++k) {
                    CHECK(a.keys[k].time == b.keys[k].time);
                    CHECK(a.keys[k].value == b.keys[k].value);
                    CHECK(a.keys[k].flags == b.keys[k].flags);
                }
                ++seen;
            }
        }
    }
    CHECK(seen >= 3);  // WALK has a material, a mesh and a morph modifier
}
