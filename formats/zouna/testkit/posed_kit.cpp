#include "posed_kit.hpp"

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "zouna/container/crc32.hpp"

namespace ripkit::zouna {

namespace {

// (x, y, z, w) of a rotation by `degrees` about the unit `axis`.
glm::vec4 axis_angle(glm::vec3 axis, double degrees) {
    const double h = degrees * 3.14159265358979323846 / 360.0;
    const glm::vec3 v = axis * float(std::sin(h));
    return {v.x, v.y, v.z, float(std::cos(h))};
}

glm::mat4 local_matrix(const Bone& b) {
    const glm::quat q(b.rotation.w, b.rotation.x, b.rotation.y, b.rotation.z);
    return glm::translate(glm::mat4(1.0f), b.translation) * glm::mat4_cast(q);
}

Key vec3_key(float time, glm::vec3 value, glm::vec3 in, glm::vec3 out) {
    Key k;
    k.time = time;
    k.value = glm::vec4(value, 0);
    k.in = glm::vec4(in, 0);
    k.out = glm::vec4(out, 0);
    return k;
}

}  // namespace

KitSet kit_set_posed(Game g) {
    KitSet k = kit_set(g);
    Bone& root = k.skel.bones.at(0);
    Bone& child = k.skel.bones.at(1);
    root.translation = {0.5f, 0.25f, -0.75f};
    root.rotation = axis_angle({0, 1, 0}, 90);
    child.rotation = axis_angle({1, 0, 0}, 60);
    root.transform = local_matrix(root);
    child.transform = root.transform * local_matrix(child);

    Animation& a = k.bend;
    a.duration = 2.0f;
    a.translation.cls = KfClass::Vec3fComp;
    a.translation.flags = 0;  // Hermite
    a.translation.keys = {vec3_key(0.0f, {0, 1, 0}, {0, 0, 0}, {1, 0, 0.5f}),
                          vec3_key(2.0f, {0.5f, 1.5f, -0.25f}, {-1, 2, 0}, {0, 0, 0})};
    Key r0, r1;
    r0.time = 0.0f;
    r1.time = 2.0f;
    r0.value = r1.value = {0, 0, 0.707f, 0.707f};  // 1414 / 2000
    a.rot.keys = {r0, r1};
    a.nodes = {{asobo_crc32("CHILD"), 1, 0, {{0, 2}, {0, 2}, {0, 0}, {0, 0}, {0, 0}}}};
    return k;
}

}  // namespace ripkit::zouna
