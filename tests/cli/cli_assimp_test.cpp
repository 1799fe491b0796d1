// An Assimp pipeline takes what ripkit writes: every .glb of every bundled
// sample loads with Assimp::Importer::ReadFile(path, 0) and re-exports with
// Debian's `assimp export` (assimp-utils) to FBX. Expected values come from the
// glb's JSON read by the test's own reader and from `ripkit dump`. Assimp
// 5.2.5's own limits (docs/exporters.md) are pinned to their exact case.
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <functional>
#include <map>
#include <regex>
#include <set>

#include "clients.hpp"
#include "gltf_reader.hpp"
#include "ripkit/assimp/assimp_compat.hpp"
#include "ripkit_catch.hpp"
#include "tool_runner.hpp"

using namespace ripkit::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

struct Output {
    fs::path glb;
    Glb g;
};

// Every .glb `ripkit convert --all` writes for every bundled sample, converted
// once for all test cases.
const std::vector<Output>& sample_glbs() {
    static TempDir scratch;
    static std::vector<Output> out;
    if (!out.empty()) return out;
    std::vector<Output> got;
    int k = 0;
    for (const Sample& s : all_samples(scratch.path() / "samples")) {
        if (companion_only(s)) continue;
        const fs::path dir = scratch.path() / std::to_string(k++);
        const ToolResult r = run_tool({"convert", s.path.string(), dir.string(), "--all"});
        INFO(s.path.string() << ": " << r.err);
        REQUIRE(r.exit_code == 0);
        for (const std::string& name : list_files(dir))
            if (fs::path(name).extension() == ".glb")
                got.push_back({dir / name, read_glb(dir / name)});
    }
    out = std::move(got);
    return out;
}

void require_assimp_tool() {
    bool found = false;
    try {
        found = run_program("assimp", {"version"}).exit_code == 0;
    } catch (const std::exception&) {
    }
    if (!found) FAIL("`assimp` not found: apt-get install assimp-utils (./test.sh installs it)");
}

void collect(const aiNode* n, std::map<std::string, const aiNode*>& by_name) {
    by_name.emplace(n->mName.C_Str(), n);
    for (unsigned i = 0; i < n->mNumChildren; ++i) collect(n->mChildren[i], by_name);
}

size_t count_nodes(const aiNode* n) {
    size_t c = 1;
    for (unsigned i = 0; i < n->mNumChildren; ++i) c += count_nodes(n->mChildren[i]);
    return c;
}

// One aiMetadata entry as JSON (what Assimp's glTF2 importer made of an extra).
json entry_json(const aiMetadataEntry& e) {
    switch (e.mType) {
        case AI_BOOL:
            return *static_cast<const bool*>(e.mData);
        case AI_INT32:
            return *static_cast<const int32_t*>(e.mData);
        case AI_UINT64:
            return *static_cast<const uint64_t*>(e.mData);
        case AI_FLOAT:
            return *static_cast<const float*>(e.mData);
        case AI_DOUBLE:
            return *static_cast<const double*>(e.mData);
        case AI_AISTRING:
            return std::string(static_cast<const aiString*>(e.mData)->C_Str());
        default:
            return "nested aiMetadata (type " + std::to_string(int(e.mType)) + ")";
    }
}

// Every node's extras arrive as node metadata with the same keys and values,
// none of them nested (Assimp 5.2.5 cannot copy nested metadata).
void check_metadata(const Glb& g, const std::map<std::string, const aiNode*>& ai_nodes) {
    for (const json& node : g.json["nodes"]) {
        if (!node.contains("extras")) continue;
        const std::string name = node.value("name", "");
        INFO("node " << name);
        const aiNode* n = ai_nodes.at(name);
        REQUIRE(n->mMetaData);
        std::map<std::string, json> got;
        for (unsigned i = 0; i < n->mMetaData->mNumProperties; ++i) {
            CHECK(n->mMetaData->mValues[i].mType != AI_AIMETADATA);
            got[n->mMetaData->mKeys[i].C_Str()] = entry_json(n->mMetaData->mValues[i]);
        }
        for (const auto& [key, want] : node["extras"].items()) {
            INFO("extras " << key << " = " << want.dump());
            REQUIRE(got.count(key));
            if (want.is_number())
                CHECK(got[key].get<double>() == Approx(want.get<double>()));
            else
                CHECK(got[key] == want);
        }
    }
}

// Binary FBX keeps a Model's name as "<name>\0\1Model".
std::set<std::string> fbx_model_names(const fs::path& fbx) {
    const std::string bytes = read_text(fbx);
    const std::string tag("\0\1Model", 7);
    std::set<std::string> names;
    for (size_t at = bytes.find(tag); at != std::string::npos; at = bytes.find(tag, at + 1)) {
        size_t start = at;
        while (start > 0 && bytes[start - 1] >= 0x20 && bytes[start - 1] < 0x7f) --start;
        names.insert(bytes.substr(start, at - start));
    }
    return names;
}

bool animation_named_like_a_node(const Glb& g) {
    std::set<std::string> nodes;
    for (const json& n : g.json["nodes"]) nodes.insert(n.value("name", ""));
    for (const json& a : g.json.value("animations", json::array()))
        if (nodes.count(a.value("name", ""))) return true;
    return false;
}

}  // namespace

