// three.js embedded with the assembler's .incbin: no generated source (a
// char-array .cpp would be a 4 MB intermediate, written by a generator step, and
// take ~3 s to write and compile against ~0.4 s for this file), and GCC 12 and
// clang 14 both assemble it. The build sets RIPKIT_THREE_BUNDLE_DIR to the npm
// package folder and lists the files as this object's dependencies (.incbin
// files are not in the compiler's -MD output).
// ASSUMPTION: an ELF target with a GNU-compatible assembler (Debian, GCC or
// clang); elsewhere configure with the package absent and use --three-dir.
#include "three_bundle.hpp"

#include <cstdint>

#ifdef RIPKIT_THREE_BUNDLE_DIR

// Each file becomes `sym` (its bytes) and `sym_size` (its length, a 64-bit
// word), both hidden so the references stay inside the executable.
// clang-format off
#define RIPKIT_INCBIN(sym, file)                                 \
    ".global " #sym "\n.hidden " #sym "\n"                        \
    #sym ":\n"                                                  \
    ".incbin \"" RIPKIT_THREE_BUNDLE_DIR "/" file "\"\n"        \
    ".L" #sym "_end:\n"                                         \
    ".balign 8\n"                                               \
    ".global " #sym "_size\n.hidden " #sym "_size\n"              \
    #sym "_size:\n"                                             \
    ".quad .L" #sym "_end - " #sym "\n"

asm(".pushsection .rodata.ripkit_three, \"a\"\n"
    RIPKIT_INCBIN(ripkit_three_module, "build/three.module.min.js")
    RIPKIT_INCBIN(ripkit_three_gltf_loader, "examples/jsm/loaders/GLTFLoader.js")
    RIPKIT_INCBIN(ripkit_three_buffer_utils, "examples/jsm/utils/BufferGeometryUtils.js")
    ".popsection\n");

#define RIPKIT_DECLARE(sym)                                                \
    extern "C" __attribute__((visibility("hidden"))) const char sym[];     \
    extern "C" __attribute__((visibility("hidden"))) const uint64_t sym##_size;
// clang-format on
RIPKIT_DECLARE(ripkit_three_module)
RIPKIT_DECLARE(ripkit_three_gltf_loader)
RIPKIT_DECLARE(ripkit_three_buffer_utils)

namespace ripkit::detail {

std::optional<ThreeSources> bundled_three() {
    return ThreeSources{{ripkit_three_module, size_t(ripkit_three_module_size)},
                        {ripkit_three_gltf_loader, size_t(ripkit_three_gltf_loader_size)},
                        {ripkit_three_buffer_utils, size_t(ripkit_three_buffer_utils_size)}};
}

}  // namespace ripkit::detail

#else

namespace ripkit::detail {

std::optional<ThreeSources> bundled_three() { return std::nullopt; }

}  // namespace ripkit::detail

#endif
