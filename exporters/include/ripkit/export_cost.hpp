// What writing a Scene will cost, counted from the Scene before anything is
// built, so a scene past the document budget never reaches Assimp: its
// exporters turn std::bad_alloc into std::terminate (a 9 KB TR file can make
// Assimp's FBX exporter allocate 3.9 GB and abort). The byte figures are
// the peak the writers hold at once, measured per element on this project's
// outputs (docs/architecture.md "Limits and the budget").
#pragma once

#include <cstdint>

#include "ripkit/export.hpp"
#include "ripkit/limits.hpp"

namespace ripkit {

struct ExportCost {
    uint64_t bytes = 0;  // held at the peak
    uint64_t steps = 0;  // keys, samples and vertices written
};

// Upper estimates for writing `scene` as `format` (audio included when `wav`).
ExportCost estimate_export(const Scene& scene, OutputFormat format, bool wav);

// The baked key count bake_animations() will make for `scene` (the union of
// every channel's keys, cubic samples and STEP holds per node, counted with
// repeats), without making them.
uint64_t baked_key_bound(const Scene& scene, double cubic_sample_rate);

// Charges estimate_export to `budget`: AllocationLimit / StepLimit naming the
// output format, before a byte of it is built.
void charge_export(Budget& budget, const Scene& scene, OutputFormat format, bool wav);

}  // namespace ripkit
