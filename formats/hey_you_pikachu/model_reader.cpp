#include "model_reader.hpp"

#include <cstdio>

#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"
#include "rom_layout.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

// Display-list addresses resolved inside the decompressed resource.
class ResourceMemory : public n64::Memory {
  public:
    // `faces` null: the slots are not known yet (the load-address search runs
    // before the slot pointer can be resolved), so a face-segment load that
    // the resource cannot satisfy reads zeros instead of failing.
    ResourceMemory(const Resource& res, const PointerRule& rule, const ModelFaces* faces = nullptr)
        : res_(res), rule_(rule), faces_(faces) {}
    ByteReader at(uint32_t address, size_t n, const std::string& what) const override {
        if (faces_) {
            if (const auto k = face_slot_of_address(address, faces_->slots.size()))
                return face_bytes(*k, address, n, what);
        } else if (face_slot_of_address(address, 16 - kFaceFirstSegment) && n <= kZeros.size()) {
            const auto off = rule_.resolve(address, res_.data.size());
            if (!off || res_.data.size() - *off < n)
                return ByteReader(kZeros, address, Endian::Big);
        }
        const auto off = rule_.resolve(address, res_.data.size());
        if (!off)
            fail(ErrorKind::BadIndex, address,
                 what + " at an address inside the " + std::to_string(res_.data.size()) +
                     "-byte resource (" + rule_.describe() + "; got " + hex(address) + ")");
        ByteReader whole(res_.data, 0, Endian::Big);
        whole.need_at(*off, n, what);
        return whole.sub(*off, res_.data.size() - *off, what);
    }

  private:
    static constexpr std::array<uint8_t, 0x10000> kZeros{};

    // ASSUMPTION(face_segment): segment 0x08 + k holds face slot k's first selected image
    // (texels from offset 0, palette from kFacePaletteOffset), so the face a
    // display list draws is never the resource's bytes.
    ByteReader face_bytes(uint32_t k, uint32_t address, size_t n, const std::string& what) const {
        const FaceSlot& s = faces_->slots[k];
        uint32_t off = address & 0xFFFFFFu;
        const bool palette = off >= kFacePaletteOffset;
        if (palette) off -= kFacePaletteOffset;
        const Bytes& src = palette ? s.palette : s.texels;
        if (off > src.size() || src.size() - off < n)
            fail(ErrorKind::Truncated, address,
                 what + " inside face slot " + std::to_string(k) + "'s " +
                     std::to_string(src.size()) + "-byte " + (palette ? "palette" : "image") +
                     " (" + std::to_string(n) + " bytes at offset " + std::to_string(off) + ")");
        return ByteReader(ByteSpan(src).subspan(off), address, Endian::Big);
    }

    const Resource& res_;
    const PointerRule& rule_;
    const ModelFaces* faces_;
};

struct Attempt {
    Hierarchy hierarchy;
    std::unique_ptr<n64::F3dex2Interpreter> dl;
    std::vector<NodeDisplayList> lists;
};

// Parses the hierarchy and runs every node's display list under `rule`.
Attempt run_model(const Resource& res, uint32_t root, const PointerRule& rule,
                  const ResourceMemory& mem, const Layout& layout, Budget& budget) {
    Attempt a;
    a.hierarchy = parse_hierarchy(res.data, root, rule, budget.limits());
    // ASSUMPTION(branch_z, tlut): the interpreter does not take G_BRANCH_Z, ignores
    // G_MTX outside segment 7 and keeps the TLUT unquadricated (common/src/n64).
    a.dl = std::make_unique<n64::F3dex2Interpreter>(mem, layout.dl, budget);
    for (size_t i = 0; i < a.hierarchy.nodes.size(); ++i) {
        const HierarchyNode& n = a.hierarchy.nodes[i];
        if (!n.display_list) continue;
        const auto before = a.dl->stats().commands;
        const size_t tris_before = a.dl->triangles().size();
        // ASSUMPTION(palette_slots): a node's list starts with the node's own palette slot
        // active; a G_MTX on segment 0x07 inside it selects another.
        with_context("node " + std::to_string(i) + " display list " + hex(n.display_list),
                     [&] { a.dl->run(n.display_list, int(i)); });
        NodeDisplayList l;
        l.node = int(i);
        l.address = n.display_list;
        for (const auto& [name, count] : a.dl->stats().commands) {
            auto it = before.find(name);
            const uint64_t prev = it == before.end() ? 0 : it->second;
            if (count > prev) l.commands[name] = count - prev;
        }
        l.triangles = uint32_t(a.dl->triangles().size() - tris_before);
        a.lists.push_back(std::move(l));
    }
    for (const n64::Triangle& t : a.dl->triangles())
        for (const n64::RspVertex& v : t.v)
            if (v.slot < 0 || size_t(v.slot) >= a.hierarchy.nodes.size())
                fail(ErrorKind::BadIndex, v.address,
                     "a vertex matrix slot naming one of the " +
                         std::to_string(a.hierarchy.nodes.size()) + " hierarchy nodes (slot " +
                         std::to_string(v.slot) + ")");
    return a;
}

