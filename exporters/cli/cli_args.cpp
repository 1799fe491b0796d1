#include "cli_args.hpp"

#include "ripkit/error.hpp"

namespace ripkit::cli {

void add_common_args(CLI::App& verb, CommonArgs& a) {
    verb.add_option("FILE", a.file, "Input game file")->required();
    verb.add_flag("--native", a.native, "Keep engine units and axes (no conversion to glTF's)");
    verb.add_option("--skeleton", a.skeleton, "Companion skeleton file (TR: JSON; Zouna: Skel_Z)");
    verb.add_option("--level", a.level,
                    "Companion level (TR cutscenes: the .TR4/.TRC with the actors' bodies)");
    verb.add_option("--names", a.names, "Companion name list (Zouna: CRC -> name)");
    // One value per occurrence, so `--anim A FILE` never swallows FILE.
    verb.add_option("--anim", a.anim_files, "Companion animation file (repeatable)")
        ->allow_extra_args(false);
    verb.add_option("--anims", a.anims, "Animation selection, comma-separated");
    a.cine_opt = verb.add_option("--cine", a.cine, "Cinematic number (Rugrats: blink seed)");
    verb.add_option("--audio", a.audio, "Audio to keep: played (default) or all")
        ->check(CLI::IsMember({"played", "all"}));
    verb.add_flag("--force", a.force, "Decode even when the header is unexpected");
    verb.add_option("--set", a.set, "Format-specific override key=value (repeatable)")
        ->allow_extra_args(false);
    verb.add_option("--format-id", a.format_id, "Use this format instead of detecting it");
}

Options to_options(const CommonArgs& a) {
    Options o;
    o.native = a.native;
    o.skeleton_path = a.skeleton;
    o.level_path = a.level;
    o.names_path = a.names;
    o.anim_paths = a.anim_files;
    o.anims = split_list(a.anims);
    if (a.cine_opt && a.cine_opt->count()) o.cine = a.cine;
    o.audio = a.audio;
    o.force = a.force;
    for (const std::string& kv : a.set) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
            fail_no_offset(ErrorKind::Usage, "--set key=value, got '" + kv + "'");
        o.settings[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    return o;
}

std::vector<std::filesystem::path> named_inputs(const CommonArgs& a) {
    std::vector<std::filesystem::path> out{a.file};
    if (!a.skeleton.empty()) out.emplace_back(a.skeleton);
    if (!a.level.empty()) out.emplace_back(a.level);
    if (!a.names.empty()) out.emplace_back(a.names);
    for (const std::string& p : a.anim_files) out.emplace_back(p);
    return out;
}

}  // namespace ripkit::cli
