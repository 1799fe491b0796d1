#include "anim_commands.hpp"

#include <string>

namespace ripkit::tr_level {

namespace {

std::string n(uint64_t v) { return std::to_string(v); }

}  // namespace

bool known_command(uint16_t kind) { return kind >= 1 && kind <= 6; }

const char* command_name(CommandKind k) {
    switch (k) {
        case CommandKind::SetPosition:
            return "set_position";
        case CommandKind::JumpDistance:
            return "jump_distance";
        case CommandKind::EmptyHands:
            return "empty_hands";
        case CommandKind::Kill:
            return "kill";
        case CommandKind::PlaySound:
            return "play_sound";
        case CommandKind::FlipEffect:
            return "flip_effect";
    }
    return "unknown";
}

int command_operands(CommandKind k) {
    switch (k) {
        case CommandKind::SetPosition:
            return 3;
        case CommandKind::JumpDistance:
        case CommandKind::PlaySound:
        case CommandKind::FlipEffect:
            return 2;
        case CommandKind::EmptyHands:
        case CommandKind::Kill:
            return 0;
    }
    return 0;
}

std::vector<AnimCommand> decode_commands(const Level& level, const Anim& a,
                                         std::vector<std::string>& notes) {
    std::vector<AnimCommand> out;
    const uint32_t count = engine_count(a.command_count);
    if (count == 0 && a.command_count != 0)
        notes.push_back("command count " + n(a.command_count) + " is " +
                        std::to_string(int16_t(a.command_count)) +
                        " as the engine reads it (a signed short): no commands");
    size_t word = a.command_index;
    auto next = [&](const std::string& what) -> uint16_t {
        if (word >= level.anim_commands.size())
            fail(ErrorKind::Truncated, level.anim_commands_at + 2 * uint64_t(word),
                 what + " within the " + n(level.anim_commands.size()) + " anim command words");
        return level.anim_commands[word++];
    };
    for (uint32_t i = 0; i < count; ++i) {
        AnimCommand c;
        c.at = level.anim_commands_at + 2 * uint64_t(word);
        const uint16_t kind = next("anim command " + n(i));
        c.kind = CommandKind(kind);
        if (!known_command(kind))
            notes.push_back("command " + n(i) + " has kind " + n(kind) +
                            ", none of 1..6: the engine passes over its word");
        for (int k = 0; k < command_operands(c.kind); ++k)
            c.operands[size_t(k)] = int16_t(next("operand " + n(size_t(k)) + " of anim command " +
                                                 n(i) + " (" + command_name(c.kind) + ")"));
        out.push_back(c);
    }
    return out;
}

}  // namespace ripkit::tr_level
