// glibc exports its allocator as __libc_*; an executable that defines malloc
// and friends is called by every shared library instead (ELF symbol
// interposition), so nothing escapes the count. The sizes are
// malloc_usable_size, what the allocator really holds, so frees balance.
#include "heap_meter.hpp"

#include <malloc.h>

#include <atomic>
#include <cerrno>
#include <cstdint>

extern "C" {
void* __libc_malloc(size_t);
void* __libc_calloc(size_t, size_t);
void* __libc_realloc(void*, size_t);
void* __libc_memalign(size_t, size_t);
void __libc_free(void*);
}

namespace {

std::atomic<size_t> g_in_use{0}, g_peak{0};

void* count_in(void* p) {
    if (!p) return p;
    const size_t now = g_in_use.fetch_add(malloc_usable_size(p), std::memory_order_relaxed) +
                       malloc_usable_size(p);
    size_t peak = g_peak.load(std::memory_order_relaxed);
    while (now > peak && !g_peak.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
    }
    return p;
}

void count_out(void* p) {
    if (p) g_in_use.fetch_sub(malloc_usable_size(p), std::memory_order_relaxed);
}

}  // namespace

extern "C" {

void* malloc(size_t n) { return count_in(__libc_malloc(n)); }
void* calloc(size_t n, size_t size) { return count_in(__libc_calloc(n, size)); }
void free(void* p) {
    count_out(p);
    __libc_free(p);
}
void* realloc(void* p, size_t n) {
    count_out(p);
    void* q = __libc_realloc(p, n);
    // A failed realloc keeps the old block, which is still in use.
    return count_in(q ? q : (n != 0 ? p : nullptr));
}
void* memalign(size_t align, size_t n) { return count_in(__libc_memalign(align, n)); }
void* aligned_alloc(size_t align, size_t n) { return count_in(__libc_memalign(align, n)); }
int posix_memalign(void** out, size_t align, size_t n) {
    void* p = __libc_memalign(align, n);
    if (!p) return ENOMEM;
    *out = count_in(p);
    return 0;
}
void* valloc(size_t n) { return count_in(__libc_memalign(4096, n)); }

}  // extern "C"

namespace heap_meter {

size_t in_use() { return g_in_use.load(std::memory_order_relaxed); }
size_t peak() { return g_peak.load(std::memory_order_relaxed); }
void reset_peak() { g_peak.store(in_use(), std::memory_order_relaxed); }

}  // namespace heap_meter
