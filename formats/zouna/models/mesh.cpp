// Mesh_Z bodies per game (bff `class/mesh/*_pc.rs` at the parent of 66d784f,
// the Rat/WALL-E 010 templates, ImZouna's FUEL patterns).
#include "zouna/models/mesh.hpp"

#include <algorithm>

namespace ripkit::zouna {

namespace {

// Where the parsed buffers and groups start, for error offsets.
struct Offsets {
    std::vector<size_t> index_data, group;
};

bool known_stride(uint32_t s) { return s == 12 || s == 24 || s == 36 || s == 48 || s == 60; }

glm::vec3 vec3_at(const ByteReader& v, size_t at) {
    return {v.f32_at(at), v.f32_at(at + 4), v.f32_at(at + 8)};
}

Vertex read_vertex(const ByteReader& v, uint32_t stride) {
    Vertex x;
    x.position = vec3_at(v, 0);
    if (stride == 24) {
        x.unknown24 = v.f32_at(12);
        x.uv = {v.f32_at(16), v.f32_at(20)};
        return x;
    }
    if (stride == 12) return x;
    for (int c = 0; c < 4; ++c) {
        x.tangent[c] = v.u8_at(12 + c);
        x.normal[c] = v.u8_at(16 + c);
    }
    x.uv = {v.f32_at(20), v.f32_at(24)};
    if (stride == 36) {
        x.uv2 = {v.f32_at(28), v.f32_at(32)};
    } else if (stride == 48) {
        x.blend_index[0] = v.f32_at(28);
        for (int c = 0; c < 3; ++c) x.pad48[c] = static_cast<int32_t>(v.u32_at(32 + 4 * c));
        x.blend_weight[0] = v.f32_at(44);
        for (int c = 0; c < 3; ++c) x.volume[c] = vec3_at(v, 12 + 12 * c);
    } else {
        for (int c = 0; c < 4; ++c) {
            x.blend_index[c] = v.f32_at(28 + 4 * c);
            x.blend_weight[c] = v.f32_at(44 + 4 * c);
        }
    }
    return x;
}

// Ratatouille: u16 count, u16 stride; WALL-E / FUEL: u32 count, u32 stride, u32 flags.
VertexBuffer read_vertex_buffer(ByteReader& r, BodyLayout l, const Limits& limits) {
    VertexBuffer b;
    const size_t at = r.pos();
    const uint32_t n = l == BodyLayout::Ratatouille ? r.u16("vertex count") : r.u32("vertex count");
    b.stride = l == BodyLayout::Ratatouille ? r.u16("vertex stride") : r.u32("vertex stride");
    if (l != BodyLayout::Ratatouille) b.flags = r.u32("vertex buffer flags");
    if (!known_stride(b.stride))
        r.fail_at(at + (l == BodyLayout::Ratatouille ? 2 : 4), ErrorKind::BadValue,
                  "a vertex stride of 12, 24, 36, 48 or 60 bytes, got " + std::to_string(b.stride));
    if (uint64_t(n) * b.stride > r.remaining())
        r.fail_at(at, ErrorKind::Truncated,
                  std::to_string(n) + " vertices of " + std::to_string(b.stride) + " bytes, only " +
                      std::to_string(r.remaining()) + " bytes left");
    check_alloc(limits, n, sizeof(Vertex), r.abs(at), "vertices");
    b.offset = r.abs_pos();
    b.vertices.reserve(n);
    for (uint32_t i = 0; i < n; ++i) {
        b.vertices.push_back(read_vertex(r.sub(r.pos(), b.stride, "vertex"), b.stride));
        r.skip(b.stride, "vertex");
    }
    return b;
}

IndexBuffer read_index_buffer(ByteReader& r, BodyLayout l, const Limits& limits, size_t& data_at) {
    IndexBuffer b;
    const size_t at = r.pos();
    const uint32_t n = l == BodyLayout::Ratatouille ? r.u16("index count") : r.u32("index count");
    if (l != BodyLayout::Ratatouille) b.flags = r.u32("index buffer flags");
    if (n % 3)
        r.fail_at(at, ErrorKind::BadValue,
                  "a triangle-list index count (a multiple of 3), got " + std::to_string(n));
    if (uint64_t(n) * 2 > r.remaining())
        r.fail_at(at, ErrorKind::Truncated,
                  std::to_string(n) + " u16 indices, only " + std::to_string(r.remaining()) +
                      " bytes left");
    check_alloc(limits, n, 2, r.abs(at), "indices");
    data_at = r.pos();
    b.indices.resize(n);
    for (uint16_t& i : b.indices) i = r.u16("index");
    return b;
}

// PrimInfo, 36 bytes.
DrawGroup read_group_rat(ByteReader& r) {
    DrawGroup g;
    r.skip(12, "runtime pointers");
    g.prim_type = r.u16("primitive type");
    g.shader = r.u16("shader type");
    r.skip(2, "pad");
    g.first_vertex = r.u16("first vertex");
    g.vertex_count = r.u16("vertex count");
    g.first_index = r.u16("first index");
    g.faces = r.u32("face count");
    g.range_begin = r.u16("vertex range begin");
    g.stride = r.u16("vertex stride");
    r.skip(4, "pad");
    if (g.prim_type != 4)
        r.fail_at(
            r.pos() - 24, ErrorKind::Unsupported,
            "a triangle list (D3D primitive type 4), got type " + std::to_string(g.prim_type));
    return g;
}

// 44 bytes (the reference table says 48; its fields and bff add up to 44).
DrawGroup read_group_walle(ByteReader& r) {
    DrawGroup g;
    r.skip(12, "runtime pointers");
    g.flags = r.u32("group flags");
    g.first_vertex = r.u16("first vertex");
    r.skip(2, "unknown u16");
    g.vertex_count = r.u32("vertex count");
    g.first_index = r.u32("first index");
    g.faces = r.u32("face count");
    r.skip(4, "zero");
    g.range_begin = r.u32("vertex range begin");
    g.stride = r.u16("vertex stride");
    r.skip(2, "unused");
    return g;
}

// 48 bytes + DynArray of 28-byte records.
DrawGroup read_group_fuel(ByteReader& r) {
    DrawGroup g;
    g.vertex_buffer = r.u32("vertex buffer index");
    g.index_buffer = r.u32("index buffer index");
    r.skip(8, "quad range");
    g.flags = r.u32("group flags");
    g.first_vertex = r.u16("first vertex");
    g.last_vertex = r.u16("last vertex");
    g.vertex_count = r.u32("vertex count");
    g.first_index = r.u32("first index");
    g.faces = r.u32("face count");
    r.skip(4, "zero");
    g.range_begin = r.u32("vertex range begin");
    g.stride = r.u16("vertex stride");
    g.material = r.s16("material index");
    skip_array(r, 28, "group records");
    return g;
}

void read_buffers(ByteReader& r, MeshZ& m, const Limits& limits, Offsets& off) {
    const BodyLayout l = m.layout;
    const uint32_t nv = array_count(r, l == BodyLayout::Ratatouille ? 4 : 12, sizeof(VertexBuffer),
                                    limits, "vertex buffers");
    for (uint32_t i = 0; i < nv; ++i)
        m.vertex_buffers.push_back(with_context("vertex buffer " + std::to_string(i),
                                                [&] { return read_vertex_buffer(r, l, limits); }));
    const uint32_t ni = array_count(r, l == BodyLayout::Ratatouille ? 2 : 8, sizeof(IndexBuffer),
                                    limits, "index buffers");
    off.index_data.resize(ni);
    for (uint32_t i = 0; i < ni; ++i)
        m.index_buffers.push_back(with_context("index buffer " + std::to_string(i), [&] {
            return read_index_buffer(r, l, limits, off.index_data[i]);
        }));
}

void read_groups(ByteReader& r, MeshZ& m, const Limits& limits, Offsets& off) {
    const BodyLayout l = m.layout;
    const size_t size = l == BodyLayout::Ratatouille ? 36 : l == BodyLayout::WallE ? 44 : 52;
    const uint32_t n = array_count(r, size, sizeof(DrawGroup), limits, "draw groups");
    for (uint32_t i = 0; i < n; ++i) {
        off.group.push_back(r.pos());
        m.groups.push_back(with_context("draw group " + std::to_string(i), [&] {
            return l == BodyLayout::Ratatouille ? read_group_rat(r)
                   : l == BodyLayout::WallE     ? read_group_walle(r)
                                                : read_group_fuel(r);
        }));
    }
}

void skip_strips(ByteReader& r, const Limits& limits) {
    const uint32_t n = array_count(r, 12, 0, limits, "strips");
    for (uint32_t i = 0; i < n; ++i) {
        skip_array(r, 2, "strip indices");
        r.skip(8, "strip material and order");
    }
}

void skip_nested_8(ByteReader& r, const Limits& limits, const char* what) {
    const uint32_t n = array_count(r, 4, 0, limits, what);
    for (uint32_t i = 0; i < n; ++i) skip_array(r, 8, what);
}

// Ratatouille / WALL-E: 16-byte records, then targets {Name, DynArray<16 B>}.
uint32_t skip_morpher_rat(ByteReader& r, const Limits& limits) {
    skip_array(r, 16, "morpher records");
    const uint32_t n = array_count(r, 8, 0, limits, "morph targets");
    for (uint32_t i = 0; i < n; ++i) {
        r.skip(4, "morph target name");
        skip_array(r, 16, "morph target records");
    }
    return n;
}

uint32_t skip_morpher_fuel(ByteReader& r, const Limits& limits) {
    skip_array(r, 32, "morph triggers");
    skip_array(r, 4, "morph map");
    skip_array(r, 2, "displacement indices");
    const uint32_t n = array_count(r, 18, 0, limits, "morph targets");
    for (uint32_t i = 0; i < n; ++i) {
        skip_array(r, 1, "morph target name");
        r.skip(6, "morph base buffer and displacement buffer");
        skip_array(r, 2, "displacement vector indices");
        skip_array(r, 8, "displacement vectors");
    }
    return n;
}

void skip_collision_shapes(ByteReader& r) {
    skip_array(r, 24, "collision spheres");
    skip_array(r, 72, "collision boxes");
    skip_array(r, 44, "collision cylinders");
}

void read_body_rat(ByteReader& r, MeshZ& m, const Limits& limits, Offsets& off) {
    skip_array(r, 12, "point positions");
    skip_array(r, 16, "tangent/binormal records");
    m.morph_targets = skip_morpher_rat(r, limits);
    skip_array(r, 8, "texture coordinates");
    skip_array(r, 12, "normals");
    const size_t strips_at = r.pos();
    skip_strips(r, limits);
    m.strips = r.u32_at(strips_at);
    if (m.link.flags & 2) r.skip(size_t(m.strips) * 4, "strip flag block");
    skip_nested_8(r, limits, "strip extension records");
    m.materials = read_names(r, limits, "materials");
    r.skip(24, "draw distances and counts");
    skip_collision_shapes(r);
    m.collision_faces = skip_array(r, 8, "collision faces");
    skip_array(r, 32, "AABB nodes");
    skip_array(r, 6, "collision vertices");
    r.skip(4, "zero");
    skip_array(r, 4, "u32 records");
    read_buffers(r, m, limits, off);
    read_groups(r, m, limits, off);
}

void read_body_walle(ByteReader& r, MeshZ& m, const Limits& limits, Offsets& off) {
    skip_array(r, 12, "point records");
    skip_array(r, 16, "point records");
    skip_array(r, 4, "point records");
    skip_array(r, 8, "texture coordinates");
    skip_array(r, 12, "normals");
    const size_t strips_at = r.pos();
    skip_strips(r, limits);
    m.strips = r.u32_at(strips_at);
    if (m.link.flags & 2) r.skip(size_t(m.strips) * 4, "strip flag block");
    skip_nested_8(r, limits, "strip extension records");
    m.materials = read_names(r, limits, "materials");
    r.skip(24, "draw distances and counts");
    skip_collision_shapes(r);
    m.collision_faces = skip_array(r, 8, "collision faces");
    skip_array(r, 32, "AABB nodes");
    skip_array(r, 6, "collision vertices");
    skip_array(r, 32, "u32 x 8 records");
    read_buffers(r, m, limits, off);
    read_groups(r, m, limits, off);
    skip_array(r, 44, "buffer records");
    m.morph_targets = skip_morpher_rat(r, limits);
    skip_array(r, 16, "trailing records");
}

void read_body_fuel(ByteReader& r, MeshZ& m, const Limits& limits, Offsets& off) {
    skip_array(r, 12, "strip vertices");
    skip_array(r, 16, "unused records");
    skip_array(r, 8, "texture coordinates");
    skip_array(r, 12, "normals");
    const size_t strips_at = r.pos();
    skip_strips(r, limits);
    m.strips = r.u32_at(strips_at);
    skip_nested_8(r, limits, "strip extension records");
    m.materials = read_names(r, limits, "materials");
    skip_array(r, 32, "AABB nodes");
    m.collision_faces = skip_array(r, 8, "collision faces");
    skip_array(r, 32, "u32 x 8 records");
    read_buffers(r, m, limits, off);
    skip_array(r, 60, "quads");
    read_groups(r, m, limits, off);
    m.morph_targets = skip_morpher_fuel(r, limits);
    skip_array(r, 6, "collision vertices");
}

void check_group(const ByteReader& r, const MeshZ& m, size_t gi, const Offsets& off) {
    const DrawGroup& g = m.groups[gi];
    const size_t at = off.group[gi];
    const auto [vb, ib] = mesh_group_buffers(m, gi);
    const VertexBuffer& v = m.vertex_buffers[vb];
    if (g.stride != v.stride)
        r.fail_at(at, ErrorKind::BadValue,
                  "draw group " + std::to_string(gi) + " stride equal to vertex buffer " +
                      std::to_string(vb) + "'s " + std::to_string(v.stride) + ", got " +
                      std::to_string(g.stride));
    const std::vector<uint16_t>& idx = m.index_buffers[ib].indices;
    if (uint64_t(g.first_index) + uint64_t(g.faces) * 3 > idx.size())
        r.fail_at(at, ErrorKind::BadIndex,
                  "draw group " + std::to_string(gi) + " faces [" + std::to_string(g.first_index) +
                      ", +" + std::to_string(g.faces) + " x 3) within index buffer " +
                      std::to_string(ib) + " of " + std::to_string(idx.size()) + " indices");
    for (size_t k = g.first_index; k < g.first_index + size_t(g.faces) * 3; ++k)
        if (idx[k] >= v.vertices.size())
            r.fail_at(off.index_data[ib] + 2 * k, ErrorKind::BadIndex,
                      "an index below vertex buffer " + std::to_string(vb) + "'s " +
                          std::to_string(v.vertices.size()) + " vertices, got " +
                          std::to_string(idx[k]));
    if (g.material >= 0 && size_t(g.material) >= m.materials.size())
        r.fail_at(at + 46, ErrorKind::BadIndex,
                  "draw group " + std::to_string(gi) + " material index below " +
                      std::to_string(m.materials.size()) + " (or -1), got " +
                      std::to_string(g.material));
}

}  // namespace

std::pair<uint32_t, uint32_t> mesh_group_buffers(const MeshZ& m, size_t gi) {
    const DrawGroup& g = m.groups.at(gi);
    const std::string what = "draw group " + std::to_string(gi);
    if (m.layout == BodyLayout::Fuel) {
        if (g.vertex_buffer >= m.vertex_buffers.size() || g.index_buffer >= m.index_buffers.size())
            fail_no_offset(ErrorKind::BadIndex,
                           what + " buffers below " + std::to_string(m.vertex_buffers.size()) +
                               " vertex / " + std::to_string(m.index_buffers.size()) +
                               " index buffers, got " + std::to_string(g.vertex_buffer) + " / " +
                               std::to_string(g.index_buffer));
        return {g.vertex_buffer, g.index_buffer};
    }
    for (uint32_t b = 0; b < m.vertex_buffers.size(); ++b)
        if (m.vertex_buffers[b].stride == g.stride) {
            const uint32_t ib = m.index_buffers.size() == m.vertex_buffers.size() ? b : 0;
            if (ib >= m.index_buffers.size())
                fail_no_offset(ErrorKind::BadIndex, what + " an index buffer to draw from");
            return {b, ib};
        }
    fail_no_offset(ErrorKind::BadValue,
                   what + " a vertex buffer of its stride " + std::to_string(g.stride) + " bytes");
}

GroupGeometry group_geometry(const MeshZ& m, size_t g) {
    GroupGeometry out;
    const auto [vb, ib] = mesh_group_buffers(m, g);
    out.vertex_buffer = vb;
    const DrawGroup& grp = m.groups[g];
    const std::vector<uint16_t>& idx = m.index_buffers[ib].indices;
    const size_t begin = grp.first_index, end = begin + size_t(grp.faces) * 3;
    out.vertices.assign(idx.begin() + long(begin), idx.begin() + long(end));
    std::sort(out.vertices.begin(), out.vertices.end());
    out.vertices.erase(std::unique(out.vertices.begin(), out.vertices.end()), out.vertices.end());
    out.triangles.reserve(end - begin);
    for (size_t k = begin; k < end; ++k)
        out.triangles.push_back(
            uint32_t(std::lower_bound(out.vertices.begin(), out.vertices.end(), idx[k]) -
                     out.vertices.begin()));
    return out;
}

MeshZ read_mesh(ByteReader link, ByteReader body, BodyLayout layout, const Limits& limits) {
    MeshZ m;
    m.layout = layout;
    with_context("link header", [&] {
        m.link = read_object_link(link, layout, limits);
        if (layout == BodyLayout::Fuel) m.fuel_link = read_fuel_mesh_link(link, limits);
        expect_end(link, "Mesh_Z link header");
    });
    Offsets off;
    if (layout == BodyLayout::Ratatouille)
        read_body_rat(body, m, limits, off);
    else if (layout == BodyLayout::WallE)
        read_body_walle(body, m, limits, off);
    else
        read_body_fuel(body, m, limits, off);
    expect_end(body, "Mesh_Z body");
    for (size_t g = 0; g < m.groups.size(); ++g)
        with_context("draw group " + std::to_string(g), [&] {
            try {
                check_group(body, m, g, off);
            } catch (Error& e) {
                if (!e.offset()) throw Error(e.kind(), body.abs(off.group[g]), e.expected());
                throw;
            }
        });
    return m;
}

}  // namespace ripkit::zouna
