// An anim's commands from the level's anim command words, read as the engine
// walks them (AnimateItem): `engine_count(command_count)` commands from word
// `command_index`, each a kind word and that kind's operands.
#pragma once

#include <vector>

#include "level_types.hpp"

namespace ripkit::tr_level {

// The anim's commands. A count of 0 or less as the engine reads it gives none
// and a note; a kind outside 1..6 is kept with no operands and a note (the
// engine passes over its word). Throws Error(Truncated) for a command or
// operand past the command words.
std::vector<AnimCommand> decode_commands(const Level& level, const Anim& a,
                                         std::vector<std::string>& notes);

}  // namespace ripkit::tr_level
