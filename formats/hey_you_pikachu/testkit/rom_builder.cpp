#include "rom_builder.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numbers>

#include "hey_you_pikachu/rom_layout.hpp"
#include "lh5_encoder.hpp"
#include "ripkit/error.hpp"
#include "ripkit/n64/gbi.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

using n64::ImageFormat;

// Big-endian resource bytes plus pointer fields patched at the end, when the
// pointer shape (relative / segment / KSEG0) is applied.
class ResourceWriter {
  public:
    ResourceWriter() : w_(Endian::Big) {}
    size_t here() const { return w_.size(); }
    void align(size_t a) { w_.align(a); }
    void u32(uint32_t v) { w_.u32(v); }
    void u16(uint16_t v) { w_.u16(v); }
    void u8(uint8_t v) { w_.u8(v); }
    void f32(float v) { w_.f32(v); }
    void raw(ByteSpan b) { w_.raw(b); }
    void raw(std::string_view s) { w_.raw(s); }
    // A pointer to `target` (a resource offset); target 0 writes null.
    size_t ptr(uint32_t target) {
        fix_.push_back({here(), target});
        w_.u32(0);
        return fix_.size() - 1;
    }
    void retarget(size_t fixup, uint32_t target) { fix_[fixup].target = target; }
    void cmd(uint32_t w0, uint32_t w1) { w_.u32(w0), w_.u32(w1); }
    void cmd_ptr(uint32_t w0, uint32_t target) { w_.u32(w0), ptr(target); }

    Bytes finish(const ModelSpec& m) {
        for (const Fix& f : fix_) {
            uint32_t v = 0;
            if (f.target) {
                switch (m.pointers) {
                    case PointerForm::Relative:
                        v = f.target;
                        break;
                    case PointerForm::Segment:
                        v = (uint32_t(m.segment) << 24) | f.target;
                        break;
                    case PointerForm::Kseg0:
                        v = m.kseg0_base + f.target;
                        break;
                }
            }
            w_.put_u32(f.at, v);
        }
        return w_.bytes();
    }

  private:
    struct Fix {
        size_t at;
        uint32_t target;
    };
    ByteWriter w_;
    std::vector<Fix> fix_;
};

uint32_t lcg(uint32_t& s) {
    s = s * 1664525u + 1013904223u;
    return s >> 8;
}

int log2i(int v) {
    int l = 0;
    while ((1 << l) < v) ++l;
    return l;
}

void fill_texels(TextureSpec& t) {
    const unsigned bits = n64::bits_per_texel(t.siz);
    const size_t bytes = size_t(t.width) * size_t(t.height) * bits / 8;
    uint32_t s = t.seed * 2654435761u + 7;
    t.texels.resize(bytes);
    for (auto& b : t.texels) b = uint8_t(lcg(s));
    if (t.fmt == uint8_t(ImageFormat::Ci)) {
        const size_t n = t.siz == 0 ? 16 : 256;
        t.palette_entries.resize(n);
        for (auto& e : t.palette_entries) e = uint16_t(lcg(s));
    }
}

// The bytes as RAM holds them: for a LOADBLOCK with dxt == 0 the game stores
// odd rows with their 32-bit words already swapped.
Bytes ram_texels(const TextureSpec& t) {
    Bytes out = t.texels;
    if (t.load != TexLoad::BlockDxt0) return out;
    const size_t row = size_t(t.width) * n64::bits_per_texel(t.siz) / 8;
    for (int y = 1; y < t.height; y += 2)
        for (size_t x = 0; x < row; ++x)
            out[size_t(y) * row + x] = t.texels[size_t(y) * row + (x ^ 4)];
    return out;
}

uint32_t settimg(uint8_t fmt, uint8_t siz, uint32_t width) {
    return (uint32_t(n64::op::kSetTImg) << 24) | (uint32_t(fmt) << 21) | (uint32_t(siz) << 19) |
           ((width - 1) & 0xFFF);
}

