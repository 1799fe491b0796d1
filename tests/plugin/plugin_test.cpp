// dlopen ripkit_assimp_plugin.so like a host application would (this test does
// not link the ripkit libraries), register its importers on an
// Assimp::Importer and read every format's samples through it.
#include <assimp/importerdesc.h>
#include <assimp/scene.h>
#include <dlfcn.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>

#include "ripkit_catch.hpp"

namespace fs = std::filesystem;

namespace {

using RegisterFn = int (*)(void*);
using CountFn = int (*)();
using IdFn = const char* (*)(int);

struct Module {
    void* handle = nullptr;
    RegisterFn register_importers = nullptr;
    CountFn format_count = nullptr;
    IdFn format_id = nullptr;

    Module() {
        const char* path = std::getenv("RIPKIT_PLUGIN");
        REQUIRE(path);
        handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        INFO((handle ? "" : dlerror()));
        REQUIRE(handle);
        register_importers =
            reinterpret_cast<RegisterFn>(dlsym(handle, "ripkit_register_importers"));
        format_count = reinterpret_cast<CountFn>(dlsym(handle, "ripkit_format_count"));
        format_id = reinterpret_cast<IdFn>(dlsym(handle, "ripkit_format_id"));
        REQUIRE(register_importers);
        REQUIRE(format_count);
        REQUIRE(format_id);
    }
    ~Module() {
        if (handle) dlclose(handle);
    }
};

struct TempDir {
    fs::path path;
    TempDir() {
        std::random_device rd;
        path = fs::temp_directory_path() /
               ("ripkit-plugin-" + std::to_string(rd()) + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

// Samples written by the formats' own writers: <dir>/<format>/...
fs::path write_samples(const fs::path& dir) {
    const char* tool = std::getenv("RIPKIT_MAKE_SAMPLES");
    REQUIRE(tool);
    const std::string cmd = std::string("'") + tool + "' '" + dir.string() + "' > /dev/null";
    REQUIRE(std::system(cmd.c_str()) == 0);
    return dir;
}

bool has_metadata(const aiScene* s, const char* key) {
    if (!s->mMetaData) return false;
    for (unsigned i = 0; i < s->mMetaData->mNumProperties; ++i)
        if (std::string(s->mMetaData->mKeys[i].C_Str()) == key) return true;
    return false;
}

}  // namespace

TEST_CASE("the module's C entry points describe the formats it holds") {
    Module m;
    const int n = m.format_count();
    REQUIRE(n > 0);
    std::set<std::string> ids;
    for (int i = 0; i < n; ++i) {
        const char* id = m.format_id(i);
        REQUIRE(id);
        CHECK(std::string(id).size() > 0);
        ids.insert(id);
    }
    CHECK(ids.size() == static_cast<size_t>(n));  // distinct
    CHECK(m.format_id(n) == nullptr);
    CHECK(m.format_id(-1) == nullptr);
    CHECK(m.register_importers(nullptr) == -1);
    // Only the C entry points are exported: no C++ symbol of the libraries inside.
    CHECK(dlsym(m.handle, "_ZN6ripkit14format_entriesEv") == nullptr);
    CHECK(dlsym(m.handle, "_ZN6ripkit18register_importersERN6Assimp8ImporterE") == nullptr);
}

TEST_CASE("an Assimp::Importer with the module's importers reads every format's samples") {
    Module m;
    TempDir tmp;
    const fs::path samples = write_samples(tmp.path / "samples");
    {
        Assimp::Importer importer;
        const size_t builtin = importer.GetImporterCount();
        REQUIRE(m.register_importers(&importer) == m.format_count());
        CHECK(importer.GetImporterCount() == builtin + static_cast<size_t>(m.format_count()));

        // Per format folder: how many files gave a scene with nodes; overall, how
        // many had animations (a model format's default item may be a still model).
        std::map<std::string, int> with_nodes;
        int animated = 0;
        for (const auto& dir : fs::directory_iterator(samples)) {
            with_nodes[dir.path().filename().string()] = 0;
            for (const auto& f : fs::recursive_directory_iterator(dir.path())) {
                if (!f.is_regular_file()) continue;
                const aiScene* s = importer.ReadFile(f.path().string(), 0);
                if (!s) continue;  // companions (name lists) do not load on their own
                INFO(f.path().string());
                REQUIRE(s->mRootNode);
                CHECK(has_metadata(s, "ripkit.format"));
                if (s->mRootNode->mNumChildren > 0) ++with_nodes[dir.path().filename().string()];
                if (s->mNumAnimations > 0) ++animated;
            }
        }
        REQUIRE(with_nodes.size() == static_cast<size_t>(m.format_count()));
        for (const auto& [format, count] : with_nodes) {
            INFO(format);
            CHECK(count > 0);
        }
        CHECK(animated > 0);
    }  // the importer (and the loaders it owns) goes before the module
}

TEST_CASE("a wrong file under a ripkit extension fails cleanly with the reason") {
    Module m;
    TempDir tmp;
    Assimp::Importer importer;
    const size_t builtin = importer.GetImporterCount();
    REQUIRE(m.register_importers(&importer) > 0);
    for (size_t i = builtin; i < importer.GetImporterCount(); ++i) {
        const std::string exts = importer.GetImporterInfo(i)->mFileExtensions;
        const std::string ext = exts.substr(0, exts.find(' '));
        INFO(exts);
        REQUIRE(!ext.empty());
        const fs::path junk = tmp.path / ("junk." + ext);
        std::ofstream(junk, std::ios::binary)
            << "definitely not a game file, just some text bytes\n";
        CHECK(importer.ReadFile(junk.string(), 0) == nullptr);
        CHECK(std::string(importer.GetErrorString()).size() > 0);
    }
}

TEST_CASE("an Assimp::Exporter with the module's exporters writes a cutscene back") {
    Module m;
    using ExportersFn = int (*)(void*);
    const auto reg = reinterpret_cast<ExportersFn>(dlsym(m.handle, "ripkit_register_exporters"));
    REQUIRE(reg);
    CHECK(reg(nullptr) == -1);
    TempDir tmp;
    const fs::path samples = write_samples(tmp.path / "samples");
    const fs::path pak = samples / "tr_cutseq" / "CUTSEQ.PAK";
    const fs::path out = tmp.path / "OUT.BIN";
    {
        Assimp::Importer importer;
        m.register_importers(&importer);
        importer.SetPropertyInteger("RIPKIT_ITEM", 3);
        const aiScene* s = importer.ReadFile(pak.string(), 0);
        REQUIRE(s);
        Assimp::Exporter exporter;
        const size_t builtin = exporter.GetExportFormatCount();
        CHECK(reg(&exporter) >= 2);  // tr-cutseq, zouna
        CHECK(exporter.GetExportFormatCount() >= builtin + 2);
        Assimp::ExportProperties props;
        props.SetPropertyInteger("RIPKIT_ITEM", 3);
        REQUIRE(exporter.Export(s, "tr-cutseq", out.string(), 0, &props) == aiReturn_SUCCESS);
        const unsigned channels = s->mAnimations[0]->mNumChannels;
        // Without its camera the scene is refused, naming the missing nodes.
        aiNode* cam = s->mRootNode->FindNode("camera");
        REQUIRE(cam);
        cam->mName = "not_the_camera";
        CHECK(exporter.Export(s, "tr-cutseq", (tmp.path / "BAD.BIN").string(), 0, &props) ==
              aiReturn_FAILURE);
        CHECK(std::string(exporter.GetErrorString()).find("missing: camera") != std::string::npos);
        CHECK_FALSE(fs::exists(tmp.path / "BAD.BIN"));
        // A new TR5 file: cutscene 3 with the camera cut, read back by the importer.
        const aiScene* back = importer.ReadFile(out.string(), 0);
        INFO(importer.GetErrorString());
        REQUIRE(back);
        CHECK(back->mNumAnimations == 1);
        CHECK(back->mAnimations[0]->mNumChannels == channels);
    }
}

TEST_CASE("RIPKIT_LIMITS sets the budget; a bad one fails ReadFile naming the key") {
    Module m;
    TempDir tmp;
    const fs::path samples = write_samples(tmp.path / "samples");
    Assimp::Importer importer;
    REQUIRE(m.register_importers(&importer) > 0);
    const fs::path tr = samples / "tr_cutseq" / "CUTSEQ.BIN";
    REQUIRE(fs::exists(tr));
    REQUIRE(importer.ReadFile(tr.string(), 0));
    importer.SetPropertyString("RIPKIT_LIMITS", "total_bytes=1k");
    CHECK(importer.ReadFile(tr.string(), 0) == nullptr);
    const std::string limit = importer.GetErrorString();
    CHECK(limit.find("allocation limit") != std::string::npos);
    CHECK(limit.find("RIPKIT_LIMITS \"total_bytes=N\"") != std::string::npos);
    importer.SetPropertyString("RIPKIT_LIMITS", "total_bytes=1G;bogus=3");
    CHECK(importer.ReadFile(tr.string(), 0) == nullptr);
    const std::string bad = importer.GetErrorString();
    CHECK(bad.find("usage") != std::string::npos);
    CHECK(bad.find("bogus") != std::string::npos);
    importer.SetPropertyString("RIPKIT_LIMITS", "total_bytes=512M;total_steps=100M");
    CHECK(importer.ReadFile(tr.string(), 0) != nullptr);
}

namespace {

// A fresh importer with the module's loaders; reads `file` with `props` set.
struct Reader {
    Module& m;
    std::string error;
    Assimp::Importer importer;
    explicit Reader(Module& mod) : m(mod) { REQUIRE(m.register_importers(&importer) > 0); }
    const aiScene* read(const fs::path& file) {
        const aiScene* s = importer.ReadFile(file.string(), 0);
        error = s ? "" : importer.GetErrorString();
        return s;
    }
};

const aiNodeAnim* channel(const aiScene* s, const char* node) {
    REQUIRE(s->mNumAnimations > 0);
    const aiAnimation* a = s->mAnimations[0];
    for (unsigned i = 0; i < a->mNumChannels; ++i)
        if (std::string(a->mChannels[i]->mNodeName.C_Str()) == node) return a->mChannels[i];
    FAIL("no channel " << node);
    return nullptr;
}

}  // namespace

TEST_CASE("RIPKIT_SETTINGS is checked like --set: ReadFile fails naming the key") {
    Module m;
    TempDir tmp;
    const fs::path pak = write_samples(tmp.path / "samples") / "tr_cutseq" / "CUTSEQ.PAK";
    const std::string keys =
        "(tr-cutseq settings: entries, scale, interp, cut_threshold, fov, rooms, frames, start)";
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"scael=2",
         "usage: a setting tr-cutseq takes (entries, scale, interp, cut_threshold, fov, rooms, "
         "frames, start), got "
         "--set scael=2"},
        {"scale=2abc", "--set scale=<a number in [1e-09, 1000000000]>, got '2abc' " + keys},
        {"scale=inf", "got 'inf' " + keys},
        {"scale=nan", "got 'nan' " + keys},
        {"cut_threshold=-1", "--set cut_threshold=<a number in [0, 1000000000]>, got '-1'"},
        {"entries=0", "--set entries=<an integer in [1, 255]>, got '0'"},
        {"interp=cubic", "--set interp=<one of linear, step>, got 'cubic'"},
        {"fov=1.5", "--set fov=<an integer in [1, 32767]>, got '1.5'"},
        {"scale", "--set KEY=VALUE, got 'scale'"},
    };
    for (const auto& [settings, message] : bad) {
        INFO(settings);
        Reader r(m);
        r.importer.SetPropertyString("RIPKIT_SETTINGS", settings);
        CHECK(r.read(pak) == nullptr);
        CHECK(r.error.find(pak.string() + ": usage: ") == 0);
        CHECK(r.error.find(message) != std::string::npos);
    }
    // The same property with good values: 2 m a unit instead of 1/512 m, exactly 1024 times
    // the default positions.
    Reader plain(m), scaled(m);
    scaled.importer.SetPropertyString("RIPKIT_SETTINGS", "scale=2;interp=linear;");
    const aiScene* a = plain.read(pak);
    const aiScene* b = scaled.read(pak);
    REQUIRE(a);
    INFO(scaled.error);
    REQUIRE(b);
    const aiNodeAnim* ca = channel(a, "camera");
    const aiNodeAnim* cb = channel(b, "camera");
    REQUIRE(ca->mNumPositionKeys == cb->mNumPositionKeys);
    for (unsigned k = 0; k < ca->mNumPositionKeys; k += 37) {
        CHECK(cb->mPositionKeys[k].mValue.x == ca->mPositionKeys[k].mValue.x * 1024.0f);
        CHECK(cb->mPositionKeys[k].mValue.z == ca->mPositionKeys[k].mValue.z * 1024.0f);
    }
}

TEST_CASE("format options are Assimp properties: RIPKIT_ANIM, RIPKIT_CINE, RIPKIT_AUDIO") {
    Module m;
    TempDir tmp;
    const fs::path samples = write_samples(tmp.path / "samples");
    const fs::path big = samples / "zouna" / "big";
    Reader alone(m), bound(m);
    const aiScene* skel = alone.read(big / "SKEL_SAMPLE.Skel_Z");
    INFO(alone.error);
    REQUIRE(skel);
    bound.importer.SetPropertyString("RIPKIT_ANIM", ((big / "WALK.Animation_Z").string() + ";" +
                                                     (big / "3338892134.Animation_Z").string()));
    const aiScene* with = bound.read(big / "SKEL_SAMPLE.Skel_Z");
    INFO(bound.error);
    REQUIRE(with);
    CHECK(with->mNumAnimations == skel->mNumAnimations + 2);

    Reader missing(m);
    missing.importer.SetPropertyString("RIPKIT_ANIM", (big / "NO_SUCH.Animation_Z").string());
    CHECK(missing.read(big / "SKEL_SAMPLE.Skel_Z") == nullptr);
    CHECK(missing.error.find("NO_SUCH.Animation_Z") != std::string::npos);

    const fs::path raw = samples / "rugrats_cine" / "DEMO_RAW.BIN";
    Reader cine(m);
    cine.importer.SetPropertyInteger("RIPKIT_CINE", 3);
    const aiScene* c = cine.read(raw);
    INFO(cine.error);
    REQUIRE(c);
    int32_t n = -1;
    CHECK(c->mMetaData->Get("ripkit.extras.cine", n));
    CHECK(n == 3);
    Reader bad_cine(m);
    bad_cine.importer.SetPropertyInteger("RIPKIT_CINE", -2);
    CHECK(bad_cine.read(raw) == nullptr);
    CHECK(bad_cine.error.find("--cine <an integer in [0, 4294967295]>, got '-2'") !=
          std::string::npos);
    Reader bad_audio(m);
    bad_audio.importer.SetPropertyString("RIPKIT_AUDIO", "some");
    CHECK(bad_audio.read(raw) == nullptr);
    CHECK(bad_audio.error.find("--audio <one of played, all, none>, got 'some'") !=
          std::string::npos);
    // An aiScene carries no sound, so the importer does not have it decoded:
    // some buffer limit fails the import that asks for the samples
    // (RIPKIT_AUDIO played) and not the default one.
    bool only_samples_over = false;
    for (int k = 10; k <= 24 && !only_samples_over; ++k) {
        const std::string limit = "alloc_bytes=" + std::to_string(1 << k);
        Reader played(m), plain(m);
        played.importer.SetPropertyString("RIPKIT_AUDIO", "played");
        played.importer.SetPropertyString("RIPKIT_LIMITS", limit);
        plain.importer.SetPropertyString("RIPKIT_LIMITS", limit);
        only_samples_over = played.read(raw) == nullptr &&
                            played.error.find("decoded XA samples") != std::string::npos &&
                            plain.read(raw) != nullptr;
    }
    CHECK(only_samples_over);
    // An option of another format is not this format's: a TR file ignores RIPKIT_CINE.
    Reader other(m);
    other.importer.SetPropertyInteger("RIPKIT_CINE", 3);
    CHECK(other.read(samples / "tr_cutseq" / "CUTSEQ.PAK") != nullptr);
}
