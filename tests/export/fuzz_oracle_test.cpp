// The fuzz targets' finite-output oracle (fuzz/common/finite_output.hpp) finds
// a NaN or Inf planted in glb accessor data, accessor bounds and FBX arrays
// (raw and zlib), and nothing in clean files - so a fuzz run that reports no
// finding has looked.
#include <zlib.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "../../fuzz/common/finite_output.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;

namespace {

Bytes glb_with(float v, bool bounds) {
    GltfDoc doc;
    doc.json = {{"asset", {{"version", "2.0"}}}, {"buffers", {{{"byteLength", 0}}}}};
    doc.add_float_accessor({1.0f, v, 2.0f}, "VEC3", 1, bounds);
    doc.sync_buffer_length();
    return write_glb(doc);
}

// One KeyValueFloat node with an f array (raw or deflated) and a D property.
Bytes fbx_with(float v, bool compressed) {
    const float vals[3] = {0.5f, v, 1.5f};
    Bytes raw(sizeof vals);
    std::memcpy(raw.data(), vals, sizeof vals);
    Bytes data = raw;
    if (compressed) {
        uLongf len = compressBound(uLong(raw.size()));
        data.resize(len);
        REQUIRE(compress(data.data(), &len, raw.data(), uLong(raw.size())) == Z_OK);
        data.resize(len);
    }
    fbx::Node n;
    n.name = "KeyValueFloat";
    n.num_props = 2;
    auto put32 = [&](uint32_t x) {
        for (int i = 0; i < 4; ++i) n.props.push_back(uint8_t(x >> (8 * i)));
    };
    n.props.push_back('f');
    put32(3);
    put32(compressed ? 1 : 0);
    put32(uint32_t(data.size()));
    n.props.insert(n.props.end(), data.begin(), data.end());
    n.props.push_back('D');
    const double d = 0.25;
    uint8_t db[8];
    std::memcpy(db, &d, 8);
    n.props.insert(n.props.end(), db, db + 8);
    fbx::Node objects;
    objects.name = "Objects";
    objects.children.push_back(n);
    fbx::File f;
    f.nodes.push_back(objects);
    f.footer_id = Bytes(16, 0);
    f.footer_magic = Bytes(16, 0);
    return fbx::write(f);
}

}  // namespace

TEST_CASE("the fuzz oracle finds NaN and Inf in glb accessors and bounds, nothing in clean ones") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    CHECK(fuzz::nonfinite_in_glb(glb_with(0.75f, true)).empty());
    CHECK(fuzz::nonfinite_in_glb(glb_with(nan, false)) == "accessor 0 element 0[1]");
    CHECK(fuzz::nonfinite_in_glb(glb_with(-inf, false)) == "accessor 0 element 0[1]");
    // With bounds, the min/max computed over the NaN/Inf are what is found first.
    CHECK(fuzz::nonfinite_in_glb(glb_with(inf, true)).rfind("accessor 0 m", 0) == 0);
}

TEST_CASE("the fuzz oracle finds NaN and Inf in FBX float arrays, raw and deflated") {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (bool compressed : {false, true}) {
        INFO("compressed " << compressed);
        CHECK(fuzz::nonfinite_in_fbx(fbx_with(3.0f, compressed)).empty());
        CHECK(fuzz::nonfinite_in_fbx(fbx_with(nan, compressed)) == "/Objects/KeyValueFloat[1]");
        CHECK(fuzz::nonfinite_in_fbx(fbx_with(std::numeric_limits<float>::infinity(),
                                              compressed)) == "/Objects/KeyValueFloat[1]");
    }
}
