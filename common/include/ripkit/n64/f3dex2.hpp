// An F3DEX2 display-list interpreter for model extraction (no rasterising):
// it keeps the RSP state a model's geometry depends on - the 32-entry vertex
// cache, the active matrix-palette slot, geometry/other modes, combiner,
// colours, the texture-coordinate transform - and the RDP's TMEM and tiles,
// and emits triangles whose corners carry the vertex data as loaded plus the
// index of the draw state (material) in effect.
//
// Two microcode variants: plain F3DEX2 (G_TEXTURE = S/T scale) and F3DAM, the
// modified F3DEX2 of Hey You, Pikachu!, whose G_TEXTURE loads the first row of
// a 2x2 texture matrix and whose G_MOVEWORD G_MW_FOG offsets 0x0C/0x10 load the
// S/T offset word and the matrix's second row (see the reference page).
//
// Matrices: G_MTX whose address is in `matrix_segment` selects palette slot
// offset / matrix_stride (rigid matrix-palette skinning: each vertex keeps the
// slot active when it was loaded). Other matrices are counted, not applied.
//
// Bounded: call depth (F3DEX2's own DL stack is 18 deep), total step count,
// and a branch back to a command already executed in the same call frame is
// reported as a loop. Nested G_DL calls share the vertex cache.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"
#include "ripkit/n64/gbi.hpp"
#include "ripkit/n64/texture.hpp"

namespace ripkit::n64 {

// Resolves an address a display list uses (after the interpreter applied its
// segment table) to bytes. Returns a reader whose window starts at the address
// and holds at least `min_bytes` bytes; throws ripkit::Error otherwise.
class Memory {
  public:
    virtual ~Memory() = default;
    virtual ByteReader at(uint32_t address, size_t min_bytes, const std::string& what) const = 0;
};

enum class Microcode { F3dex2, F3dam };

struct InterpreterConfig {
    Microcode microcode = Microcode::F3dam;
    // Assumed by default (F3DAM; formats list it in their schema): the texture matrix halves are
    // signed (0x7FFF ~ 1.0, because the product is shifted left once before >> 16).
    bool f3dam_signed_matrix = true;
    uint8_t matrix_segment = 0x07;
    uint32_t matrix_stride = 0x40;
    uint32_t max_call_depth = 18;
};

struct RspVertex {
    int16_t x = 0, y = 0, z = 0;
    uint16_t flag = 0;
    int16_t s_raw = 0, t_raw = 0;  // as stored in the Vtx
    int32_t s = 0, t = 0;          // after the texture transform, s10.5
    std::array<uint8_t, 4> c{};    // RGBA, or s8 normal xyz + alpha when `lit`
    bool lit = false;              // G_LIGHTING was on when the vertex was loaded
    int slot = 0;                  // matrix-palette slot active at load time
    uint32_t load_serial = 0;      // unique per cache write (for welding)
    uint32_t cache_index = 0;
    uint32_t address = 0;  // where the Vtx was read from
    bool loaded = false;
};

struct DrawState {
    uint32_t geometry_mode = 0;
    uint32_t othermode_h = 0, othermode_l = 0;
    uint32_t combine_w0 = 0, combine_w1 = 0;
    uint32_t prim_color = 0xFFFFFFFF, env_color = 0xFFFFFFFF;
    bool texture_on = false;
    uint8_t tile = 0;
    int texture = -1;  // index into textures(), -1 untextured
    TileDescriptor tile_desc{};
    TlutType tlut = TlutType::None;
    bool operator==(const DrawState&) const = default;
};

struct DecodedTexture {
    Rgba8Image image;
    TileDescriptor tile;
    TlutType tlut = TlutType::None;
    uint32_t image_address = 0;  // last texel load's SETTIMG address
    uint32_t tlut_address = 0;   // last TLUT load's address (CI only)
};

struct Triangle {
    std::array<RspVertex, 3> v;
    uint32_t state = 0;
};

struct DlStats {
    std::map<std::string, uint64_t> commands;  // by command name
    uint64_t steps = 0;
    uint32_t max_depth = 0;
    uint32_t vertices_loaded = 0;
    uint32_t foreign_matrices = 0;  // G_MTX outside the palette segment (ignored)
};

class F3dex2Interpreter {
  public:
    // `budget` (the document's) bounds each run by its per-structure limits
    // and is charged for the commands run and the triangles and textures kept.
    F3dex2Interpreter(const Memory& memory, InterpreterConfig config, Budget& budget);

    // Runs one top-level display list at `address`; the state carries over to
    // the next run. `slot` is the palette slot active on entry.
    void run(uint32_t address, int slot);

    const std::vector<Triangle>& triangles() const { return triangles_; }
    // Moves the triangles out (no second copy of what may be most of the budget).
    std::vector<Triangle> take_triangles() { return std::move(triangles_); }
    const std::vector<DrawState>& states() const { return states_; }
    const std::vector<DecodedTexture>& textures() const { return textures_; }
    const DlStats& stats() const { return stats_; }
    const std::array<RspVertex, 32>& vertex_cache() const { return cache_; }
    const Tmem& tmem() const { return tmem_; }
    uint32_t geometry_mode() const { return geometry_mode_; }
    int active_slot() const { return slot_; }

  private:
    struct Frame {
        uint32_t pc;
    };
    uint32_t translate(uint32_t address) const;
    void step(uint32_t addr, uint32_t w0, uint32_t w1, std::vector<Frame>& stack);
    void load_vertices(uint32_t addr, uint32_t w0, uint32_t w1);
    void texture_coords(RspVertex& v) const;
    void emit(uint32_t addr, const std::array<uint32_t, 3>& idx);
    uint32_t current_state();
    int current_texture();
    void load_block(uint32_t addr, uint32_t w0, uint32_t w1);
    void load_tile(uint32_t addr, uint32_t w0, uint32_t w1);
    void load_tlut(uint32_t addr, uint32_t w0, uint32_t w1);

    const Memory& memory_;
    InterpreterConfig config_;
    Budget& budget_;
    const Limits& limits_;
    static constexpr uint64_t kStepChunk = 1024;
    uint64_t steps_charged_ = 0;  // commands charged to budget_ so far

    std::array<RspVertex, 32> cache_{};
    std::array<uint32_t, 16> segments_{};
    std::array<TileDescriptor, 8> tiles_{};
    Tmem tmem_;
    TextureImage timg_{};
    uint32_t geometry_mode_ =
        geom::kZBuffer | geom::kShade | geom::kCullBack | geom::kShadingSmooth;
    uint32_t othermode_h_ = 0, othermode_l_ = 0;
    uint32_t combine_w0_ = 0, combine_w1_ = 0;
    uint32_t prim_ = 0xFFFFFFFF, env_ = 0xFFFFFFFF;
    bool texture_on_ = false;
    uint8_t texture_tile_ = 0;
    uint16_t scale_s_ = 0xFFFF, scale_t_ = 0xFFFF;                    // F3DEX2
    uint32_t tex_m_ = 0x7FFF0000u, tex_r_ = 0x00007FFFu, tex_o_ = 0;  // F3DAM
    int slot_ = 0;
    uint32_t serial_ = 0;
    uint32_t tmem_version_ = 0;
    uint32_t last_image_address_ = 0, last_tlut_address_ = 0;

    std::vector<Triangle> triangles_;
    std::vector<DrawState> states_;
    std::vector<DecodedTexture> textures_;
    std::map<std::string, int> texture_cache_;  // (tmem version, tile, tlut) -> index
    DlStats stats_;
};

}  // namespace ripkit::n64
