#include "ripkit/out_of_memory.hpp"

#include <atomic>
#include <string>

#include "ripkit/error.hpp"

namespace ripkit::detail {

namespace {

std::atomic<uint64_t> g_ran_out{0};

void note_out_of_memory() {
    ++g_ran_out;
    std::set_new_handler(nullptr);  // the failing allocation now throws
}

}  // namespace

void fail_out_of_memory(const char* writer) {
    fail_no_offset(ErrorKind::AllocationLimit,
                   std::string("enough memory for ") + writer +
                       " (the machine ran out before the budget did; --limit total_bytes=N sets "
                       "a smaller one)");
}

OutOfMemoryWatch::OutOfMemoryWatch()
    : previous_(std::set_new_handler(&note_out_of_memory)), seen_(g_ran_out.load()) {}

OutOfMemoryWatch::~OutOfMemoryWatch() { std::set_new_handler(previous_); }

bool OutOfMemoryWatch::ran_out() const { return g_ran_out.load() != seen_; }

}  // namespace ripkit::detail