uint32_t settile_w0(uint8_t fmt, uint8_t siz, uint32_t line, uint32_t tmem) {
    return (uint32_t(n64::op::kSetTile) << 24) | (uint32_t(fmt) << 21) | (uint32_t(siz) << 19) |
           ((line & 0x1FF) << 9) | (tmem & 0x1FF);
}

uint32_t settile_w1(uint8_t tile, uint8_t pal, uint8_t cmt, uint8_t maskt, uint8_t shiftt,
                    uint8_t cms, uint8_t masks, uint8_t shifts) {
    return (uint32_t(tile) << 24) | (uint32_t(pal) << 20) | (uint32_t(cmt) << 18) |
           (uint32_t(maskt) << 14) | (uint32_t(shiftt) << 10) | (uint32_t(cms) << 8) |
           (uint32_t(masks) << 4) | shifts;
}

uint32_t rect_w0(uint8_t opc, uint32_t uls, uint32_t ult) {
    return (uint32_t(opc) << 24) | ((uls & 0xFFF) << 12) | (ult & 0xFFF);
}
uint32_t rect_w1(uint8_t tile, uint32_t lrs, uint32_t lrt) {
    return (uint32_t(tile) << 24) | ((lrs & 0xFFF) << 12) | (lrt & 0xFFF);
}

uint32_t tri_word(uint32_t a, uint32_t b, uint32_t c) {
    return (a * 2) << 16 | (b * 2) << 8 | (c * 2);
}

struct TexAddr {
    uint32_t texels = 0, palette = 0;
    bool raw = false;  // addresses written as they are (face segments), not as pointers
};

void write_texture_load(ResourceWriter& w, const TextureSpec& t, const TexAddr& a) {
    const unsigned bits = n64::bits_per_texel(t.siz);
    const uint32_t row_bytes = uint32_t(t.width) * bits / 8;
    const uint32_t line = row_bytes / 8;
    auto image = [&](uint32_t w0, uint32_t target) {
        if (a.raw)
            w.cmd(w0, target);
        else
            w.cmd_ptr(w0, target);
    };
    w.cmd(uint32_t(n64::op::kRdpPipeSync) << 24, 0);
    if (t.fmt == uint8_t(ImageFormat::Ci)) {
        const uint32_t count = uint32_t(t.palette_entries.size());
        const uint32_t tmem = 0x100 + (t.siz == 0 ? 16u * t.palette : 0u);
        image(settimg(0, 2, 1), a.palette);
        w.cmd(settile_w0(0, 0, 0, tmem), settile_w1(7, 0, 0, 0, 0, 0, 0, 0));
        w.cmd(uint32_t(n64::op::kRdpLoadSync) << 24, 0);
        w.cmd(uint32_t(n64::op::kLoadTlut) << 24, (7u << 24) | ((count - 1) << 14));
        w.cmd(uint32_t(n64::op::kRdpPipeSync) << 24, 0);
    }
    if (t.load == TexLoad::Tile) {
        image(settimg(t.fmt, t.siz, uint32_t(t.width)), a.texels);
        w.cmd(settile_w0(t.fmt, t.siz, line, 0), settile_w1(7, 0, 0, 0, 0, 0, 0, 0));
        w.cmd(uint32_t(n64::op::kRdpLoadSync) << 24, 0);
        w.cmd(rect_w0(n64::op::kLoadTile, 0, 0),
              rect_w1(7, uint32_t(t.width - 1) << 2, uint32_t(t.height - 1) << 2));
    } else {
        // 4- and 8-bit images are block-loaded as 16-bit texels.
        const uint8_t lsiz = t.siz < 2 ? 2 : t.siz;
        const uint32_t total = uint32_t(t.texels.size());
        const uint32_t texels = total * 8 / n64::bits_per_texel(lsiz);
        const uint32_t dxt = t.load == TexLoad::BlockDxt0 ? 0 : (2048 + line - 1) / line;
        image(settimg(t.fmt, lsiz, 1), a.texels);
        w.cmd(settile_w0(t.fmt, lsiz, 0, 0), settile_w1(7, 0, 0, 0, 0, 0, 0, 0));
        w.cmd(uint32_t(n64::op::kRdpLoadSync) << 24, 0);
        w.cmd(rect_w0(n64::op::kLoadBlock, 0, 0), rect_w1(7, texels - 1, dxt));
    }
    w.cmd(uint32_t(n64::op::kRdpPipeSync) << 24, 0);
    w.cmd(settile_w0(t.fmt, t.siz, line, 0),
          settile_w1(0, t.palette, t.cmt, uint8_t(log2i(t.height)), t.shiftt, t.cms,
                     uint8_t(log2i(t.width)), t.shifts));
    w.cmd(rect_w0(n64::op::kSetTileSize, 0, 0),
          rect_w1(0, uint32_t(t.width - 1) << 2, uint32_t(t.height - 1) << 2));
    const uint32_t tlut = t.fmt == uint8_t(ImageFormat::Ci) ? uint32_t(t.tlut) : 0u;
    // G_SETOTHERMODE_H, G_MDSFT_TEXTLUT (shift 14, 2 bits); bilinear filter.
    w.cmd((uint32_t(n64::op::kSetOtherModeH) << 24) | ((32 - 14 - 2) << 8) | 1, tlut << 14);
    w.cmd((uint32_t(n64::op::kSetOtherModeH) << 24) | ((32 - 12 - 2) << 8) | 1, 2u << 12);
}

