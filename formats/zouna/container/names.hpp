// crc32 -> name lists: the user's names file (--names) and a
// BigFile's sibling .NPC.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>

#include "ripkit/byte_reader.hpp"

namespace ripkit::zouna {

using NameMap = std::unordered_map<uint32_t, std::string>;

// One entry a line: `crc name` (crc decimal or 0x-hex; the name may be in
// double quotes), or just `name` (its Asobo crc32 is computed). Blank lines
// and lines starting with '#' are skipped. ASSUMPTION(npc_names): .NPC files
// are read the same way (their exact layout is not public in our sources).
void parse_names(ByteSpan text, NameMap& out);

// The name for a crc: the known name, else the crc in decimal.
std::string name_or_crc(const NameMap& names, uint32_t crc);

}  // namespace ripkit::zouna
