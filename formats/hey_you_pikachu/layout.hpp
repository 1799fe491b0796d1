// Every choice the seed leaves open, decided once per ROM in this one place and
// reported by `info` (key "layout"). Each is decided by structure - first by
// what the tables alone allow (a record field naming a descriptor whose
// resource lies inside the ROM, a hierarchy pointer inside that resource),
// then by decoding a few models under the candidates that remain: one wins
// when, with it, model resources decode into well-formed hierarchies whose
// display lists run to the end and draw triangles - and each can be forced
// with --set key=value (declared in schema.cpp):
//
//   descriptor_field  0x00..0x50  which u32 of the 0x54-byte model record is
//                                 the resource id (seed 2: model index and
//                                 resource id are different numbers)
//   runtime_record    rom|resource  whether the record holding the hierarchy
//                                 pointer (+0x1C) and facial pointer (+0x24) is
//                                 the ROM table record or the first 0x54 bytes
//                                 of the decompressed resource
//   pointers          auto|relative|segment|kseg0  accepted pointer shapes
//   kseg0_base        0x80xxxxxx  load address for KSEG0 pointers (default:
//                                 inferred per model from its hierarchy)
//   raw_type          N           descriptor +0x04 value meaning RAW (default 0)
//   model_count       N           records in the model table (default: up to
//                                 the first all-zero record)
//   euler_order       xyz|...     order the node rotations apply in
//   rotation          table|host  game sine table or host trig
//   microcode         f3dam|f3dex2
//   f3dam_matrix      signed|unsigned  F3DAM texture-matrix halves
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "hierarchy_reader.hpp"
#include "pointers.hpp"
#include "ripkit/error.hpp"
#include "ripkit/format.hpp"
#include "ripkit/n64/f3dex2.hpp"
#include "ripkit/settings.hpp"
#include "rom_reader.hpp"

namespace ripkit::hey_you_pikachu {

enum class RecordSource { Rom, Resource };
const char* record_source_name(RecordSource s);

struct Layout {
    uint32_t descriptor_field = 0x04;
    RecordSource record_source = RecordSource::Rom;
    PointerRule pointers;  // kseg0_base set only when given by the user
    uint32_t raw_type = 0;
    uint32_t model_count = 0;
    EulerOrder euler;
    bool rotation_table = true;
    n64::InterpreterConfig dl;
    // How each choice was made: {"descriptor_field": {"value":..., "source":
    // "inferred"|"setting", "evidence": ...}, ...}
    nlohmann::json report = nlohmann::json::object();
};

// Decoded resources by id (decompression is the expensive part, the layout
// search tries the same resources under several candidates, and the document
// decodes the models the search probed again). What it keeps is charged to the
// document's budget for the document's life (Budget::charge_held).
class ResourceCache {
  public:
    ResourceCache(const PikachuRom& rom, Budget& budget) : rom_(rom), budget_(budget) {}
    // Throws the resource's decode error (remembered, not retried).
    std::shared_ptr<const Resource> get(uint32_t id, uint32_t raw_type);
    // Resources decoded (or failed) so far: what open and the layout search
    // cost in decompression, which tests check stays a handful.
    size_t loads() const { return ok_.size() + failed_.size(); }

  private:
    const PikachuRom& rom_;
    Budget& budget_;
    std::map<std::pair<uint32_t, uint32_t>, std::shared_ptr<const Resource>> ok_;
    std::map<std::pair<uint32_t, uint32_t>, Error> failed_;
};

// Applies the settings, then infers whatever they leave open.
// The trial decodes count their work to `budget`, the document's, and give
// their bytes back.
Layout decide_layout(const PikachuRom& rom, const Settings& settings, ResourceCache& cache,
                     Budget& budget);

}  // namespace ripkit::hey_you_pikachu
