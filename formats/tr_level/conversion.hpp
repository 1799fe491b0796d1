// TR space (X right, Y down, Z forward, integer units) to the output's: by
// default metres, Y up, right-handed, by the half turn about X that TRN2 and
// tr-cutseq use, (x, y, z) -> (x, -y, -z) * scale; `native` keeps TR's.
#pragma once

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace ripkit::tr_level {

// ASSUMPTION(scale): 1 TR unit = 1/512 m (a 1024-unit sector = 2 m), as tr-cutseq.
inline constexpr double kDefaultScale = 1.0 / 512.0;

struct Conversion {
    bool native = false;
    double scale = kDefaultScale;

    glm::vec3 point(double x, double y, double z) const {
        if (native) return {float(x), float(y), float(z)};
        return {float(x * scale), float(-y * scale), float(-z * scale)};
    }
    glm::vec3 direction(double x, double y, double z) const {
        if (native) return {float(x), float(y), float(z)};
        return {float(x), float(-y), float(-z)};
    }
    // A TR-space rotation as the Scene's (x, y, z, w): the half turn about X
    // conjugates it, (qx, qy, qz, qw) -> (qx, -qy, -qz, qw).
    glm::vec4 rotation(const glm::dquat& q) const {
        if (native) return {float(q.x), float(q.y), float(q.z), float(q.w)};
        return {float(q.x), float(-q.y), float(-q.z), float(q.w)};
    }
};

}  // namespace ripkit::tr_level
