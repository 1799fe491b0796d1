// Explicit resource limits for every decoder. Hostile files must fail with
// ErrorKind::AllocationLimit / DepthLimit / StepLimit instead of exhausting
// memory or looping; the defaults are generous for real game data.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace ripkit {

struct Limits {
    uint64_t max_input_bytes = 1ull << 30;  // whole input file
    uint64_t max_alloc_bytes = 1ull << 30;  // any single decoded buffer
    uint64_t max_elements = 50'000'000;     // keys, vertices, frames... in one array
    uint32_t max_depth = 256;               // hierarchy / call nesting
    uint64_t max_steps = 10'000'000;        // interpreted commands per program
};

// Throws AllocationLimit (naming `what` and `offset`) when count*elem_size
// would exceed the limits; returns count otherwise. Call before reserve/resize
// on any count read from a file.
uint64_t check_alloc(const Limits& limits, uint64_t count, uint64_t elem_size, uint64_t offset,
                     const std::string& what);

// Progress for long jobs (convert --all, big ROMs). Return false to cancel;
// the job then stops with ErrorKind::Usage "cancelled".
using ProgressFn = std::function<bool(uint64_t done, uint64_t total, const std::string& label)>;

}  // namespace ripkit
