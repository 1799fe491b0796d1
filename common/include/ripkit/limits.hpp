// Explicit resource limits for every decoder, scene builder and exporter.
// Hostile files must fail with ErrorKind::AllocationLimit / DepthLimit /
// StepLimit instead of exhausting memory or looping.
//
// Two kinds of limit, as ufbx keeps them: per structure (one allocation, one
// array, one program, one nesting) and per document (everything decoded,
// built and written for one input, counted by a Budget). A per-structure limit
// alone bounds nothing: 300 channels of 960k samples each stay under every
// per-array limit and still take 3.6 GB. The defaults are set from the largest
// real files each format can hold (docs/architecture.md "Limits"), so no real
// file meets them; `--limit KEY=N` (Assimp: RIPKIT_LIMITS "key=N;key=N") raises them.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ripkit {

struct Limits {
    // Per structure.
    uint64_t max_input_bytes = 1ull << 30;  // whole input file
    uint64_t max_alloc_bytes = 1ull << 30;  // any single decoded buffer
    uint64_t max_elements = 50'000'000;     // keys, vertices, frames... in one array
    uint64_t max_depth = 256;               // hierarchy / call nesting
    uint64_t max_steps = 10'000'000;        // interpreted commands per program
    // Per document (a Budget counts them across decoder, builder and exporter).
    uint64_t max_total_bytes = 1ull << 30;   // bytes decoded, built and written, held at once
    uint64_t max_total_steps = 100'000'000;  // loop iterations: commands, samples, keys
};

// One `--limit` key: its name, meaning and where it lives in Limits.
struct LimitDef {
    const char* key;  // "total_bytes"
    uint64_t Limits::*field;
    const char* meaning;
};
const std::vector<LimitDef>& limit_defs();

// Sets one limit from `--limit key=N` text (decimal, optional k/M/G suffix for
// 2^10/2^20/2^30). Throws Error(Usage) naming the key and listing the valid ones.
void set_limit(Limits& limits, const std::string& key, const std::string& value);
// "key=N;key=N" or "key=N,key=N" (the Assimp property), each through set_limit.
void set_limits(Limits& limits, const std::string& list);

// How a user raises `key`, for error messages: "raise with --limit total_bytes=N".
std::string limit_hint(const std::string& key);

// Throws AllocationLimit (naming `what` and `offset`) when count*elem_size
// would exceed the per-structure limits; returns count otherwise. Call before
// reserve/resize on any count read from a file.
uint64_t check_alloc(const Limits& limits, uint64_t count, uint64_t elem_size, uint64_t offset,
                     const std::string& what);

// Progress for long jobs (convert --all, big ROMs). Return false to cancel;
// the job then stops with ErrorKind::Cancelled.
using ProgressFn = std::function<bool(uint64_t done, uint64_t total, const std::string& label)>;

// The document-wide budget: one per opened input, shared by its Document,
// the scenes built from it and their export. Decoders charge what they keep;
// builders and exporters charge what they produce inside an item Scope, which
// gives its bytes back when the item's output is written and freed (steps are
// never given back: they measure time). Thread-safe counters.
class Budget {
  public:
    explicit Budget(Limits limits = {}, ProgressFn progress = {});

    const Limits& limits() const { return limits_; }

    // Counts bytes held against max_total_bytes. Throws AllocationLimit naming
    // `what`, the limit and how to raise it; `offset` is the input offset the
    // count came from, when there is one.
    void charge_bytes(uint64_t bytes, const std::string& what,
                      std::optional<uint64_t> offset = std::nullopt);
    // The same for bytes the document keeps for its life (a cache's): no
    // Scope or Meter counts them, so no item gives them back.
    void charge_held(uint64_t bytes, const std::string& what,
                     std::optional<uint64_t> offset = std::nullopt);
    // check_alloc, then charge_bytes(count * elem_size); returns count.
    uint64_t alloc(uint64_t count, uint64_t elem_size, std::optional<uint64_t> offset,
                   const std::string& what);
    void release_bytes(uint64_t bytes);
    // Counts loop iterations against max_total_steps (StepLimit when past).
    void charge_steps(uint64_t steps, const std::string& what,
                      std::optional<uint64_t> offset = std::nullopt);

    uint64_t bytes_held() const { return bytes_.load(); }
    uint64_t peak_bytes() const { return peak_.load(); }
    uint64_t steps_used() const { return steps_.load(); }

    // Reports progress; throws Error(Cancelled) when the callback says stop.
    void progress(uint64_t done, uint64_t total, const std::string& label) const;
    bool has_progress() const { return static_cast<bool>(progress_); }

    // The bytes this thread charged to the budget while the meter lives, less
    // what it released (0 when it released more): one item's share while
    // other items charge the same budget on other threads (`convert --all
    // -j N`). Meters nest on a thread, and each counts.
    class Meter {
      public:
        explicit Meter(const Budget& budget);
        ~Meter();
        Meter(const Meter&) = delete;
        Meter& operator=(const Meter&) = delete;
        uint64_t net() const { return net_ > 0 ? uint64_t(net_) : 0; }

      private:
        friend class Budget;
        const Budget* budget_;
        Meter* outer_;
        int64_t net_ = 0;
    };

    // What this thread charges while a Scope lives is given back when it ends.
    class Scope {
      public:
        explicit Scope(Budget& budget) : budget_(budget), meter_(budget) {}
        ~Scope();
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

      private:
        Budget& budget_;
        Meter meter_;
    };

  private:
    Limits limits_;
    ProgressFn progress_;
    void count_on_meters(int64_t bytes) const;
    void add_bytes(uint64_t bytes, const std::string& what, std::optional<uint64_t> offset);

    std::atomic<uint64_t> bytes_{0}, peak_{0}, steps_{0};
};

}  // namespace ripkit
