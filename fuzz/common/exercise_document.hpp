// The body every libFuzzer target shares: all Document verbs on one decoded
// input. ripkit::Error is an accepted outcome (per item, so one bad item does
// not hide the others); crashes, sanitizer reports, leaks, hangs and any other
// exception are findings. Scenes must pass validate_scene.
#pragma once

#include <optional>

#include "ripkit/error.hpp"
#include "ripkit/format.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::fuzz {

// Limits small enough to keep each run fast, still far above the seed corpora.
inline Options small_limits() {
    Options o;
    o.limits.max_alloc_bytes = 64u << 20;
    o.limits.max_elements = 1u << 20;
    o.limits.max_steps = 200000;
    return o;
}

inline void exercise_document(const Document& doc) {
    (void)doc.info();
    (void)doc.dump(std::nullopt);
    for (const ItemSummary& item : doc.items()) {
        try {
            (void)doc.dump(item.id);
            if (!item.empty) validate_scene(doc.scene(item.id));
        } catch (const Error&) {
        }
    }
}

// Probes, opens and exercises `bytes` named `path` as `format`.
inline void exercise_format(const Format& format, const char* path, const uint8_t* data,
                            size_t size, const Options& options) {
    Input input;
    input.path = path;
    input.bytes.assign(data, data + size);
    try {
        (void)format.probe(input.bytes, input.path);
        exercise_document(*format.open(input, options));
    } catch (const Error&) {
    }
}

}  // namespace ripkit::fuzz
