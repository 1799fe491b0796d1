// The FUEL-family BigFile (.DPC): its 2048-byte header, block table and
// objects, and the .NPC names file beside it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ripkit/limits.hpp"
#include "zouna/container/container.hpp"

namespace ripkit::zouna {

struct BigFileInfo {
    std::string version;
    Endian endian = Endian::Little;
    uint32_t type = 0;
    uint32_t block_count = 0;
    bool has_pool = false;
    std::vector<ObjectRef> objects;
};
inline constexpr size_t kBigFileHeaderSize = 2048;
bool looks_like_bigfile(ByteSpan data);
BigFileInfo read_bigfile(ByteSpan data, std::optional<Endian> forced, const Limits& limits);
// "X.DPC" -> "X.NPC" (D -> N in the extension); empty when no sibling name exists.
std::string bigfile_names_sibling(const std::string& path);

}  // namespace ripkit::zouna
