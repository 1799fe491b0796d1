// A Ratatouille Skel_Z laid out by hand: BFF0 header naming v1.06.63, the
// 24-byte object header, then the body with Rat PC's 36 bytes before the
// bone count and two 248-byte bones (fields at bff's FUEL offsets, the
// layout this project assumes for Rat too; indices in the Rat template's
// order child, parent, next, previous). Every value below is placed at its
// documented offset here, without the project's writer.
#include <array>
#include <vector>

#include "ripkit_catch.hpp"
#include "test_util.hpp"
#include "zouna/container/crc32.hpp"
#include "zouna/format.hpp"

using namespace ripkit;
using namespace zouna_test;

namespace {

struct HandBone {
    uint32_t user_define;
    float rotation[4], scale[3];
    uint32_t flags;
    float translation[3];
    int32_t indices[4];  // child, parent, next sibling, previous sibling
    const char* name;
    std::array<float, 16> transform{};  // the Mat4f at 164 in file order (zero by default)
};

const HandBone kBones[2] = {
    {7, {0, 0, 0, 1}, {1, 1, 1}, 0x10, {0, 1, 0}, {1, -1, -1, -1}, "ROOT"},
    {9, {0, 0.6f, 0, 0.8f}, {1, 2, 1}, 0x20, {0.25f, 0.5f, 0.75f}, {-1, 0, -1, -1}, "TETE"}};

Bytes rat_body(const std::vector<HandBone>& bones) {
    Hand h{false, {}};
    h.u32(0x3);                                         // +0 flags
    for (float f : {0.5f, 1.0f, 0.0f, 2.0f}) h.f32(f);  // +4 bounding sphere
    for (int i = 0; i < 4; ++i) h.u32(0xABABABAB);      // +20 Rat's further 16 bytes
    REQUIRE(h.b.size() == 36);
    h.u32(uint32_t(bones.size()));  // +36 bone count
    for (const HandBone& b : bones) {
        const size_t at = h.b.size();
        h.u32(b.user_define);                                         // 0
        for (float f : b.rotation) h.f32(f);                          // 4
        for (float f : b.scale) h.f32(f);                             // 20
        h.u32(b.flags);                                               // 32
        for (float f : b.translation) h.f32(f);                       // 36
        h.b.resize(at + 164, 0);                                      // runtime matrices, pointers
        for (float f : b.transform) h.f32(f);                         // 164
        for (int32_t i : b.indices) h.u32(static_cast<uint32_t>(i));  // 228
        h.u32(zouna::asobo_crc32(b.name));                            // 244
        REQUIRE(h.b.size() == at + 248);
    }
    for (int i = 0; i < 7; ++i) h.u32(0);  // names, groups, collision: empty
    return h.b;
}

// "BFF0", u16 header size - 6, u8 platform (0 = PC, little-endian), the
// version string and its NUL, zero-padded to 16; then the object header
// (data size = link + body, link size, decompressed size, compressed size 0,
// class crc, name crc), a 4-byte link header and the body.
Bytes rat_file(const std::vector<HandBone>& bones) {
    const Bytes body = rat_body(bones);
    const std::string version = "v1.06.63.02";
    Bytes f = {'B', 'F', 'F', '0', 0, 0, 0};
    f.insert(f.end(), version.begin(), version.end());
    f.push_back(0);
    f.resize(32, 0);  // 19 bytes, aligned to 32
    f[4] = uint8_t(32 - 6);
    Hand h{false, {}};
    h.u32(uint32_t(4 + body.size()));
    h.u32(4);
    h.u32(uint32_t(body.size()));
    h.u32(0);
    h.u32(zouna::asobo_crc32("Skel_Z"));
    h.u32(zouna::asobo_crc32("RAT_SKEL"));
    h.u32(0);  // link header
    f.insert(f.end(), h.b.begin(), h.b.end());
    f.insert(f.end(), body.begin(), body.end());
    return f;
}

std::unique_ptr<Document> open(Options o = {},
                               const std::vector<HandBone>& bones = {kBones[0], kBones[1]}) {
    Input in;
    in.path = "RAT_SKEL.Skel_Z";
    in.bytes = rat_file(bones);
    return formats::zouna_format().open(in, o);
}

}  // namespace

TEST_CASE("Ratatouille Skel_Z by hand: 36 header bytes, bones at their offsets, parent second") {
    const auto doc = open();
    CHECK(doc->info()["game"] == "ratatouille");
    const nlohmann::json d = doc->dump(zouna::asobo_crc32("RAT_SKEL"));
    CHECK(d["class"] == "Skel_Z");
    CHECK(d["flags"] == 3);
    REQUIRE(d["bones"].size() == 2);
    for (size_t i = 0; i < 2; ++i) {
        INFO("bone " << i);
        const HandBone& b = kBones[i];
        const nlohmann::json& j = d["bones"][i];
        CHECK(j["bone"] == zouna::asobo_crc32(b.name));
        CHECK(j["user_define"] == b.user_define);
        CHECK(j["flags"] == b.flags);
        CHECK(j["parent"] == b.indices[1]);
        CHECK(j["indices"] == nlohmann::json(b.indices));
        for (int c = 0; c < 4; ++c) CHECK(j["rotation"][c] == Approx(b.rotation[c]));
        for (int c = 0; c < 3; ++c) {
            CHECK(j["scale"][c] == Approx(b.scale[c]));
            CHECK(j["translation"][c] == Approx(b.translation[c]));
        }
    }
    // The armature: TETE under ROOT, rest pose in glTF axes (Z mirrored,
    // quaternion (x, y, z, w) -> (-x, -y, z, w)).
    const Scene s = doc->scene(zouna::asobo_crc32("RAT_SKEL"));
    validate_scene(s);
    const std::string root = std::to_string(zouna::asobo_crc32("ROOT"));
    const std::string tete = std::to_string(zouna::asobo_crc32("TETE"));
    REQUIRE(s.find_node(tete) > 0);
    const Node& t = s.nodes[size_t(s.find_node(tete))];
    CHECK(t.parent == s.find_node(root));
    CHECK(t.translation == glm::vec3(0.25f, 0.5f, -0.75f));
    CHECK(t.rotation.y == Approx(-0.6f));
    CHECK(t.rotation.w == Approx(0.8f));
    CHECK(t.scale == glm::vec3(1, 2, 1));
}

