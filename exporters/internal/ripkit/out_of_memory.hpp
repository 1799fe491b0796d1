// The machine running out of memory inside a writer - ours or Assimp's - as
// one AllocationLimit error naming the writer, never a signal.
// Assimp 5.2.5's exporters catch std::bad_alloc themselves and return a
// failure with an empty or misleading message, so the guard also watches for
// the allocator reporting exhaustion (std::new_handler) while it runs.
#pragma once

#include <cstdint>
#include <new>
#include <type_traits>

namespace ripkit::detail {

[[noreturn]] void fail_out_of_memory(const char* writer);

// Called between a writer's steps: AllocationLimit when an allocation has
// already run into the watch's reserve (one that could not throw where it
// happened, in a destructor).
void stop_if_out_of_memory(const char* writer);

// While it lives, counts each time operator new finds no memory (the
// standard's new_handler protocol: the handler notes it and steps aside, so
// the allocation then throws std::bad_alloc as it would have).
class OutOfMemoryWatch {
  public:
    OutOfMemoryWatch();
    ~OutOfMemoryWatch();
    OutOfMemoryWatch(const OutOfMemoryWatch&) = delete;
    OutOfMemoryWatch& operator=(const OutOfMemoryWatch&) = delete;
    bool ran_out() const;

  private:
    uint64_t seen_;
};

// Runs a writer step: std::bad_alloc, or running out that the step swallowed,
// becomes AllocationLimit naming `writer` (a string literal: nothing is
// allocated to report it).
template <class Fn>
auto guard_alloc(const char* writer, Fn&& fn) -> decltype(fn()) {
    OutOfMemoryWatch watch;
    try {
        if constexpr (std::is_void_v<decltype(fn())>) {
            fn();
            if (watch.ran_out()) fail_out_of_memory(writer);
        } else {
            auto result = fn();
            if (watch.ran_out()) fail_out_of_memory(writer);
            return result;
        }
    } catch (const std::bad_alloc&) {
        fail_out_of_memory(writer);
    }
}

}  // namespace ripkit::detail
