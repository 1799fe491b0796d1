// No file lost: a file that existed before an export is never overwritten and
// then deleted. Replaced files wait aside until the run commits; rollback puts
// them back; a multi-file output (glb + wav) is placed all or nothing; without
// overwrite an existing output is refused untouched.
#include <fstream>
#include <iterator>

#include "clients.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "scene_fixture.hpp"

using namespace ripkit;
namespace fs = std::filesystem;

namespace {

void write_text(const fs::path& p, const std::string& s) {
    std::ofstream(p, std::ios::binary) << s;
}

std::string read_text(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

std::vector<std::string> listing(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

ExportOptions glb() {
    ExportOptions o;
    o.format = OutputFormat::Glb;
    return o;
}

}  // namespace

TEST_CASE("rollback puts back every file the run replaced, and removes what it added", "[files]") {
    const Scene s = test::make_full_scene();  // has audio: glb + wav
    const fs::path dir = test::fresh_temp_dir("no_file_lost_rollback");
    write_text(dir / "a.glb", "the user's a.glb");
    write_text(dir / "a.wav", "the user's a.wav");
    {
        OutputTransaction run;
        ExportOptions o = glb();
        o.transaction = &run;
        export_scene(s, dir / "a.glb", o);
        export_scene(s, dir / "b.glb", o);
        CHECK(read_text(dir / "a.glb").rfind("glTF", 0) == 0);  // replaced for now
        CHECK(run.placed().size() == 4);
        // A later item fails: the run ends without commit.
    }
    CHECK(listing(dir) == std::vector<std::string>{"a.glb", "a.wav"});
    CHECK(read_text(dir / "a.glb") == "the user's a.glb");
    CHECK(read_text(dir / "a.wav") == "the user's a.wav");
    fs::remove_all(dir);  // only the user's stand-ins are left: not output to scan
}

TEST_CASE("commit keeps the new files and deletes the replaced ones kept aside", "[files]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("no_file_lost_commit");
    write_text(dir / "a.glb", "old");
    OutputTransaction run;
    ExportOptions o = glb();
    o.transaction = &run;
    export_scene(s, dir / "a.glb", o);
    run.commit();
    CHECK(listing(dir) == std::vector<std::string>{"a.glb", "a.wav"});
    CHECK(read_text(dir / "a.glb").rfind("glTF", 0) == 0);
}

TEST_CASE("glb + wav is placed all or nothing: a folder where the wav goes places neither",
          "[files]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("no_file_lost_folder");
    fs::create_directory(dir / "out.wav");
    SECTION("no glb before") {
        CHECK_THROWS_AS(export_scene(s, dir / "out.glb", glb()), Error);
        CHECK(listing(dir) == std::vector<std::string>{"out.wav"});
    }
    SECTION("the user's glb before stays as it was") {
        write_text(dir / "out.glb", "mine");
        try {
            export_scene(s, dir / "out.glb", glb());
            FAIL("exported");
        } catch (const Error& e) {
            CHECK(e.kind() == ErrorKind::Io);
            CHECK(std::string(e.what()).find("out.wav' is one") != std::string::npos);
        }
        CHECK(read_text(dir / "out.glb") == "mine");
        CHECK(listing(dir) == std::vector<std::string>{"out.glb", "out.wav"});
    }
    fs::remove_all(dir);  // nothing here is ripkit's output: not for the output scan
}

TEST_CASE("without overwrite an existing output or companion is refused, nothing placed",
          "[files]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("no_file_lost_no_overwrite");
    ExportOptions o = glb();
    o.overwrite = false;
    SECTION("the glb exists") { write_text(dir / "x.glb", "mine"); }
    SECTION("only the wav exists") { write_text(dir / "x.wav", "mine"); }
    const auto before = listing(dir);
    try {
        export_scene(s, dir / "x.glb", o);
        FAIL("exported");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Usage);
        CHECK(std::string(e.what()).find("--overwrite") != std::string::npos);
    }
    CHECK(listing(dir) == before);
    for (const std::string& f : before) CHECK(read_text(dir / f) == "mine");
}

TEST_CASE("a single export over an existing file replaces it and leaves nothing aside", "[files]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("no_file_lost_single");
    write_text(dir / "y.glb", "old");
    export_scene(s, dir / "y.glb", glb());
    export_scene(s, dir / "y.glb", glb());  // twice works, as users expect
    CHECK(listing(dir) == std::vector<std::string>{"y.glb", "y.wav"});
}

TEST_CASE("rolling back to a savepoint undoes what was placed after it, and only that", "[files]") {
    const Scene s = test::make_full_scene();
    const fs::path dir = test::fresh_temp_dir("no_file_lost_savepoint");
    write_text(dir / "a.glb", "the user's a.glb");
    OutputTransaction run;
    ExportOptions o = glb();
    o.transaction = &run;
    export_scene(s, dir / "a.glb", o);  // item 1 replaces the user's file
    const std::string item1 = read_text(dir / "a.glb");
    // Item 2 places a new file, then replaces item 1's a.glb, then fails.
    const OutputTransaction::Savepoint item2 = run.savepoint();
    write_text(dir / "b.part", "item 2's b.glb");
    run.place(dir / "b.part", dir / "b.glb");
    write_text(dir / "a.part", "item 2's a.glb");
    run.place(dir / "a.part", dir / "a.glb");
    run.rollback_to(item2);
    CHECK(read_text(dir / "a.glb") == item1);
    CHECK(!fs::exists(dir / "b.glb"));
    run.rollback();  // the run fails after all: the user's file comes back
    CHECK(listing(dir) == std::vector<std::string>{"a.glb"});
    CHECK(read_text(dir / "a.glb") == "the user's a.glb");
    fs::remove_all(dir);  // only the user's stand-in is left
}