TEST_CASE("the same bytes as FUEL's 20-byte header read the Rat fields as a bone count") {
    Options fuel;
    fuel.settings["skel"] = "fuel";
    try {
        open(fuel)->dump(zouna::asobo_crc32("RAT_SKEL"));
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Truncated);
        CHECK(std::string(e.what()).find(std::to_string(0xABABABABu) + " bones") !=
              std::string::npos);
    }
    // The FUEL family's parent index choice would make bone 1 ROOT's parent.
    Options first;
    first.settings["parent_index"] = "0";
    const nlohmann::json d = open(first)->dump(zouna::asobo_crc32("RAT_SKEL"));
    CHECK(d["bones"][0]["parent"] == 1);
    CHECK(d["bones"][1]["parent"] == -1);
}

namespace {

using Mat = std::array<std::array<double, 4>, 4>;  // [row][column], column vectors

Mat multiply(const Mat& a, const Mat& b) {
    Mat m{};
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            for (int k = 0; k < 4; ++k) m[r][c] += a[r][k] * b[k][c];
    return m;
}

// T * R(q) * S, with the textbook unit-quaternion rotation matrix.
Mat trs(const float t[3], const double q[4], const float s[3]) {
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
                            {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
                            {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
    Mat m{};
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) m[i][j] = r[i][j] * s[j];
        m[i][3] = t[i];
    }
    m[3][3] = 1;
    return m;
}

// A chain ROOT <- ARM <- HAND whose Mat4f at 164 is each bone's model matrix
// (a D3D row-vector matrix: file float 4r+c is row r, column c of the
// transpose, so the translation is floats 12-14) under the bff FUEL reading:
// the FIRST index is the parent and the stored quaternion is the INVERSE of
// the rest rotation - neither of which is Ratatouille's default.
std::vector<HandBone> chain_with_model_matrices() {
    const double rest[3][4] = {{0, 0, 0.6, 0.8}, {0.6, 0, 0, 0.8}, {0, 0.28, 0, 0.96}};
    std::vector<HandBone> bones = {{1, {}, {1, 1, 1}, 0, {1, 2, 3}, {-1, 1, -1, -1}, "ROOT"},
                                   {2, {}, {2, 2, 2}, 0, {0, 1, 0}, {0, 2, -1, -1}, "ARM"},
                                   {3, {}, {1, 0.5f, 1}, 0, {0.5f, 0, 0}, {1, -1, -1, -1}, "HAND"}};
    Mat model{};
    for (size_t i = 0; i < bones.size(); ++i) {
        HandBone& b = bones[i];
        for (int c = 0; c < 3; ++c) b.rotation[c] = float(-rest[i][c]);  // stored inverse
        b.rotation[3] = float(rest[i][3]);
        const Mat local = trs(b.translation, rest[i], b.scale);
        model = i == 0 ? local : multiply(model, local);
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c) b.transform[size_t(4 * r + c)] = float(model[c][r]);
    }
    return bones;
}

}  // namespace

TEST_CASE("the bones' stored model matrices tell which parent index and rotation reading fit") {
    const std::vector<HandBone> bones = chain_with_model_matrices();
    // Ratatouille's defaults (second index, quaternion as stored) do not fit.
    const auto doc = open({}, bones);
    const nlohmann::json check = doc->info()["skeleton_checks"]["RAT_SKEL"];
    INFO(check.dump());
    CHECK(check["evidence"] == true);
    CHECK(check["bones"] == 3);
    CHECK(check["readings"]["parent_index=0 rest_rotation=inverse"] == 3);
    CHECK(check["readings"]["parent_index=0 rest_rotation=direct"] == 0);
    CHECK(check["readings"]["parent_index=1 rest_rotation=direct"].get<int>() < 3);
    bool warned = false;
    for (const std::string& w : doc->warnings())
        warned =
            warned || w.find("--set parent_index=0 rest_rotation=inverse") != std::string::npos;
    CHECK(warned);
    // The body's length check rides along in info; dump has the matrices' alone.
    CHECK(check["layout"] ==
          nlohmann::json({{"in_use", "ratatouille"}, {"reads_whole_body", {"ratatouille"}}}));
    nlohmann::json transforms = check;
    transforms.erase("layout");
    CHECK(doc->dump(zouna::asobo_crc32("RAT_SKEL"))["transform_check"] == transforms);

    // Read that way, nothing to say.
    Options fit;
    fit.settings = {{"parent_index", "0"}, {"rest_rotation", "inverse"}};
    const auto fitted = open(fit, bones);
    for (const std::string& w : fitted->warnings()) CHECK(w.find("Mat4f") == std::string::npos);

    // Matrices that fit no reading (the hand-laid sample's zeros) are no evidence.
    const nlohmann::json none = open()->info()["skeleton_checks"]["RAT_SKEL"];
    CHECK(none["evidence"] == false);
    for (const std::string& w : open()->warnings()) CHECK(w.find("Mat4f") == std::string::npos);
}
