#include "face_reader.hpp"

#include "section_walk.hpp"

namespace ripkit::tr_level {

void read_faces(ByteReader& r, std::vector<Face>& out, uint32_t count, bool quad, bool extra_word,
                size_t vertices, uint16_t base, Budget& budget, const std::string& what) {
    const int corners = quad ? 4 : 3;
    need_records(r, count, uint64_t(corners + 1 + (extra_word ? 1 : 0)) * 2, what);
    budget.alloc(count, sizeof(Face), r.abs_pos(), what);
    out.reserve(out.size() + count);
    for (uint32_t i = 0; i < count; ++i) {
        Face f;
        f.quad = quad;
        f.at = r.abs_pos();
        for (int k = 0; k < corners; ++k) f.v[size_t(k)] = r.u16("face corner");
        f.texture = r.u16("face texture");
        if (extra_word) f.effects = r.u16("face effects");
        for (int k = 0; k < corners; ++k) {
            if (f.v[size_t(k)] >= vertices)
                fail(ErrorKind::BadIndex, f.at,
                     "face corner " + std::to_string(k) + " to index one of the " +
                         std::to_string(vertices) + " vertices (got " +
                         std::to_string(f.v[size_t(k)]) + ")");
            f.v[size_t(k)] = uint16_t(f.v[size_t(k)] + base);
        }
        out.push_back(f);
    }
}

}  // namespace ripkit::tr_level
