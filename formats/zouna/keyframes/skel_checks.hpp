// Evidence for the two Skel_Z disputes of zouna.md - which of the four bone
// indices is the parent, and whether the stored quaternion is the rest
// rotation or its inverse: each bone's Mat4f at 164, which the Ratatouille
// template calls the original model transform, should equal the product of
// the local TRS up the parent chain under the right reading
// (zouna-meshes.md section 2). Every reading is tried on the bones as stored.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "zouna/keyframes/skel.hpp"

namespace ripkit::zouna {

struct SkelReading {
    int parent_index = 1;
    RestRotation rotation = RestRotation::Direct;
    bool valid = false;   // the index makes a hierarchy (in range, acyclic)
    size_t agreeing = 0;  // bones whose composed model matrix equals the stored one
    double max_error = 0;
};

struct SkelCheck {
    // false: every stored matrix is the identity or all readings agree, so
    // the matrices cannot tell the readings apart.
    bool evidence = false;
    size_t bones = 0;
    std::vector<SkelReading> readings;  // parent_index 0, 1 x direct, inverse
};

SkelCheck check_skel_transforms(const Skel& s);

// `{"evidence", "bones", "readings": {"parent_index=1 rest_rotation=direct": agreeing|null}}`.
nlohmann::json skel_check_json(const SkelCheck& c);

// A warning when another reading matches the stored matrices on every bone
// and the one in use does not; empty otherwise.
std::string skel_check_warning(const std::string& name, const SkelCheck& c, const Variants& v);

// The header layouts (`skel`) under which a Skel_Z body reads exactly to its
// end: the bones, then the seven name, group and collision arrays (28-byte
// sphere and 76-byte box collision bones in every public version). Evidence
// for the one dispute the bones cannot settle, since a wrong header size
// shifts every bone.
std::vector<SkelLayout> skel_layouts_reading_whole(ByteSpan body, Endian e);
const char* skel_layout_name(SkelLayout l);  // "fuel", "ratatouille"
// `{"in_use": "fuel", "reads_whole_body": ["ratatouille"]}`.
nlohmann::json skel_layout_json(const std::vector<SkelLayout>& fitting, const Variants& v);
// A warning when the layout in use does not read the body whole and another
// does; empty otherwise.
std::string skel_layout_warning(const std::string& name, const std::vector<SkelLayout>& fitting,
                                const Variants& v);

}  // namespace ripkit::zouna
