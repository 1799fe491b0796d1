// Inverse bind matrices written exactly affine. glTF requires each one's
// last row to be (0, 0, 0, 1) and the Khronos validator compares exactly
// (ACCESSOR_INVALID_IBM); a float inverse of an affine matrix lands an ulp
// off (0.99999994), whichever importer computed it. The row is fixed here, on
// the bytes that go into the file. A row far from it is a projective matrix
// glTF cannot carry at all: an error, never a silent rewrite.
#include <cmath>
#include <cstring>
#include <set>

#include "gltf_accessors.hpp"
#include "ripkit/error.hpp"
#include "ripkit/gltf_export.hpp"

namespace ripkit {

namespace {

using nlohmann::json;

// Column-major MAT4: the last row is elements 3, 7, 11 and 15.
constexpr size_t kLastRow[4] = {3, 7, 11, 15};
constexpr float kAffine[4] = {0.0f, 0.0f, 0.0f, 1.0f};
// Rounding in an inverse stays many orders of magnitude below this.
constexpr float kTolerance = 1e-4f;

void affine_accessor(GltfDoc& doc, const std::string& skin, size_t index) {
    json& acc = doc.json["accessors"].at(index);
    const std::string what =
        "skin '" + skin + "' inverseBindMatrices (accessor " + std::to_string(index) + ")";
    const gltf::Elements e = gltf::accessor_elements(doc, index, "MAT4", 16);
    if (e.status == gltf::Elements::Status::NotDense || e.component != 4)
        fail_no_offset(ErrorKind::BadValue, what + " as dense FLOAT MAT4");
    if (e.status == gltf::Elements::Status::OutOfBounds)
        fail_no_offset(ErrorKind::BadValue, what + " inside its buffer view");
    for (size_t m = 0; m < e.count; ++m)
        for (size_t r = 0; r < 4; ++r) {
            uint8_t* at = e.first + m * e.stride + 4 * kLastRow[r];
            float v;
            std::memcpy(&v, at, 4);
            if (!(std::fabs(v - kAffine[r]) <= kTolerance))
                fail_no_offset(ErrorKind::BadValue, what + " matrix " + std::to_string(m) +
                                                        " affine (last row 0 0 0 1), element " +
                                                        std::to_string(kLastRow[r]) + " is " +
                                                        std::to_string(v));
            std::memcpy(at, &kAffine[r], 4);
        }
    // Every matrix now has the same last row, so its bounds are that row.
    for (const char* bound : {"min", "max"})
        if (acc.contains(bound) && acc[bound].is_array() && acc[bound].size() == 16)
            for (size_t r = 0; r < 4; ++r) acc[bound][kLastRow[r]] = kAffine[r];
}

}  // namespace

void make_inverse_binds_affine(GltfDoc& doc) {
    if (!doc.json.contains("skins")) return;
    std::set<size_t> done;  // skins may share one accessor
    for (const json& skin : doc.json["skins"]) {
        if (!skin.contains("inverseBindMatrices")) continue;
        const size_t index = skin["inverseBindMatrices"].get<size_t>();
        if (done.insert(index).second)
            affine_accessor(doc, skin.value("name", std::string()), index);
    }
}

}  // namespace ripkit