TEST_CASE("every sample glb: Assimp reads it, `assimp export` writes FBX") {
    require_assimp_tool();
    const std::vector<Output>& outs = sample_glbs();
    REQUIRE(outs.size() >= 10);
    size_t nested = 0;
    for (const Output& o : outs) {
        INFO(o.glb.string());
        const json& nodes = o.g.json["nodes"];
        Assimp::Importer imp;
        const aiScene* ai = imp.ReadFile(o.glb.string(), 0);
        INFO(imp.GetErrorString());
        REQUIRE(ai);
        std::map<std::string, const aiNode*> ai_nodes;
        collect(ai->mRootNode, ai_nodes);
        CHECK(count_nodes(ai->mRootNode) == nodes.size());
        for (const json& n : nodes) CHECK(ai_nodes.count(n.value("name", "")));
        check_metadata(o.g, ai_nodes);
        for (const json& n : nodes) {
            const json extras = n.value("extras", json::object());
            for (const auto& [key, value] : extras.items())
                nested += key.size() > 5 && key.compare(key.size() - 5, 5, "_json") == 0;
        }

        const fs::path fbx = o.glb.parent_path() / (o.glb.stem().string() + "_again.fbx");
        const ToolResult r =
            run_program("assimp", {"export", o.glb.string(), fbx.string(), "-ffbx"});
        INFO(r.out << r.err);
        REQUIRE(r.exit_code == 0);
        // The glTF scene root becomes the FBX document root; every other node a Model.
        const std::set<std::string> models = fbx_model_names(fbx);
        const std::string root = ai->mRootNode->mName.C_Str();
        for (const json& n : nodes)
            if (n.value("name", "") != root) CHECK(models.count(n.value("name", "")));
    }
    CHECK(nested > 0);  // the samples do carry arrays in node extras
}

TEST_CASE("a nested node extra survives as JSON text: TR origin equals `ripkit dump`") {
    TempDir scratch;
    size_t checked = 0;
    for (const Sample& s : all_samples(scratch.path())) {
        if (s.format_id != "tr_cutseq") continue;
        INFO(s.path.string());
        const ToolResult dump = run_tool({"dump", s.path.string()});
        REQUIRE(dump.exit_code == 0);
        const fs::path out = scratch.path() / s.path.filename();
        REQUIRE(run_tool({"convert", s.path.string(), out.string(), "--all"}).exit_code == 0);
        const json decoded = json::parse(dump.out);
        for (const json& c : decoded.at("cutscenes")) {
            if (!c.contains("origin")) continue;
            const fs::path glb = out / (s.path.stem().string() + "_" +
                                        std::to_string(c["index"].get<int>()) + ".glb");
            INFO(glb.string());
            Assimp::Importer imp;
            const aiScene* ai = imp.ReadFile(glb.string(), 0);
            REQUIRE(ai);
            aiString text;
            REQUIRE(ai->mRootNode->mMetaData);
            REQUIRE(ai->mRootNode->mMetaData->Get("origin_json", text));
            CHECK(json::parse(text.C_Str()) == c["origin"]);
            // three.js: the same text in the root object's userData.
            const json three = three_inspect(glb);
            const std::string root = std::to_string(node_index(read_glb(glb), "root"));
            CHECK(json::parse(three["userData"][root]["origin_json"].get<std::string>()) ==
                  c["origin"]);
            ++checked;
        }
    }
    CHECK(checked >= 2);
}

// docs/exporters.md, "Assimp quirks": neither is ripkit's to fix.
TEST_CASE("Assimp's limits met by ripkit's glb, exactly as documented") {
    require_assimp_tool();
    const std::vector<Output>& outs = sample_glbs();
    size_t clashes = 0, meshless = 0;
    for (const Output& o : outs) {
        INFO(o.glb.string());
        // `assimp info` runs the TargetRealtime_MaxQuality preset, whose
        // RemoveRedundantMaterials throws on a scene without meshes before
        // Assimp 5.4; -r skips it.
        const bool has_meshes = !o.g.json.value("meshes", json::array()).empty();
        const ToolResult info = run_program("assimp", {"info", o.glb.string()});
        INFO(info.out << info.err);
        CHECK((info.exit_code == 0) ==
              (has_meshes || ripkit::assimp_compat::kInfoTakesMeshlessScenes));
        if (!has_meshes) {
            ++meshless;
            if (!ripkit::assimp_compat::kInfoTakesMeshlessScenes)
                CHECK((info.out + info.err).find("No materials remaining") != std::string::npos);
        }
        const ToolResult raw = run_program("assimp", {"info", o.glb.string(), "-r"});
        CHECK(raw.exit_code == 0);
        std::smatch m;
        REQUIRE(std::regex_search(raw.out, m, std::regex("Nodes:\\s+(\\d+)")));
        CHECK(std::stoul(m[1]) == o.g.json["nodes"].size());

        // The glb2 exporter gives an animation the glTF id of its name, and ids
        // are shared by every object kind: before Assimp 6 an animation named
        // like a node throws "two objects with the same ID" ("Failed to write file").
        const fs::path again = o.glb.parent_path() / (o.glb.stem().string() + "_again.glb");
        const ToolResult glb2 =
            run_program("assimp", {"export", o.glb.string(), again.string(), "-fglb2"});
        INFO(glb2.out << glb2.err);
        const bool named_like_a_node = animation_named_like_a_node(o.g);
        clashes += named_like_a_node;
        const bool clash = named_like_a_node && !ripkit::assimp_compat::kGlb2WriterTakesSharedNames;
        CHECK((glb2.exit_code == 0) == !clash);
        if (clash) {
            CHECK(glb2.out.find("Failed to write file") != std::string::npos);
        } else {
            std::multiset<std::string> want, got;
            for (const json& n : o.g.json["nodes"]) want.insert(n.value("name", ""));
            const Glb back = read_glb(again);
            for (const json& n : back.json["nodes"]) got.insert(n.value("name", ""));
            CHECK(got == want);
        }
    }
    CHECK(clashes > 0);
    CHECK(meshless > 0);
}
