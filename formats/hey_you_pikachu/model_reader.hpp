// One model decoded from the ROM: record -> descriptor -> resource ->
// runtime record -> hierarchy -> matrix palette -> display lists (seed 22,
// steps 1-11). Plain data; model_scene turns it into a ripkit::Scene.
#pragma once

#include <cstdint>
#include <glm/glm.hpp>
#include <memory>
#include <vector>

#include "face_reader.hpp"
#include "hierarchy_reader.hpp"
#include "layout.hpp"
#include "ripkit/n64/f3dex2.hpp"
#include "rom_reader.hpp"

namespace ripkit::hey_you_pikachu {

struct NodeDisplayList {
    int node = -1;
    uint32_t address = 0;
    std::map<std::string, uint64_t> commands;  // counts by command name
    uint32_t triangles = 0;
};

struct DecodedModel {
    ModelRecord record;
    Descriptor descriptor;
    std::shared_ptr<const Resource> resource;
    std::array<uint32_t, 21> runtime_record{};  // where +0x1C / +0x24 were read
    uint32_t hierarchy_pointer = 0, hierarchy_offset = 0;
    uint32_t facial_pointer = 0;
    PointerRule pointers;           // with the KSEG0 base in force for this model
    std::string kseg0_base_source;  // "", "setting", "inferred"
    Hierarchy hierarchy;
    std::vector<glm::mat4> palette;  // accumulated node matrices (bind pose)
    std::vector<n64::Triangle> triangles;
    std::vector<n64::DrawState> states;
    std::vector<n64::DecodedTexture> textures;
    n64::DlStats stats;
    std::vector<NodeDisplayList> display_lists;
    ModelFaces faces;                                 // slots, banks, programs (face_reader.hpp)
    std::map<uint32_t, uint32_t> face_slot_of_state;  // draw state -> face slot it shows
};

// Decodes model `index` with `layout`; throws ripkit::Error (with a
// "model N" frame) on any inconsistency. The display lists' commands,
// triangles and textures are charged to `budget`, the document's (the layout
// search's trials too, inside a Budget::Scope that gives their bytes back).
DecodedModel decode_model(const PikachuRom& rom, const Layout& layout, uint32_t index,
                          ResourceCache& cache, Budget& budget);

// The runtime record the hierarchy (+0x1C) and facial (+0x24) pointers are
// read from: the ROM record, or the resource's first 0x54 bytes
// (Layout::record_source).
std::array<uint32_t, 21> runtime_record(const ModelRecord& record, const Layout& layout,
                                        const Resource& res);

// Steps after the resource is known; the layout search calls it with
// candidate records. `words` is the runtime record.
DecodedModel decode_model_from(const PikachuRom& rom, const Layout& layout,
                               const ModelRecord& record, const std::array<uint32_t, 21>& words,
                               const Descriptor& d, const Resource& res, Budget& budget);

}  // namespace ripkit::hey_you_pikachu
