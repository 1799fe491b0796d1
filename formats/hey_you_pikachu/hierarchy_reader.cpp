#include "hierarchy_reader.hpp"

#include <cmath>
#include <cstdio>
#include <set>

#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"
#include "ripkit/scene.hpp"
#include "rom_layout.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

void check_floats(const glm::vec3& v, float bound, uint32_t offset, const char* what) {
    for (int i = 0; i < 3; ++i)
        if (!std::isfinite(v[i]) || std::fabs(v[i]) > bound)
            fail(ErrorKind::BadValue, offset,
                 std::string(what) + " finite and within +-" + std::to_string(int(bound)));
}

HierarchyNode read_node(ByteReader& res, uint32_t off, const PointerRule& rule) {
    if (off % 4) fail(ErrorKind::BadValue, off, "a 4-byte aligned hierarchy node");
    ByteReader r = res.sub(off, kNodeSize, "a 0x38-byte hierarchy node");
    HierarchyNode n;
    n.offset = off;
    for (int i = 0; i < 3; ++i) n.scale[i] = r.f32be("node scale");
    for (int i = 0; i < 3; ++i) n.rotation[i] = r.f32be("node rotation");
    for (int i = 0; i < 3; ++i) n.translation[i] = r.f32be("node translation");
    n.unknown24 = r.u32be("node +0x24");
    n.sibling = r.u32be("node sibling");
    n.child = r.u32be("node child");
    n.display_list = r.u32be("node display list");
    n.type = r.s32("node type");
    // Bounds far beyond any model yet tight enough to reject text or code read
    // as floats (the layout search depends on that).
    check_floats(n.scale, 1e4f, off, "node scale");
    check_floats(n.rotation, 1e3f, off + 0x0C, "node rotation (radians)");
    check_floats(n.translation, 1e6f, off + 0x18, "node translation");
    if (n.type < 0 || n.type > 0xFFFF)
        fail(ErrorKind::BadValue, off + 0x34,
             "a node type 0..65535 (got " + std::to_string(n.type) + ")");
    if (n.display_list) {
        n.dl_offset = rule.resolve(n.display_list, res.size());
        if (!n.dl_offset || *n.dl_offset % 8)
            fail(ErrorKind::BadIndex, off + 0x30,
                 "a display-list pointer to an 8-byte aligned offset in the " +
                     std::to_string(res.size()) + "-byte resource (got " + hex(n.display_list) +
                     ")");
    }
    return n;
}

uint32_t link(uint32_t p, const ByteReader& res, const PointerRule& rule, uint32_t at,
              const char* what) {
    const auto off = rule.resolve(p, res.size());
    if (!off)
        fail(ErrorKind::BadIndex, at,
             std::string(what) + " pointing inside the " + std::to_string(res.size()) +
                 "-byte resource (got " + hex(p) + ")");
    return *off;
}

}  // namespace

Hierarchy parse_hierarchy(ByteSpan resource, uint32_t root, const PointerRule& rule,
                          const Limits& limits) {
    ByteReader res(resource, 0, Endian::Big);
    Hierarchy h;
    std::set<uint32_t> seen;
    struct Pending {
        uint32_t offset;
        int parent, depth;
    };
    std::vector<Pending> stack{{root, -1, 0}};
    const size_t max_nodes = resource.size() / kNodeSize;
    while (!stack.empty()) {
        const Pending p = stack.back();
        stack.pop_back();
        if (!seen.insert(p.offset).second)
            fail(ErrorKind::BadValue, p.offset, "a tree (this node is reached twice)");
        if (h.nodes.size() >= max_nodes)
            fail(ErrorKind::AllocationLimit, p.offset, "at most one node per 0x38 resource bytes");
        if (uint32_t(p.depth) >= limits.max_depth)
            fail(ErrorKind::DepthLimit, p.offset,
                 "a hierarchy at most " + std::to_string(limits.max_depth) + " deep");
        HierarchyNode n = read_node(res, p.offset, rule);
        n.parent = p.parent;
        n.depth = p.depth;
        const int index = int(h.nodes.size());
        // Depth-first: the child subtree before the next sibling.
        if (n.sibling)
            stack.push_back({link(n.sibling, res, rule, p.offset + 0x28, "a sibling pointer"),
                             p.parent, p.depth});
        if (n.child)
            stack.push_back(
                {link(n.child, res, rule, p.offset + 0x2C, "a child pointer"), index, p.depth + 1});
        h.nodes.push_back(n);
    }
    return h;
}

GameTrig::GameTrig(std::vector<int16_t> table, float angle_constant)
    : table_(std::move(table)), constant_(angle_constant) {
    // sins() reads only the top 12 bits of its angle: one value each, once.
    if (!table_.empty())
        for (uint32_t x = 0; x < wave_.size(); ++x) wave_[x] = sins(uint16_t(x << 4));
}