void write_vertex(ResourceWriter& w, int16_t x, int16_t y, int16_t z, int16_t s, int16_t t,
                  std::array<uint8_t, 4> c) {
    w.u16(uint16_t(x)), w.u16(uint16_t(y)), w.u16(uint16_t(z)), w.u16(0);
    w.u16(uint16_t(s)), w.u16(uint16_t(t));
    for (uint8_t b : c) w.u8(b);
}

Bytes build_resource(const ModelSpec& m, bool record_in_resource, BuiltModel& out,
                     const FaceSpec& faces) {
    ResourceWriter w;
    size_t record_hier = 0, record_face = 0;
    if (record_in_resource) {
        for (uint32_t i = 0; i < kModelRecordSize / 4; ++i) {
            if (i * 4 == kHierarchyField)
                record_hier = w.ptr(0);
            else if (i * 4 == kFacialField)
                record_face = w.ptr(0);
            else
                w.u32(i == 1 ? m.resource_id : 0);
        }
    } else {
        w.raw(std::string_view("PKRSsynthetic..."));  // 16 bytes: nothing points at offset 0
    }
    w.align(8);
    std::vector<TexAddr> tex(m.textures.size());
    for (size_t i = 0; i < m.textures.size(); ++i) {
        const TextureSpec& t = out.textures[i];
        tex[i].texels = uint32_t(w.here());
        w.raw(ram_texels(t));
        w.align(8);
        if (!t.palette_entries.empty()) {
            tex[i].palette = uint32_t(w.here());
            for (uint16_t e : t.palette_entries) w.u16(e);
            w.align(8);
        }
    }
    if (!m.face_slots.empty()) {
        // Slots {s32 bank, s32 selector}, then the bank -1 end marker.
        out.face_slots_offset = uint32_t(w.here());
        for (const FaceSlotSpec& fs : m.face_slots)
            w.u32(uint32_t(fs.bank)), w.u32(uint32_t(fs.selector));
        w.u32(0xFFFFFFFFu), w.u32(0);
        w.align(8);
        if (record_in_resource) w.retarget(record_face, out.face_slots_offset);
    }
    const size_t n = m.nodes.size();
    out.dl_offsets.assign(n, 0);
    bool f3dam_state_written = false;
    for (size_t k = 0; k < n; ++k) {
        const NodeSpec& nd = m.nodes[k];
        if (!nd.draw) continue;
        const int16_t sz = int16_t(nd.size);
        const TextureSpec* t = nd.texture >= 0 ? &out.textures[size_t(nd.texture)] : nullptr;
        // A face quad loads its slot's image (the bank's first image format)
        // from segment 0x08 + slot, the palette from offset 0x800000 there.
        TextureSpec face_tex;
        TexAddr face_addr;
        if (nd.face_slot >= 0) {
            const FaceSlotSpec& fs = m.face_slots.at(size_t(nd.face_slot));
            const FaceImageSpec& fi = faces.banks.at(size_t(fs.bank)).images.at(0);
            face_tex.fmt = fi.fmt, face_tex.siz = fi.siz;
            face_tex.width = fi.width, face_tex.height = fi.height;
            face_tex.texels = fi.texels;
            face_tex.palette_entries = fi.palette;
            face_addr.texels = uint32_t(0x08 + nd.face_slot) << 24;
            face_addr.palette = face_addr.texels + 0x800000u;
            face_addr.raw = true;
            t = &face_tex;
        }
        const int16_t sw = int16_t((t ? t->width : 8) * 32), th = int16_t((t ? t->height : 8) * 32);
        auto colour = [&](int i) -> std::array<uint8_t, 4> {
            if (nd.lit) return {0, 0, 127, uint8_t(255 - 16 * i)};
            return {uint8_t(40 * i + 10), uint8_t(200 - 30 * i), uint8_t(k * 20), uint8_t(255)};
        };
        const uint32_t verts = uint32_t(w.here());
        write_vertex(w, -sz, -sz, 0, 0, 0, colour(0));
        write_vertex(w, sz, -sz, 0, sw, 0, colour(1));
        write_vertex(w, sz, sz, 0, sw, th, colour(2));
        write_vertex(w, -sz, sz, 0, 0, th, colour(3));
        const uint32_t bridge = uint32_t(w.here());
        if (nd.bridge) {
            write_vertex(w, sz, 0, 10, 0, 0, colour(0));
            write_vertex(w, -sz, 0, 10, 0, 0, colour(1));
        }
        w.align(8);
        uint32_t sub = 0;
        if (nd.repeat_calls) {
            sub = uint32_t(w.here());
            for (uint32_t q = 0; q < nd.repeat_quads; ++q)
                w.cmd((uint32_t(n64::op::kQuad) << 24) | tri_word(0, 1, 2), tri_word(0, 2, 3));
            w.cmd(uint32_t(n64::op::kEndDl) << 24, 0);
        } else if (nd.nested) {
            // Uses the caller's cache entries 0..3: a shared vertex cache is required.
            sub = uint32_t(w.here());
            w.cmd((uint32_t(n64::op::kQuad) << 24) | tri_word(0, 1, 2), tri_word(0, 2, 3));
            w.cmd(uint32_t(n64::op::kEndDl) << 24, 0);
        }
        uint32_t fan = 0;  // the top of the fan-out chain
        if (nd.fan_levels) {
            fan = uint32_t(w.here());
            w.cmd(uint32_t(n64::op::kEndDl) << 24, 0);
            for (uint32_t level = 0; level < nd.fan_levels; ++level) {
                const uint32_t below = fan;
                fan = uint32_t(w.here());
                for (uint32_t c = 0; c < nd.fan_calls; ++c)
                    w.cmd_ptr(uint32_t(n64::op::kDl) << 24, below);
                w.cmd(uint32_t(n64::op::kEndDl) << 24, 0);
            }
        }
        out.dl_offsets[k] = uint32_t(w.here());
        if (t) {
            if (!f3dam_state_written) {
                w.cmd((uint32_t(n64::op::kMoveWord) << 24) | (8u << 16) | 0x0C, m.tex_o);
                w.cmd((uint32_t(n64::op::kMoveWord) << 24) | (8u << 16) | 0x10, m.tex_r);
                f3dam_state_written = true;
            }
            write_texture_load(w, *t, nd.face_slot >= 0 ? face_addr : tex[size_t(nd.texture)]);
            w.cmd((uint32_t(n64::op::kTexture) << 24) | (0 << 11) | (0 << 8) | (1 << 1), m.tex_m);
        } else {
            w.cmd(uint32_t(n64::op::kTexture) << 24, 0);
        }
        const uint32_t geo = n64::geom::kZBuffer | n64::geom::kShade | n64::geom::kCullBack |
                             n64::geom::kShadingSmooth | (nd.lit ? n64::geom::kLighting : 0u);
        w.cmd(uint32_t(n64::op::kGeometryMode) << 24, geo);
        auto mtx = [&](uint32_t slot) {
            w.cmd((uint32_t(n64::op::kMtx) << 24) | 0x380003, 0x07000000u + slot * 0x40);
        };
        mtx(uint32_t(k));
        w.cmd_ptr((uint32_t(n64::op::kVtx) << 24) | (4u << 12) | (4u << 1), verts);
        if (nd.bridge && nd.parent >= 0) {
            mtx(uint32_t(nd.parent));
            w.cmd_ptr((uint32_t(n64::op::kVtx) << 24) | (2u << 12) | (6u << 1), bridge);
            mtx(uint32_t(k));
            w.cmd((uint32_t(n64::op::kTri2) << 24) | tri_word(1, 2, 4), tri_word(1, 4, 5));
        }
        if (nd.repeat_calls)
            for (uint32_t c = 0; c < nd.repeat_calls; ++c)
                w.cmd_ptr(uint32_t(n64::op::kDl) << 24, sub);
        else if (nd.nested)
            w.cmd_ptr(uint32_t(n64::op::kDl) << 24, sub);
        else
            w.cmd((uint32_t(n64::op::kQuad) << 24) | tri_word(0, 1, 2), tri_word(0, 2, 3));
        if (nd.fan_levels) w.cmd_ptr(uint32_t(n64::op::kDl) << 24, fan);
        w.cmd(uint32_t(n64::op::kEndDl) << 24, 0);
    }
    // Nodes last: their links point at offsets known by now.
    w.align(8);
    const uint32_t first = uint32_t(w.here());
    out.node_offsets.resize(n);
    for (size_t k = 0; k < n; ++k) out.node_offsets[k] = first + uint32_t(k) * kNodeSize;
    for (size_t k = 0; k < n; ++k) {
        const NodeSpec& nd = m.nodes[k];
        for (int i = 0; i < 3; ++i) w.f32(nd.scale[i]);
        for (int i = 0; i < 3; ++i) w.f32(nd.rotation[i]);
        for (int i = 0; i < 3; ++i) w.f32(nd.translation[i]);
        w.u32(0);
        uint32_t sibling = 0, child = 0;
        for (size_t j = k + 1; j < n && !sibling; ++j) {
            if (m.nodes[j].parent == nd.parent) sibling = out.node_offsets[j];
            // A node at or above this one's level ends the sibling search.
            bool is_descendant = false;
            for (int p = m.nodes[j].parent; p >= 0; p = m.nodes[size_t(p)].parent)
                if (p == int(k)) is_descendant = true;
            if (!is_descendant && m.nodes[j].parent != nd.parent) break;
        }
        if (k + 1 < n && m.nodes[k + 1].parent == int(k)) child = out.node_offsets[k + 1];
        w.ptr(sibling);
        w.ptr(child);
        w.ptr(out.dl_offsets[k]);
        w.u32(uint32_t(nd.type));
    }
    if (record_in_resource) w.retarget(record_hier, first);
    Bytes bytes = w.finish(m);
    auto pointer = [&](uint32_t target) {
        switch (m.pointers) {
            case PointerForm::Relative:
                return target;
            case PointerForm::Segment:
                return (uint32_t(m.segment) << 24) | target;
            case PointerForm::Kseg0:
                return m.kseg0_base + target;
        }
        return target;
    };
    out.hierarchy_pointer = pointer(first);
    if (out.face_slots_offset) out.facial_pointer = pointer(out.face_slots_offset);
    return bytes;
}

