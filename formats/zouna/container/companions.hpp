// The files that come with an input. Given by the user: the names file
// (--names), animations (--anim) and a skeleton (--skeleton); found beside
// it: a BigFile's .NPC names and, for a model converted from a single object
// file, the Skel_Z, Mesh_Z, Material_Z and Bitmap_Z it names, by crc, in the
// input's folder - as `<name>.<Class>` (bff's extraction, the name from --names, the
// .NPC or found by the Asobo CRC32 of the file stem) or `<crc>.<Class>` (the
// dpc tool's). Files are read through Options::files, so the CLI can protect them.
#pragma once

#include <map>
#include <optional>

#include "ripkit/format.hpp"
#include "zouna/container/container.hpp"
#include "zouna/container/names.hpp"
#include "zouna/keyframes/skel.hpp"
#include "zouna/scene_inputs.hpp"

namespace ripkit::zouna {

// Reads the companions the user names, through `files`, in the layouts `v`
// (the input's), charging `budget`. Each throws Io for a file it cannot read
// and the file's own error (with its name) for one that does not decode.
struct CompanionReader {
    const FileSource& files;
    std::optional<Endian> forced;  // --set endian
    const Variants& v;
    Budget& budget;

    // "crc name" lines into `names`.
    void read_names(const std::string& path, NameMap& names) const;
    // The .NPC beside a BigFile, when there is one.
    void read_bigfile_names(const std::string& bigfile_path, NameMap& names) const;
    // Every Animation_Z object of the file (Usage when it holds none); a
    // file of one object named by the CRC32 of its stem names it.
    std::vector<NamedAnimation> read_animations(const std::string& path, NameMap& names) const;
    // The file's first Skel_Z (Usage when it holds none), with its name.
    std::pair<std::string, Skel> read_skeleton(const std::string& path, NameMap& names) const;
};

// Names `crc` after the file's stem ("dir/TETE_WALK.Animation_Z" ->
// "TETE_WALK") when the stem's Asobo CRC32 is `crc` and no name is known.
void learn_name_from_path(const std::string& path, uint32_t crc, NameMap& names);

// A model's companion objects in the input's folder, by class and crc.
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
