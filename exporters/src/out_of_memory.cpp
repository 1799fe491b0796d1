#include "ripkit/out_of_memory.hpp"

#include <atomic>
#include <mutex>
#include <string>

#include "ripkit/error.hpp"

namespace ripkit::detail {

namespace {

std::atomic<uint64_t> g_ran_out{0};
// Room given back on the first exhaustion: nlohmann::json's destructors
// allocate (a stack to flatten the tree), so an exhaustion met there must
// not throw - it would be std::terminate. The writer goes on with the room
// until its next allocation fails, and the watch reports it before any file
// is placed.
// A second reserve is given back when the writer stops (stop_if_out_of_memory),
// for the error's text and the destructors the unwinding runs.
// The new_handler is the process's, and writers run on several threads at once
// (convert --all -j N): the first watch in installs it and the reserves, the
// last one out puts the previous handler back, under g_mutex.
constexpr size_t kReserve = 4096;
std::mutex g_mutex;
size_t g_watches = 0;
std::new_handler g_previous = nullptr;
void* g_reserve = nullptr;
void* g_unwind_reserve = nullptr;
std::atomic<bool> g_in_reserve{false};

void free_reserve(void*& p) {
    ::operator delete(p);
    p = nullptr;
}

void note_out_of_memory() {
    ++g_ran_out;
    {
        const std::lock_guard<std::mutex> lock(g_mutex);
        if (g_reserve) {
            free_reserve(g_reserve);
            g_in_reserve = true;
            return;  // the allocation is tried again in the room given back
        }
    }
    std::set_new_handler(nullptr);  // the failing allocation now throws
}

}  // namespace

void fail_out_of_memory(const char* writer) {
    fail_no_offset(ErrorKind::AllocationLimit,
                   std::string("enough memory for ") + writer +
                       " (the machine ran out before the budget did; --limit total_bytes=N sets "
                       "a smaller one)");
}

void stop_if_out_of_memory(const char* writer) {
    if (!g_in_reserve.exchange(false)) return;
    {
        const std::lock_guard<std::mutex> lock(g_mutex);
        if (g_unwind_reserve) free_reserve(g_unwind_reserve);
    }
    fail_out_of_memory(writer);
}

OutOfMemoryWatch::OutOfMemoryWatch() : seen_(g_ran_out.load()) {
    const std::lock_guard<std::mutex> lock(g_mutex);
    if (g_watches++ == 0) {
        g_reserve = ::operator new(kReserve, std::nothrow);
        g_unwind_reserve = ::operator new(kReserve, std::nothrow);
        g_in_reserve = false;
        g_previous = std::set_new_handler(&note_out_of_memory);
    } else {
        // Put back after an exhaustion stepped aside for the throw.
        std::set_new_handler(&note_out_of_memory);
    }
}

OutOfMemoryWatch::~OutOfMemoryWatch() {
    const std::lock_guard<std::mutex> lock(g_mutex);
    if (--g_watches == 0) {
        std::set_new_handler(g_previous);
        if (g_reserve) free_reserve(g_reserve);
        if (g_unwind_reserve) free_reserve(g_unwind_reserve);
        g_in_reserve = false;
    }
}

bool OutOfMemoryWatch::ran_out() const { return g_ran_out.load() != seen_; }

}  // namespace ripkit::detail
