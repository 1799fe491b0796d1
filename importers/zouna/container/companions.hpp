// Companion objects of a model converted from a single object file: the
// Skel_Z, Mesh_Z, Material_Z and Bitmap_Z it names, by crc, in the input's
// folder - as `<name>.<Class>` (bff's extraction, the name from --names, the
// .NPC or found by the Asobo CRC32 of the file stem) or `<crc>.<Class>` (the
// dpc tool's). Files are read through Options::files, so the CLI can protect them.
#pragma once

#include <map>
#include <optional>

#include "ripkit/format.hpp"
#include "zouna/container/container.hpp"
#include "zouna/container/names.hpp"

namespace ripkit::zouna {

class CompanionFinder {
  public:
    // `names` learns the names of companions found by the CRC32 of their stem.
    CompanionFinder(const std::string& input_path, const FileSource& files, const Limits& limits,
                    NameMap& names);

    struct Found {
        std::string path;
        std::shared_ptr<const Bytes> bytes;
        ObjectRef object;
    };
    // The first object of class `cls` named `crc` in a matching file; nullopt
    // when there is none. Files that are not Zouna objects are skipped.
    std::optional<Found> find(const std::string& cls, uint32_t crc);
    // The file names tried for (cls, crc), for the warning when nothing is found.
    std::string looked_for(const std::string& cls, uint32_t crc) const;

  private:
    std::vector<std::string> candidates(const std::string& cls, uint32_t crc) const;

    std::string dir_;
    const FileSource& files_;
    Limits limits_;
    NameMap& names_;
    // Lower-case extension -> (stem, path) of every file in the folder.
    std::map<std::string, std::vector<std::pair<std::string, std::string>>> listing_;
    std::map<std::string, std::shared_ptr<const Bytes>> cache_;
};

}  // namespace ripkit::zouna
