// The one adapter between a ripkit::Format and Assimp::BaseImporter: every
// format's Assimp importer is a FormatImporter over its Format, described by
// its FormatInfo (name, extensions, summary); the magic check, reading
// through Assimp's IOSystem with the size limit, item selection and error
// text are shared. Assimp 5.2-6.0 match an extension by comparing the END of
// the file name, case-insensitively, with "." + extension, so
// "walk.Animation_Z" matches "animation_z".
//
// Assimp properties read in SetupProperties (Importer::SetPropertyInteger/String):
//   "RIPKIT_ITEM"     int     item id to import (default: the first non-empty)
//   "RIPKIT_NATIVE"   int     1 = engine units and axes
//   "RIPKIT_SETTINGS" string  "key=value;key=value" as --set
//   "RIPKIT_LIMITS"   string  "key=N;key=N" resource limits (as --limit)
//   "RIPKIT_<OPTION>" int/string  each option of the format's schema (RIPKIT_CINE,
//                     RIPKIT_ANIM "a;b", ...), as --<option>; a format whose
//                     `audio` option has a `none` choice gets "none" unless
//                     RIPKIT_AUDIO is set (an aiScene carries no sound, so
//                     the importer does not have it decoded)
// A bad value makes ReadFile fail with the same message as the CLI.
#pragma once

#include <assimp/BaseImporter.h>
#include <assimp/importerdesc.h>

#include <optional>
#include <string>

#include "ripkit/error.hpp"
#include "ripkit/format.hpp"

namespace ripkit {

class FormatImporter : public Assimp::BaseImporter {
  public:
    explicit FormatImporter(const Format& format);

    bool CanRead(const std::string& file, Assimp::IOSystem* io, bool check_sig) const override;
    const aiImporterDesc* GetInfo() const override { return &desc_; }
    void SetupProperties(const Assimp::Importer* imp) override;

  protected:
    void InternReadFile(const std::string& file, aiScene* scene, Assimp::IOSystem* io) override;

  private:
    const Format& format_;
    std::string name_, extensions_;  // what desc_ points into
    aiImporterDesc desc_{};
    Options options_;
    std::optional<Error> property_error_;  // a malformed RIPKIT_SETTINGS or RIPKIT_LIMITS
    int64_t item_ = -1;                    // -1: default item
};

}  // namespace ripkit