void put32(Bytes& rom, size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) rom.at(at + size_t(i)) = uint8_t(v >> (24 - 8 * i));
}

}  // namespace

BuiltRom build_rom_detailed(const RomSpec& spec) {
    if (spec.descriptor_field % 4 || spec.descriptor_field >= kModelRecordSize ||
        spec.descriptor_field == kHierarchyField || spec.descriptor_field == kFacialField)
        fail_no_offset(ErrorKind::Usage,
                       "a descriptor field: a multiple of 4 below 0x54, "
                       "not the pointers at 0x1C and 0x24");
    BuiltRom out;
    out.faces = spec.faces;
    fill_face_images(out.faces);  // face quads load their bank's first image
    Bytes rom(0xA8000, 0);
    put32(rom, 0, 0x80371240u);
    put32(rom, 4, 0x0000000F);
    put32(rom, 8, 0x80000400u);
    const char title[] = "hey you, pikachu    ";
    std::memcpy(rom.data() + 0x20, title, 20);
    if (spec.game_code.size() != 4) fail_no_offset(ErrorKind::Usage, "a 4-character game code");
    std::memcpy(rom.data() + 0x3B, spec.game_code.data(), 4);
    rom[0x3F] = 0;

    size_t cursor = 0x1000;
    auto place = [&](ByteSpan blob) -> uint32_t {
        cursor = (cursor + 15) & ~size_t(15);
        // Resources stay clear of every fixed table (the first one is the
        // facial program table); what does not fit below goes past them.
        if (cursor + blob.size() > kFaceProgramTable && cursor < kMinRomSize) cursor = 0xA8000;
        if (cursor + blob.size() > rom.size())
            rom.resize((cursor + blob.size() + 0xFFF) & ~size_t(0xFFF), 0);
        std::copy(blob.begin(), blob.end(), rom.begin() + long(cursor));
        const uint32_t at = uint32_t(cursor);
        cursor += blob.size();
        return at;
    };
    auto descriptor = [&](uint32_t id, bool compressed, uint32_t start, uint32_t end,
                          uint32_t unpacked) {
        if (id >= kMaxDescriptors) fail_no_offset(ErrorKind::Usage, "a resource id in the table");
        const size_t at = kDescriptorTable + size_t(id) * kDescriptorSize;
        put32(rom, at + 0x00, 0x00010000u | id);
        put32(rom, at + 0x04, compressed ? 1 : 0);
        put32(rom, at + 0x08, start);
        put32(rom, at + 0x0C, end);
        put32(rom, at + 0x10, unpacked);
        return at;
    };
    auto store = [&](uint32_t id, const Bytes& data, bool compressed, BuiltModel* bm) {
        Bytes blob;
        if (compressed) {
            Bytes packed = lh5_encode(data);
            ByteWriter w(Endian::Big);
            w.u32(uint32_t(packed.size()));
            w.u32(uint32_t(data.size()));
            w.raw(packed);
            blob = w.bytes();
            if (bm) bm->packed = std::move(packed);
        } else {
            blob = data;
        }
        const uint32_t start = place(blob);
        const uint32_t end = start + uint32_t(blob.size());
        const size_t at = descriptor(id, compressed, start, end, uint32_t(data.size()));
        if (bm) bm->descriptor_offset = uint32_t(at), bm->rom_start = start, bm->rom_end = end;
    };

    for (size_t i = 0; i < spec.models.size(); ++i) {
        const ModelSpec& m = spec.models[i];
        BuiltModel bm;
        bm.textures = m.textures;
        for (auto& t : bm.textures) fill_texels(t);
        bm.resource = build_resource(m, spec.record_in_resource, bm, out.faces);
        store(m.resource_id, bm.resource, m.compressed, &bm);
        bm.record_offset = kModelTable + uint32_t(i) * kModelRecordSize;
        // +0x00 the model index (a decoy: it names a descriptor too), the
        // resource id (+0x04 by default), +0x1C the hierarchy pointer
        // (ROM-record layout).
        put32(rom, bm.record_offset + 0x00, uint32_t(i));
        put32(rom, bm.record_offset + 0x08, 0x00010000u | uint32_t(m.nodes.size()));
        put32(rom, bm.record_offset + spec.descriptor_field, m.resource_id);
        if (!spec.record_in_resource) {
            put32(rom, bm.record_offset + kHierarchyField, bm.hierarchy_pointer);
            put32(rom, bm.record_offset + kFacialField, bm.facial_pointer);
        }
        out.models.push_back(std::move(bm));
    }
    for (uint32_t id : spec.filler_resources) {
        // Not a model: text, so a wrong descriptor field finds no hierarchy in it.
        Bytes text;
        const std::string line = "Not a model resource; message text for Pikachu's world. ";
        for (int r = 0; r < 20; ++r) text.insert(text.end(), line.begin(), line.end());
        store(id, text, id % 2 == 1, nullptr);
    }
    for (uint32_t i = 0; i < kSineEntries; ++i) {
        const double v = std::sin(2.0 * std::numbers::pi * double(i) / 4096.0) * 32767.0;
        const int16_t s = int16_t(std::lround(v));
        rom[kSineTable + i * 2] = uint8_t(uint16_t(s) >> 8);
        rom[kSineTable + i * 2 + 1] = uint8_t(uint16_t(s) & 0xFF);
    }
    put32(rom, kAngleConstant, f32_to_bits(float(65536.0 / (2.0 * std::numbers::pi))));
    out.anims = write_anims(rom, spec.anims);
    write_faces(rom, out.faces);
    out.rom = std::move(rom);
    return out;
}

