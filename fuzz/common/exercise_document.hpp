// The body every libFuzzer target shares: all Document verbs on one decoded
// input, and every scene exported as glb and FBX in memory - the path a
// `convert` takes, so what the scene builders and exporters make of an
// accepted input is fuzzed too. ripkit::Error is an accepted outcome (per
// item, so one bad item does not hide the others); crashes, sanitizer
// reports, leaks, hangs, any other exception and a NaN or Inf in the exported
// bytes are findings. Scenes must pass validate_scene.
#pragma once

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "finite_output.hpp"
#include "ripkit/error.hpp"
#include "ripkit/fbx_export.hpp"
#include "ripkit/format.hpp"
#include "ripkit/gltf_export.hpp"
#include "ripkit/scene.hpp"

namespace ripkit::fuzz {

// Limits small enough to keep each run fast, still far above the seed corpora.
// The totals matter most: a few KB of runs can describe millions of keys, and
// every step costs some 40 times a Release step in the -O0 sanitized build.
inline Options small_limits() {
    Options o;
    o.limits.max_alloc_bytes = 64u << 20;
    o.limits.max_elements = 1u << 20;
    o.limits.max_steps = 200000;
    o.limits.max_total_bytes = 256u << 20;
    o.limits.max_total_steps = 4'000'000;
    return o;
}

// RIPKIT_FUZZ_VERBOSE=1: every accepted Error on stderr, to see how far a
// seed gets (a seed that never reaches the exporters fuzzes only decoding).
inline void accepted(const Error& e) {
    static const bool verbose = std::getenv("RIPKIT_FUZZ_VERBOSE") != nullptr;
    if (verbose) std::fprintf(stderr, "ripkit fuzz: accepted: %s\n", e.what());
}

[[noreturn]] inline void non_finite_finding(const char* what, const std::string& where) {
    std::fprintf(stderr, "ripkit fuzz: non-finite value in the %s output: %s\n", what,
                 where.c_str());
    std::abort();
}

// glb and FBX of `scene`, in memory, each scanned for NaN and Inf.
inline void export_scene_in_memory(const Scene& scene) {
    std::vector<std::string> notes;
    Budget budget(small_limits().limits);  // the exporters' step counts bound their work
    const Bytes glb = write_glb(build_gltf(scene, notes, budget));
    const std::string glb_bad = nonfinite_in_glb(glb);
    if (!glb_bad.empty()) non_finite_finding("glb", glb_bad);
    const Bytes fbx = fbx_bytes(scene, notes, budget);
    const std::string fbx_bad = nonfinite_in_fbx(fbx);
    if (!fbx_bad.empty()) non_finite_finding("FBX", fbx_bad);
}

inline void exercise_document(const Document& doc) {
    (void)doc.info();
    (void)doc.dump(std::nullopt);
    for (const ItemSummary& item : doc.items()) {
        try {
            (void)doc.dump(item.id);
            if (item.empty) continue;
            const Scene scene = doc.scene(item.id);
            validate_scene(scene);
            export_scene_in_memory(scene);
        } catch (const Error& e) {
            accepted(e);
        }
    }
}

// Probes, opens and exercises `bytes` named `path` as `format`.
// The input as a file read by range (copies, as pread would), for a format
// that reads by range.
class CopyingSource final : public ByteSource {
  public:
    explicit CopyingSource(ByteSpan data) : data_(data) {}
    uint64_t size() const override { return data_.size(); }

  protected:
    void fill(uint64_t offset, std::span<uint8_t> out) const override {
        std::copy_n(data_.begin() + std::ptrdiff_t(offset), out.size(), out.begin());
    }

  private:
    ByteSpan data_;
};

inline void exercise_format(const Format& format, const char* path, const uint8_t* data,
                            size_t size, const Options& options) {
    Input input;
    input.path = path;
    input.bytes.assign(data, data + size);
    try {
        (void)format.probe(input.bytes, input.path);
        exercise_document(*format.open(input, options));
    } catch (const Error& e) {
        accepted(e);
    }
    if (!format.reads_by_range()) return;
    Input ranged;
    ranged.path = path;
    ranged.source = std::make_shared<const CopyingSource>(ByteSpan(data, size));
    try {
        exercise_document(*format.open(ranged, options));
    } catch (const Error& e) {
        accepted(e);
    }
}

}  // namespace ripkit::fuzz
