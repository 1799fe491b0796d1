// Inverse bind matrices reach the glb exactly affine: a last row an ulp off
// (as a float inverse leaves it) is written as the bits of (0, 0, 0, 1), read
// back here straight from the accessor bytes; a projective matrix is refused.
#include <cmath>

#include "clients.hpp"
#include "gltf_reader.hpp"
#include "ripkit/error.hpp"
#include "ripkit/export.hpp"
#include "ripkit_catch.hpp"
#include "scene_fixture.hpp"

using namespace ripkit;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

constexpr uint32_t kOneBits = 0x3F800000u;  // IEEE 754 single 1.0
constexpr uint32_t kMinusOneBits = 0xBF800000u;

// Bits of element `e` (column-major) of matrix `m` of a MAT4 FLOAT accessor.
uint32_t element_bits(const test::Glb& g, const json& acc, size_t m, size_t e) {
    const json& view = g.json["bufferViews"].at(acc["bufferView"].get<size_t>());
    const size_t stride = view.value("byteStride", size_t(64));
    const size_t at = view.value("byteOffset", size_t(0)) + acc.value("byteOffset", size_t(0)) +
                      m * stride + e * 4;
    return test::le32(g.bin, at);
}

fs::path export_glb(const Scene& s, const fs::path& out) {
    ExportOptions o;
    o.format = OutputFormat::Glb;
    export_scene(s, out, o);
    return out;
}

}  // namespace

TEST_CASE("inverse bind matrices are written with the exact last row 0 0 0 1", "[gltf]") {
    Scene s = test::make_full_scene();
    REQUIRE(s.skins.size() == 1);
    std::vector<glm::mat4>& ibm = s.skins[0].inverse_bind;
    REQUIRE(ibm.size() == 2);
    // glm is m[column][row]: m[c][3] is the last row.
    ibm[0][3][3] = 0.99999994f;  // 1 - 2^-24, what a float inverse gives
    ibm[1][0][3] = 3e-8f;
    ibm[1][2][3] = -2e-8f;
    REQUIRE(ibm[0][3][3] != 1.0f);

    const fs::path dir = test::fresh_temp_dir("gltf_ibm");
    const test::Glb g = test::read_glb(export_glb(s, dir / "ibm.glb"));
    REQUIRE(g.json["skins"].size() == 1);
    const json& acc =
        g.json["accessors"].at(g.json["skins"][0]["inverseBindMatrices"].get<size_t>());
    REQUIRE(acc["type"] == "MAT4");
    REQUIRE(acc["componentType"] == 5126);
    REQUIRE(acc["count"] == 2);
    for (size_t m = 0; m < 2; ++m) {
        INFO("matrix " << m);
        CHECK(element_bits(g, acc, m, 3) == 0u);
        CHECK(element_bits(g, acc, m, 7) == 0u);
        CHECK(element_bits(g, acc, m, 11) == 0u);
        CHECK(element_bits(g, acc, m, 15) == kOneBits);
    }
    // The rest is as given: identity diagonal, bone_b's translation y = -1.
    CHECK(element_bits(g, acc, 0, 0) == kOneBits);
    CHECK(element_bits(g, acc, 1, 13) == kMinusOneBits);
    if (acc.contains("min")) {
        CHECK(acc["min"][15].get<double>() == 1.0);
        CHECK(acc["min"][11].get<double>() == 0.0);
    }
    if (acc.contains("max")) {
        CHECK(acc["max"][15].get<double>() == 1.0);
        CHECK(acc["max"][3].get<double>() == 0.0);
    }
}

TEST_CASE("the Khronos validator accepts inverse binds a float inverse left an ulp off",
          "[gltf][clients]") {
    Scene s = test::make_full_scene();
    s.skins[0].inverse_bind[1][3][3] = 0.99999994f;
    s.skins[0].inverse_bind[0][1][3] = 1e-7f;
    const fs::path dir = test::fresh_temp_dir("gltf_ibm_validate");
    const json report = test::validate_gltf(export_glb(s, dir / "ibm.glb"));
    INFO(report.dump(1));
    CHECK(report["numErrors"] == 0);
}

TEST_CASE("a projective inverse bind matrix is refused, nothing written", "[gltf]") {
    Scene s = test::make_full_scene();
    s.skins[0].inverse_bind[1][2][3] = 0.5f;
    const fs::path dir = test::fresh_temp_dir("gltf_ibm_projective");
    const fs::path out = dir / "ibm.glb";
    try {
        export_glb(s, out);
        FAIL("a non-affine inverse bind matrix must be refused");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::BadValue);
        const std::string msg = e.what();
        INFO(msg);
        CHECK(msg.find("affine") != std::string::npos);
        CHECK(msg.find("matrix 1") != std::string::npos);
    }
    CHECK_FALSE(fs::exists(out));
}