Bytes to_v64(ByteSpan z64) {
    Bytes b(z64.begin(), z64.end());
    for (size_t i = 0; i + 1 < b.size(); i += 2) std::swap(b[i], b[i + 1]);
    return b;
}

Bytes to_n64(ByteSpan z64) {
    Bytes b(z64.begin(), z64.end());
    for (size_t i = 0; i + 3 < b.size(); i += 4) {
        std::swap(b[i], b[i + 3]);
        std::swap(b[i + 1], b[i + 2]);
    }
    return b;
}

RomSpec sample_rom_spec() {
    using F = ImageFormat;
    auto tex = [](F fmt, uint8_t siz, int w, int h, TexLoad load, uint32_t seed) {
        TextureSpec t;
        t.fmt = uint8_t(fmt), t.siz = siz, t.width = w, t.height = h, t.load = load, t.seed = seed;
        return t;
    };
    RomSpec spec;
    // Model 0: resource 2, LH5, segment pointers; five nodes with every texture format.
    ModelSpec a;
    a.resource_id = 2;
    a.textures = {
        tex(F::Rgba, 2, 8, 8, TexLoad::Block, 1), tex(F::Rgba, 3, 8, 8, TexLoad::Tile, 2),
        tex(F::Ia, 0, 16, 8, TexLoad::Block, 3),  tex(F::Ia, 1, 8, 8, TexLoad::BlockDxt0, 4),
        tex(F::Ia, 2, 8, 8, TexLoad::Tile, 5),    tex(F::I, 0, 16, 16, TexLoad::BlockDxt0, 6),
        tex(F::I, 1, 8, 8, TexLoad::Block, 7),    tex(F::Ci, 0, 16, 8, TexLoad::Block, 8),
        tex(F::Ci, 1, 8, 8, TexLoad::Tile, 9)};
    a.textures[7].palette = 2;
    a.textures[8].tlut = n64::TlutType::Ia16;
    a.textures[1].cms = 1, a.textures[1].cmt = 2;  // mirror S, clamp T
    a.textures[2].shifts = 1;                      // S / 2
    const float half_pi = float(std::numbers::pi / 2);
    a.nodes = {
        {{1, 1, 1}, {0, 0, 0}, {0, 0, 0}, 1, -1, 0, false, false, false, true, 40},
        {{1, 1, 1}, {0, half_pi, 0}, {0, 100, 0}, 2, 0, 1, false, true, true, true, 30},
        {{1, 2, 1}, {half_pi, 0, 0}, {0, 60, 0}, 3, 1, 2, true, false, true, true, 20},
        {{1, 1, 1},
         {0, 0, 0},
         {50, 0, 0},
         100 /* translation only */,
         0,
         3,
         false,
         false,
         false,
         true,
         20},
        {{1, 1, 1}, {0, 0, half_pi}, {-50, 0, 0}, 5, 0, 4, false, true, false, true, 20},
        {{1, 1, 1}, {0.3f, 0.2f, 0.1f}, {0, -40, 0}, 6, 0, 5, false, false, false, true, 16},
        {{0.5f, 0.5f, 0.5f}, {0, 0, 0}, {0, -30, 0}, 7, 5, 6, false, false, true, true, 16},
        {{1, 1, 1}, {0, 0, 0}, {20, 20, 0}, 8, 6, 7, false, true, false, true, 12},
        {{1, 1, 1}, {0, 0, 0}, {-20, 20, 0}, 9, 5, 8, true, false, false, true, 12},
    };
    // Model 1: resource 0, RAW, resource-relative pointers.
    ModelSpec b;
    b.resource_id = 0;
    b.compressed = false;
    b.pointers = PointerForm::Relative;
    b.textures = {tex(F::Rgba, 2, 16, 16, TexLoad::BlockDxt0, 11)};
    b.nodes = {{{1, 1, 1}, {0, 0, 0}, {0, 0, 0}, 1, -1, 0, false, false, false, true, 30},
               {{1, 1, 1}, {0, 0, 0.5f}, {0, 50, 0}, 2, 0, 0, false, true, true, true, 20},
               // Face quads: eyes (slot 0, bank 0, blinking program 0) and mouth
               // (slot 1, bank 1, program 4), drawn from segments 0x08 and 0x09.
               {{1, 1, 1}, {0, 0, 0}, {0, 20, 5}, 60, 0, -1, false, false, false, true, 12, 0},
               {{1, 1, 1}, {0, 0, 0}, {0, -10, 5}, 61, 0, -1, false, false, false, true, 12, 1}};
    b.face_slots = {{0, 0}, {1, 4}};
    // Model 2: resource 3, LH5, KSEG0 pointers; untextured and lit.
    ModelSpec c;
    c.resource_id = 3;
    c.pointers = PointerForm::Kseg0;
    c.kseg0_base = 0x80231A40;
    c.nodes = {{{1, 1, 1}, {0, 0, 0}, {0, 0, 0}, 1, -1, -1, true, false, false, true, 25},
               {{1, 1, 1}, {0.5f, 0, 0}, {0, 30, 0}, 2, 0, -1, false, false, true, true, 10},
               {{1, 1, 1}, {0, 0, 0}, {0, 30, 0}, 3, 1, -1, true, true, false, true, 10}};
    // Model 3: resource 5, LH5, segment 0x04, a root without a display list.
    ModelSpec d;
    d.resource_id = 5;
    d.segment = 0x04;
    d.textures = {tex(F::Ci, 1, 16, 16, TexLoad::Block, 21)};
    // Root type 4: animation bank 3 (root type 1) does not apply to it, 17 does.
    d.nodes = {{{1, 1, 1}, {0, 0, 0}, {0, 0, 0}, 4, -1, -1, false, false, false, false, 10},
               {{1, 1, 1}, {0, 0, 0}, {0, 10, 0}, 2, 0, 0, false, false, false, true, 30}};
    // Model 4: resource 6, LH5, segment pointers; rotations off the quarter
    // turns on every level of a four-deep chain, so the sine table's rounding
    // reaches the bind matrices (a glTF inverse bind matrix must stay exactly
    // affine whatever that rounding does).
    ModelSpec e;
    e.resource_id = 6;
    e.nodes = {
        {{1, 1, 1}, {0.7f, -0.4f, 1.1f}, {0, 0, 0}, 1, -1, -1, true, false, false, true, 20},
        {{1, 1, 1}, {1.3f, 0.25f, -0.9f}, {0, 40, 5}, 2, 0, -1, true, false, true, true, 15},
        {{1.5f, 1, 0.5f}, {-0.6f, 2.2f, 0.3f}, {10, 30, 0}, 3, 1, -1, false, false, true, true, 12},
        {{1, 1, 1}, {0.45f, -1.7f, 2.9f}, {0, 25, 0}, 5, 2, -1, true, false, false, true, 8},
        {{1, 1, 1}, {-2.6f, 0.8f, -0.15f}, {-30, 10, 0}, 6, 0, -1, false, false, false, true, 10},
    };
    spec.models = {a, b, c, d, e};
    spec.filler_resources = {1, 4};
    spec.anims = sample_anim_spec();
    spec.faces = sample_face_spec();
    return spec;
}

}  // namespace ripkit::hey_you_pikachu
