// The machine running out of memory inside any writer - ours or Assimp's - is
// one AllocationLimit error, never std::terminate. This program replaces the
// global operator new with one that refuses to go past a cap on live bytes, and
// runs every exporter, in a child process each, with the cap at many points
// between what was live before the export and the export's own peak. A child
// that dies of a signal fails the test.
#include <malloc.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <new>

#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "scene_fixture.hpp"

namespace {

std::atomic<int64_t> g_live{0};  // bytes held through operator new
std::atomic<int64_t> g_peak{0};
std::atomic<int64_t> g_cap{-1};  // -1: no cap

// Null past the cap.
void* take(size_t n, size_t align) {
    const int64_t cap = g_cap.load();
    if (cap >= 0 && g_live.load() + int64_t(n) > cap) return nullptr;
    void* p = align > alignof(std::max_align_t)
                  ? std::aligned_alloc(align, (n + align - 1) / align * align)
                  : std::malloc(n ? n : 1);
    if (!p) return nullptr;
    const int64_t live = g_live += int64_t(malloc_usable_size(p));
    for (int64_t peak = g_peak.load(); live > peak && !g_peak.compare_exchange_weak(peak, live);) {
    }
    return p;
}

void give(void* p) {
    if (!p) return;
    g_live -= int64_t(malloc_usable_size(p));
    std::free(p);
}

// What a conforming operator new does when there is no memory: the
// new_handler first (the writers' guard watches it), then std::bad_alloc -
// after which the cap is lifted: the machine ran out there, and what the
// unwinding frees is room again (the error's own strings are made of it).
void* take_or_throw(size_t n, size_t align) {
    for (;;) {
        if (void* p = take(n, align)) return p;
        if (std::new_handler h = std::get_new_handler()) {
            h();
            continue;
        }
        g_cap = -1;
        throw std::bad_alloc();
    }
}

void* take_nothrow(size_t n) noexcept {
    try {
        return take_or_throw(n, 0);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}

}  // namespace

void* operator new(size_t n) { return take_or_throw(n, 0); }
void* operator new[](size_t n) { return take_or_throw(n, 0); }
void* operator new(size_t n, std::align_val_t a) { return take_or_throw(n, size_t(a)); }
void* operator new[](size_t n, std::align_val_t a) { return take_or_throw(n, size_t(a)); }
void* operator new(size_t n, const std::nothrow_t&) noexcept { return take_nothrow(n); }
void* operator new[](size_t n, const std::nothrow_t&) noexcept { return take_nothrow(n); }
void operator delete(void* p) noexcept { give(p); }
void operator delete[](void* p) noexcept { give(p); }
void operator delete(void* p, size_t) noexcept { give(p); }
void operator delete[](void* p, size_t) noexcept { give(p); }
void operator delete(void* p, std::align_val_t) noexcept { give(p); }
void operator delete[](void* p, std::align_val_t) noexcept { give(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { give(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { give(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { give(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { give(p); }

using namespace ripkit;
namespace fs = std::filesystem;

namespace {

enum Outcome { kWritten = 0, kAllocationLimit = 10, kOtherError = 11, kOtherException = 12 };

// Runs one export in a child with the cap at `cap` live bytes (-1: none); the
// child's exit status says how it ended, a signal shows as 128 + signal.
int export_in_child(const Scene& s, OutputFormat f, const fs::path& out, int64_t cap) {
    std::fflush(nullptr);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        int code = kWritten;
        ExportOptions o;
        o.format = f;
        g_cap = cap;
        try {
            export_scene(s, out, o);
        } catch (const Error& e) {
            code = e.kind() == ErrorKind::AllocationLimit ? kAllocationLimit : kOtherError;
            if (code == kOtherError) std::fprintf(stderr, "child: %s\n", e.what());
        } catch (const std::exception& e) {
            std::fprintf(stderr, "child: exception %s\n", e.what());
            code = kOtherException;
        } catch (...) {
            code = kOtherException;
        }
        g_cap = -1;
        _exit(code);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The live bytes before and at the peak of one uncapped export.
std::pair<int64_t, int64_t> measure(const Scene& s, OutputFormat f, const fs::path& out) {
    ExportOptions o;
    o.format = f;
    const int64_t before = g_live.load();
    g_peak = before;
    export_scene(s, out, o);
    fs::remove(out);
    fs::remove(fs::path(out).replace_extension(".wav"));
    fs::remove(fs::path(out).replace_extension(".bin"));
    return {before, g_peak.load()};
}

}  // namespace

TEST_CASE("running out of memory in any writer is one AllocationLimit error, never a signal",
          "[oom]") {
    const Scene s = test::make_full_scene();
    // Uncapped, the child writes; capped anywhere below the peak it stops
    // with the error and leaves nothing behind.
    for (OutputFormat f :
         {OutputFormat::Glb, OutputFormat::Gltf, OutputFormat::Fbx, OutputFormat::Dae}) {
        const std::string ext = output_format_extension(f);
        INFO(ext);
        const fs::path dir = fs::temp_directory_path() / ("ripkit_oom_" + ext);
        fs::remove_all(dir);
        fs::create_directories(dir);
        const fs::path out = dir / ("out." + ext);
        const auto [before, peak] = measure(s, f, out);
        REQUIRE(peak > before);
        CHECK(export_in_child(s, f, out, -1) == kWritten);
        fs::remove_all(dir);
        fs::create_directories(dir);
        constexpr int kPoints = 48;
        int stopped = 0;
        for (int k = 0; k < kPoints; ++k) {
            const int64_t cap = before + (peak - before) * k / kPoints;
            INFO("cap " << cap << " (" << k << "/" << kPoints << " of the way to the peak)");
            const int code = export_in_child(s, f, out, cap);
            INFO("exit " << code);
            CHECK((code == kAllocationLimit || code == kWritten));
            if (code == kAllocationLimit) {
                ++stopped;
                CHECK(fs::directory_iterator(dir) == fs::directory_iterator());
            }
            fs::remove_all(dir);
            fs::create_directories(dir);
        }
        // Most caps are below what the export needs at once.
        CHECK(stopped > kPoints / 2);
        fs::remove_all(dir);
    }
}
