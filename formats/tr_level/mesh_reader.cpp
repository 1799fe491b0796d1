#include "mesh_reader.hpp"

#include <string>

#include "face_reader.hpp"
#include "section_walk.hpp"

namespace ripkit::tr_level {

namespace {

Vec3s vec3(ByteReader& r, const char* what) {
    Vec3s v;
    v.x = r.s16(what);
    v.y = r.s16(what);
    v.z = r.s16(what);
    return v;
}

}  // namespace

TrMesh read_mesh(const ByteReader& pool, uint32_t pointer, Budget& budget) {
    if (pointer >= pool.size())
        fail(ErrorKind::BadIndex, pool.base(),
             "a mesh pointer inside the " + std::to_string(pool.size()) + "-byte mesh data (got " +
                 std::to_string(pointer) + ", mesh data starts here)");
    ByteReader r = pool.sub(pointer, pool.size() - pointer, "mesh");
    TrMesh m;
    m.pointer = pointer;
    m.at = r.abs_pos();
    m.centre = vec3(r, "mesh centre");
    m.radius = r.s16("mesh radius");
    m.flags = r.s16("mesh flags");
    const uint16_t nv = count16(r, "mesh vertex count");
    reserve_records(r, m.vertices, nv, 6, budget, "mesh vertices");
    for (uint16_t i = 0; i < nv; ++i) m.vertices.push_back(vec3(r, "mesh vertex"));
    m.normal_count = r.s16("mesh normal count");
    if (m.normal_count > 0) {
        reserve_records(r, m.normals, uint16_t(m.normal_count), 6, budget, "mesh normals");
        for (int i = 0; i < m.normal_count; ++i) m.normals.push_back(vec3(r, "mesh normal"));
    } else if (m.normal_count < 0) {
        const uint32_t lights = uint32_t(-int32_t(m.normal_count));
        reserve_records(r, m.lights, lights, 2, budget, "mesh vertex lights");
        for (uint32_t i = 0; i < lights; ++i) m.lights.push_back(r.s16("mesh vertex light"));
    }
    m.quad_count = count16(r, "mesh quad count");
    read_faces(r, m.faces, m.quad_count, true, true, nv, 0, budget, "mesh quads");
    const uint16_t triangles = count16(r, "mesh triangle count");
    read_faces(r, m.faces, triangles, false, true, nv, 0, budget, "mesh triangles");
    budget.charge_steps(uint64_t(nv) + m.faces.size() + 1, "mesh", m.at);
    return m;
}

}  // namespace ripkit::tr_level
