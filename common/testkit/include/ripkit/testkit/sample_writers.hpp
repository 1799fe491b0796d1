// Every test kit's bundled-sample writer (<id>_write_samples, declared with
// ripkit_add_testkit), for ripkit-make-samples and the tests that need the
// samples. Nothing that ships links this list.
#pragma once

#include <filesystem>
#include <span>
#include <string_view>

namespace ripkit {

struct SampleWriter {
    const char* id;  // the format's entry id: "tr_cutseq"
    void (*write)(const std::filesystem::path& dir);
};

std::span<const SampleWriter> sample_writers();
// By entry id; null when that format has no test kit.
const SampleWriter* find_sample_writer(std::string_view id);

}  // namespace ripkit
