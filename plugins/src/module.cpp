// Loadable module for hosts that dlopen plugins: plain C entry points, the
// rest of the library hidden (CXX_VISIBILITY_PRESET hidden).
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include "ripkit/registry.hpp"

#define RIPKIT_EXPORT extern "C" __attribute__((visibility("default")))

// Registers every ripkit importer on the Assimp::Importer at `importer`.
// Returns the number registered, or -1 when `importer` is null.
RIPKIT_EXPORT int ripkit_register_importers(void* importer) {
    if (!importer) return -1;
    auto* imp = static_cast<Assimp::Importer*>(importer);
    ripkit::register_importers(*imp);
    return static_cast<int>(ripkit::format_entries().size());
}

RIPKIT_EXPORT int ripkit_format_count() {
    return static_cast<int>(ripkit::format_entries().size());
}

// Format id ("tr-cutseq") of entry i, or null past the end.
RIPKIT_EXPORT const char* ripkit_format_id(int i) {
    const auto entries = ripkit::format_entries();
    if (i < 0 || static_cast<size_t>(i) >= entries.size()) return nullptr;
    return entries[static_cast<size_t>(i)].format().info().id.c_str();
}

// Registers every ripkit exporter (the writable formats) on the
// Assimp::Exporter at `exporter`. Returns the number registered, or -1 when
// `exporter` is null.
RIPKIT_EXPORT int ripkit_register_exporters(void* exporter) {
    if (!exporter) return -1;
    return ripkit::register_exporters(*static_cast<Assimp::Exporter*>(exporter));
}