double GameTrig::sins(uint16_t a) const {
    const uint32_t x = a >> 4;
    const uint32_t n = uint32_t(table_.size());
    const int16_t v = (x & 0x400) ? table_[(0x3FF - (x & 0x3FF)) % n] : table_[(x & 0x3FF) % n];
    return ((x & 0x800) ? -double(v) : double(v)) / 32767.0;
}

void GameTrig::sin_cos(float radians, double& s, double& c) const {
    if (table_.empty()) {
        s = std::sin(double(radians));
        c = std::cos(double(radians));
        return;
    }
    // The cosine is the sine a quarter turn on: 0x4000 binary units, 0x400 entries.
    const uint32_t x = wave_index(radians);
    s = wave_[x];
    c = wave_[(x + 0x400) & 0xFFF];
}

EulerOrder EulerOrder::parse(const std::string& s) {
    std::string sorted = s;
    std::sort(sorted.begin(), sorted.end());
    if (s.size() != 3 || sorted != "xyz")
        fail_no_offset(ErrorKind::Usage, "euler_order as a permutation of xyz (got \"" + s + "\")");
    return {s};
}

namespace {

// r = m * r for the rotation m about axis I (later axes apply after earlier
// ones): m mixes rows a and b of r and leaves row I (column-major:
// r[col][row]). The zero terms of the full product change no value. The
// axis is a constant, so the row indices are too.
template <int I>
void apply_axis(glm::mat3& r, float s, float c) {
    constexpr int a = (I + 1) % 3, b = (I + 2) % 3;
    for (int col = 0; col < 3; ++col) {
        const float ra = r[col][a], rb = r[col][b];
        r[col][a] = c * ra - s * rb;
        r[col][b] = s * ra + c * rb;
    }
}

template <int I, int J, int K>
glm::mat3 apply_axes(const std::array<float, 3>& s, const std::array<float, 3>& c) {
    glm::mat3 r(1.0f);
    apply_axis<I>(r, s[I], c[I]);
    apply_axis<J>(r, s[J], c[J]);
    apply_axis<K>(r, s[K], c[K]);
    return r;
}

}  // namespace

glm::mat3 axis_rotations(const std::array<int, 3>& order, const std::array<float, 3>& s,
                         const std::array<float, 3>& c) {
    switch (order[0] * 3 + order[1]) {
        case 0 * 3 + 1:
            return apply_axes<0, 1, 2>(s, c);
        case 0 * 3 + 2:
            return apply_axes<0, 2, 1>(s, c);
        case 1 * 3 + 0:
            return apply_axes<1, 0, 2>(s, c);
        case 1 * 3 + 2:
            return apply_axes<1, 2, 0>(s, c);
        case 2 * 3 + 0:
            return apply_axes<2, 0, 1>(s, c);
        default:
            return apply_axes<2, 1, 0>(s, c);
    }
}

glm::mat3 rotation_matrix(const glm::vec3& e, const GameTrig& trig, const EulerOrder& order) {
    std::array<float, 3> s{}, c{};
    for (int i = 0; i < 3; ++i) {
        double sd, cd;
        trig.sin_cos(e[i], sd, cd);
        s[size_t(i)] = float(sd);
        c[size_t(i)] = float(cd);
    }
    return axis_rotations(order.indices(), s, c);
}

glm::mat4 local_matrix(const HierarchyNode& n, const GameTrig& trig, const EulerOrder& order) {
    glm::mat4 m(1.0f);
    if (n.type != kTranslationOnlyType) {
        const glm::mat3 r = rotation_matrix(n.rotation, trig, order);
        for (int c = 0; c < 3; ++c) m[c] = glm::vec4(r[c] * n.scale[c], 0.0f);
    }
    m[3] = glm::vec4(n.translation, 1.0f);
    return m;
}

std::vector<glm::mat4> palette_matrices(const Hierarchy& h, const GameTrig& trig,
                                        const EulerOrder& order) {
    std::vector<glm::mat4> world(h.nodes.size());
    for (size_t i = 0; i < h.nodes.size(); ++i) {
        const HierarchyNode& n = h.nodes[i];
        const glm::mat4 local = local_matrix(n, trig, order);
        world[i] = n.parent >= 0 ? world[size_t(n.parent)] * local : local;
        // Each node's S/R/T is bounded, but a chain multiplies them: twelve
        // scales of 1e4 overflow a float and every vertex drawn there is NaN.
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                if (!(std::fabs(world[i][c][r]) <= kMaxSceneMagnitude))
                    fail(ErrorKind::BadValue, n.offset,
                         "hierarchy node " + std::to_string(i) +
                             ": a world matrix (its parents' S/R/T times its own) within +-1e18");
    }
    return world;
}

}  // namespace ripkit::hey_you_pikachu
