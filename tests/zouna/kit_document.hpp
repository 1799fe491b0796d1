// The test kit's objects in a BigFile, with the kit's names in the sibling
// .NPC, opened as a zouna document - how the model tests open the kit.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "test_util.hpp"
#include "zouna/format.hpp"
#include "zouna/testkit/body_kit.hpp"

namespace zouna_test {

using SetList = std::map<std::string, std::string>;  // --set key=value

inline std::unique_ptr<ripkit::Document> open_kit(
    const std::vector<ripkit::zouna::KitObject>& objects, ripkit::zouna::Game g,
    const SetList& settings = {}) {
    MemFiles files;
    files.files["KIT.NPC"] = text_bytes(ripkit::zouna::kit_names());
    ripkit::Options o;
    o.files = &files;
    for (const auto& [key, value] : settings) o.settings[key] = value;
    ripkit::Input in;
    in.path = "KIT.DPC";
    in.bytes = ripkit::zouna::kit_bigfile(objects, g);
    return ripkit::formats::zouna_format().open(in, o);
}

inline std::unique_ptr<ripkit::Document> open_kit(const ripkit::zouna::KitSet& k,
                                                  const SetList& settings = {}) {
    return open_kit(ripkit::zouna::kit_objects(k), k.game, settings);
}

}  // namespace zouna_test
