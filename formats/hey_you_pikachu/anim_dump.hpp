// Animation banks as the CLI shows them: `info` summary, `dump` JSON (schema
// in docs/formats/hey_you_pikachu.md) and the --anims selection.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "anim_reader.hpp"

namespace ripkit::hey_you_pikachu {

// {"present", "reason"?, "base", "quantum", "banks", "nonempty_banks",
// "failed_banks", "error"?}
nlohmann::json anim_info(const AnimTables& tables);

// {"quantum", "present", "banks": [...]}; `only` (when given) limits the
// banks listed.
nlohmann::json anim_dump(const AnimTables& tables, const std::vector<uint32_t>* only);

// The banks --anims asks for ("3", "bank_17"; all compatible ones when
// `wanted` is empty). Throws Error(Usage) naming the compatible banks when an
// entry is not one of them.
std::vector<uint32_t> select_banks(const std::vector<uint32_t>& compatible,
                                   const std::vector<std::string>& wanted, int64_t item);

}  // namespace ripkit::hey_you_pikachu