// KSEG0 pointers need the address the resource was loaded at. The root
// pointer minus the root node's offset is that address; every 4-aligned node
// position is tried and the one whose tree draws the most triangles wins.
std::optional<uint32_t> infer_kseg0_base(const Resource& res, uint32_t root_ptr,
                                         const Layout& layout, Budget& budget) {
    std::optional<uint32_t> best;
    size_t best_tris = 0, best_nodes = 0;
    if (res.data.size() < kNodeSize) return best;
    for (uint32_t off = 0; off + kNodeSize <= res.data.size() && off <= root_ptr - 0x80000000u;
         off += 4) {
        const uint32_t base = root_ptr - off;
        // Cheap filter before a full parse: the root must link somewhere, and
        // every link must land inside the resource under this base.
        bool links = false, inside = true;
        for (uint32_t f = 0x28; f <= 0x30; f += 4) {
            const uint32_t p = load_u32be(res.data.data() + off + f);
            if (!p) continue;
            links = true;
            if (pointer_shape(p) == PointerShape::Kseg0)
                inside &= p >= base && p - base < res.data.size();
        }
        if (!links || !inside) continue;
        PointerRule rule = layout.pointers;
        rule.kseg0_base = base;
        ResourceMemory mem(res, rule);
        try {
            // A trial's bytes are given back; its commands count to the document's total.
            const Budget::Scope trial(budget);
            Attempt a = run_model(res, off, rule, mem, layout, budget);
            const size_t tris = a.dl->triangles().size(), nodes = a.hierarchy.nodes.size();
            if (tris > best_tris || (tris == best_tris && nodes > best_nodes)) {
                best = rule.kseg0_base;
                best_tris = tris, best_nodes = nodes;
            }
        } catch (const Error& e) {
            if (e.out_of_steps()) throw;
        }
    }
    return best;
}

}  // namespace

DecodedModel decode_model_from(const PikachuRom& rom, const Layout& layout,
                               const ModelRecord& record, const std::array<uint32_t, 21>& words,
                               const Descriptor& d, const Resource& res, Budget& budget) {
    DecodedModel m;
    m.record = record;
    m.descriptor = d;
    m.runtime_record = words;
    m.hierarchy_pointer = words[kHierarchyField / 4];
    m.facial_pointer = words[kFacialField / 4];
    m.pointers = layout.pointers;
    const uint32_t hp = m.hierarchy_pointer;
    if (pointer_shape(hp) == PointerShape::Kseg0 && layout.pointers.allow_kseg0) {
        if (layout.pointers.kseg0_base) {
            m.kseg0_base_source = "setting";
        } else {
            m.pointers.kseg0_base = infer_kseg0_base(res, hp, layout, budget);
            if (!m.pointers.kseg0_base)
                fail(ErrorKind::BadValue, record.rom_offset + kHierarchyField,
                     "a KSEG0 hierarchy pointer (" + hex(hp) +
                         ") for which some load address gives a well-formed hierarchy; "
                         "--set kseg0_base=0x... to give it");
            m.kseg0_base_source = "inferred";
        }
    }
    const auto root = m.pointers.resolve(hp, res.data.size());
    if (!root)
        fail(ErrorKind::BadIndex, record.rom_offset + kHierarchyField,
             "a hierarchy pointer (runtime record +0x1C) inside the " +
                 std::to_string(res.data.size()) + "-byte resource " + std::to_string(d.id) + " (" +
                 m.pointers.describe() + "; got " + hex(hp) + ")");
    m.hierarchy_offset = *root;
    m.faces = with_context("faces (runtime record +0x24)", [&] {
        return read_model_faces(rom.bytes(), res.data, m.facial_pointer, m.pointers);
    });
    ResourceMemory mem(res, m.pointers, &m.faces);
    Attempt a = run_model(res, *root, m.pointers, mem, layout, budget);
    m.hierarchy = std::move(a.hierarchy);
    m.display_lists = std::move(a.lists);
    m.triangles = a.dl->take_triangles();
    m.states = a.dl->states();
    m.textures = a.dl->textures();
    m.stats = a.dl->stats();
    for (size_t i = 0; i < m.states.size(); ++i) {
        const int t = m.states[i].texture;
        if (t < 0) continue;
        if (const auto k =
                face_slot_of_address(m.textures[size_t(t)].image_address, m.faces.slots.size()))
            m.face_slot_of_state[uint32_t(i)] = *k;
    }
    return m;
}

std::array<uint32_t, 21> runtime_record(const ModelRecord& record, const Layout& layout,
                                        const Resource& res) {
    std::array<uint32_t, 21> words = record.words;
    if (layout.record_source == RecordSource::Resource) {
        ByteReader r(res.data, 0, Endian::Big);
        r.need_at(0, kModelRecordSize, "a 0x54-byte runtime record at the resource start");
        for (auto& w : words) w = r.u32be("runtime record word");
    }
    return words;
}

DecodedModel decode_model(const PikachuRom& rom, const Layout& layout, uint32_t index,
                          ResourceCache& cache, Budget& budget) {
    return with_context("model " + std::to_string(index), [&] {
        if (index >= layout.model_count)
            fail_no_offset(ErrorKind::Usage, "a model index below " +
                                                 std::to_string(layout.model_count) + " (got " +
                                                 std::to_string(index) + ")");
        const ModelRecord record = rom.model_record(index);
        const uint32_t id = record.field(layout.descriptor_field);
        const Descriptor d = rom.descriptor(id);
        auto res = cache.get(id, layout.raw_type);
        const std::array<uint32_t, 21> words = runtime_record(record, layout, *res);
        DecodedModel m = decode_model_from(rom, layout, record, words, d, *res, budget);
        m.resource = res;
        return m;
    });
}

}  // namespace ripkit::hey_you_pikachu
