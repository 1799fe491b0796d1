#include "ripkit/n64/f3dex2.hpp"

#include <algorithm>
#include <cstdio>
#include <unordered_set>

#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"

namespace ripkit::n64 {

namespace {

int32_t half(uint32_t word, bool high, bool is_signed) {
    const uint16_t h = uint16_t(high ? word >> 16 : word & 0xFFFF);
    return is_signed ? int32_t(int16_t(h)) : int32_t(h);
}

}  // namespace

F3dex2Interpreter::F3dex2Interpreter(const Memory& memory, InterpreterConfig config, Budget& budget)
    : memory_(memory), config_(config), budget_(budget), limits_(budget.limits()) {}

uint32_t F3dex2Interpreter::translate(uint32_t address) const {
    // Only segments a G_MOVEWORD set are rebased; anything else is the game's
    // own address space and goes to Memory unchanged.
    const uint8_t seg = segment_of(address);
    if ((address >> 28) == 0 && seg != 0 && segments_[seg] != 0)
        return segments_[seg] + segment_offset(address);
    return address;
}

void F3dex2Interpreter::run(uint32_t address, int slot) {
    slot_ = slot;
    std::vector<Frame> stack{{translate(address)}};
    // Addresses executed per call frame: a frame that comes back to one of its
    // own commands (through G_DL branch / G_BRANCH_Z) would never end.
    std::vector<std::unordered_set<uint32_t>> seen(1);
    const uint64_t max_steps = limits_.max_steps;
    const uint64_t max_depth = std::min<uint64_t>(config_.max_call_depth, limits_.max_depth);
    while (!stack.empty()) {
        if (++stats_.steps > max_steps)
            fail(ErrorKind::StepLimit, stack.back().pc,
                 "a display list that ends within " + std::to_string(max_steps) + " commands");
        const uint32_t pc = stack.back().pc;
        // The document's step total is charged a chunk ahead, not per command.
        if (stats_.steps > steps_charged_) {
            budget_.charge_steps(kStepChunk, "display list commands", pc);
            steps_charged_ += kStepChunk;
        }
        if (!seen.back().insert(pc).second)
            fail(ErrorKind::StepLimit, pc,
                 "a display list without loops (command " + hex(pc, 8) + " reached twice)");
        ByteReader r = memory_.at(pc, 8, "an F3DEX2 command");
        const uint32_t w0 = r.u32be("command w0"), w1 = r.u32be("command w1");
        stack.back().pc = pc + 8;
        const size_t depth_before = stack.size();
        step(pc, w0, w1, stack);
        if (stack.size() > depth_before) {
            if (stack.size() > max_depth)
                fail(ErrorKind::DepthLimit, pc,
                     "display-list calls nested at most " + std::to_string(max_depth) + " deep");
            seen.emplace_back();
            stats_.max_depth = std::max<uint32_t>(stats_.max_depth, uint32_t(stack.size()));
        } else if (stack.size() < depth_before) {
            seen.pop_back();
        }
    }
}

// One case per command, as the microcode's dispatch table has it: the long
// ones call helpers, and splitting the switch would only hide the table.
void F3dex2Interpreter::step(uint32_t addr, uint32_t w0, uint32_t w1, std::vector<Frame>& stack) {
    const uint8_t opcode = uint8_t(w0 >> 24);
    const char* name = command_name(opcode);
    if (!name)
        fail(ErrorKind::BadValue, addr,
             "an F3DEX2 command (opcode 0x" + hex(opcode, 8).substr(8) + " is not one)");
    ++stats_.commands[name];
    switch (opcode) {
        case op::kVtx:
            load_vertices(addr, w0, w1);
            break;
        case op::kModifyVtx: {
            const uint32_t where = (w0 >> 16) & 0xFF, v = (w0 & 0xFFFF) / 2;
            if (v >= cache_.size())
                fail(ErrorKind::BadIndex, addr, "a G_MODIFYVTX vertex index below 32");
            RspVertex& vx = cache_[v];
            vx.load_serial = ++serial_;
            if (where == 0x10) {
                for (int i = 0; i < 4; ++i) vx.c[i] = uint8_t(w1 >> (24 - 8 * i));
                vx.lit = false;
            } else if (where == 0x14) {
                vx.s = int16_t(w1 >> 16);
                vx.t = int16_t(w1 & 0xFFFF);
            }
            break;
        }
        case op::kTri1:
            emit(addr, decode_tri1(w0));
            break;
        case op::kTri2:
        case op::kQuad: {
            const auto t = decode_tri2(w0, w1);
            emit(addr, t[0]);
            emit(addr, t[1]);
            break;
        }
        case op::kTexture: {
            const TextureCmd c = decode_texture(w0, w1);
            texture_on_ = c.on != 0;
            texture_tile_ = uint8_t(c.tile);
            if (config_.microcode == Microcode::F3dam)
                tex_m_ = w1;
            else
                scale_s_ = c.s_hi, scale_t_ = c.t_lo;
            break;
        }
        case op::kGeometryMode:
            geometry_mode_ = (geometry_mode_ & (w0 & 0xFFFFFF)) | w1;
            break;
        case op::kMtx: {
            const MtxCmd m = decode_mtx(w0, w1);
            if (!m.projection && segment_of(m.address) == config_.matrix_segment &&
                (m.address >> 28) == 0) {
                const uint32_t off = segment_offset(m.address);
                if (off % config_.matrix_stride)
                    fail(ErrorKind::BadValue, addr,
                         "a palette matrix address aligned to " +
                             std::to_string(config_.matrix_stride) + " (got " + hex(m.address, 8) +
                             ")");
                slot_ = int(off / config_.matrix_stride);
            } else {
                ++stats_.foreign_matrices;
            }
            break;
        }
        case op::kMoveWord: {
            const MoveWordCmd c = decode_moveword(w0, w1);
            if (c.index == 6 && c.offset / 4 < 16) {
                segments_[c.offset / 4] = c.value;
            } else if (c.index == 8 && config_.microcode == Microcode::F3dam) {
                if (c.offset == 0x0C) tex_o_ = c.value;
                if (c.offset == 0x10) tex_r_ = c.value;
            }
            break;
        }
        case op::kDl: {
            const DlCmd c = decode_dl(w0, w1);
            if (c.branch)
                stack.back().pc = translate(c.address);
            else
                stack.push_back({translate(c.address)});
            break;
        }
        case op::kEndDl:
            stack.pop_back();
            break;
        case op::kBranchZ:
            // Assumed (formats list it in their schema): the depth test is not taken (no camera);
            // the list goes on with the commands that follow.
            break;
        case op::kSetOtherModeL:
        case op::kSetOtherModeH: {
            const OtherModeCmd c = decode_othermode(w0);
            const uint32_t mask = (c.length >= 32 ? 0xFFFFFFFFu : ((1u << c.length) - 1u))
                                  << c.shift;
            uint32_t& mode = opcode == op::kSetOtherModeL ? othermode_l_ : othermode_h_;
            mode = (mode & ~mask) | (w1 & mask);
            break;
        }
        case op::kRdpSetOtherMode:
            othermode_h_ = w0 & 0xFFFFFF;
            othermode_l_ = w1;
            break;
        case op::kSetCombine:
            combine_w0_ = w0 & 0xFFFFFF;
            combine_w1_ = w1;
            break;
        case op::kSetPrimColor:
            prim_ = w1;
            break;
        case op::kSetEnvColor:
            env_ = w1;
            break;
        case op::kSetTImg: {
            const SetTImgCmd c = decode_settimg(w0, w1);
            timg_ = {c.fmt, c.siz, c.width, translate(c.address)};
            break;
        }
        case op::kSetTile: {
            const SetTileCmd c = decode_settile(w0, w1);
            TileDescriptor& t = tiles_[c.tile];
            t.fmt = c.fmt, t.siz = c.siz, t.line = c.line, t.tmem = c.tmem;
            t.palette = c.palette, t.cms = c.cms, t.cmt = c.cmt, t.masks = c.masks;
            t.maskt = c.maskt, t.shifts = c.shifts, t.shiftt = c.shiftt;
            break;
        }
        case op::kSetTileSize: {
            const TileRectCmd c = decode_tile_rect(w0, w1);
            TileDescriptor& t = tiles_[c.tile];
            t.uls = c.uls, t.ult = c.ult, t.lrs = c.lrs, t.lrt = c.lrt;
            break;
        }
        case op::kLoadBlock:
            load_block(addr, w0, w1);
            break;
        case op::kLoadTile:
            load_tile(addr, w0, w1);
            break;
        case op::kLoadTlut:
            load_tlut(addr, w0, w1);
            break;
        default:
            break;  // syncs, no-ops, lights, viewport: nothing a model keeps
    }
}

void F3dex2Interpreter::load_vertices(uint32_t addr, uint32_t w0, uint32_t w1) {
    const VtxCmd c = decode_vtx(w0, w1);
    if (c.count == 0 || c.first >= cache_.size() || c.count > cache_.size() - c.first)
        fail(ErrorKind::BadIndex, addr,
             "a G_VTX that fits the 32-entry vertex cache (first " +
                 std::to_string(int32_t(c.first)) + ", count " + std::to_string(c.count) + ")");
    const uint32_t src = translate(c.address);
    ByteReader r = memory_.at(src, size_t(c.count) * 16, "G_VTX vertices");
    for (uint32_t i = 0; i < c.count; ++i) {
        RspVertex v;
        v.x = r.s16("Vtx x"), v.y = r.s16("Vtx y"), v.z = r.s16("Vtx z");
        v.flag = r.u16("Vtx flag");
        v.s_raw = r.s16("Vtx s"), v.t_raw = r.s16("Vtx t");
        for (auto& b : v.c) b = r.u8("Vtx colour/normal");
        v.lit = (geometry_mode_ & geom::kLighting) != 0;
        v.slot = slot_;
        v.load_serial = ++serial_;
        v.cache_index = c.first + i;
        v.address = src + i * 16;
        v.loaded = true;
        texture_coords(v);
        cache_[c.first + i] = v;
    }
    stats_.vertices_loaded += c.count;
}

void F3dex2Interpreter::texture_coords(RspVertex& v) const {
    if (config_.microcode == Microcode::F3dex2) {
        v.s = int32_t((int64_t(v.s_raw) * scale_s_) >> 16);
        v.t = int32_t((int64_t(v.t_raw) * scale_t_) >> 16);
        return;
    }
    const bool sg = config_.f3dam_signed_matrix;
    const int64_t s = v.s_raw, t = v.t_raw;
    const int64_t ss =
        ((((half(tex_m_, true, sg) * s + half(tex_m_, false, sg) * t) * 2) + 0x8000) >> 16);
    const int64_t tt =
        ((((half(tex_r_, true, sg) * s + half(tex_r_, false, sg) * t) * 2) + 0x8000) >> 16);
    v.s = int32_t(ss + half(tex_o_, true, true));
    v.t = int32_t(tt + half(tex_o_, false, true));
}

void F3dex2Interpreter::emit(uint32_t addr, const std::array<uint32_t, 3>& idx) {
    Triangle tri;
    for (int k = 0; k < 3; ++k) {
        if (idx[k] >= cache_.size())
            fail(ErrorKind::BadIndex, addr,
                 "a triangle vertex index below 32 (got " + std::to_string(idx[k]) + ")");
        if (!cache_[idx[k]].loaded)
            fail(ErrorKind::BadValue, addr,
                 "a triangle on loaded vertices (cache entry " + std::to_string(idx[k]) +
                     " was never loaded)");
        tri.v[k] = cache_[idx[k]];
    }
    check_alloc(limits_, triangles_.size() + 1, sizeof(Triangle), addr, "triangles");
    // The document pays for the capacity the vector will grow to, before it grows.
    if (triangles_.size() == triangles_.capacity()) {
        const size_t more = std::max<size_t>(triangles_.capacity(), 256);
        budget_.charge_bytes(more * sizeof(Triangle), "triangles", addr);
        triangles_.reserve(triangles_.capacity() + more);
    }
    tri.state = current_state();
    triangles_.push_back(tri);
}

int F3dex2Interpreter::current_texture() {
    if (!texture_on_) return -1;
    const TileDescriptor& t = tiles_[texture_tile_];
    const auto tlut = TlutType((othermode_h_ >> 14) & 3);
    char key[160];
    std::snprintf(key, sizeof key, "%u/%u/%u/%u/%u/%u/%u/%u/%u/%u/%u/%u/%u/%u/%u/%u", tmem_version_,
                  t.fmt, t.siz, t.line, t.tmem, t.palette, t.masks, t.maskt, t.uls, t.ult, t.lrs,
                  t.lrt, unsigned(tlut), t.cms, t.cmt, t.shifts * 16u + t.shiftt);
    auto it = texture_cache_.find(key);
    if (it != texture_cache_.end()) return it->second;
    DecodedTexture d;
    d.image = tmem_.decode(t, tlut);
    d.tile = t;
    d.tlut = tlut;
    d.image_address = last_image_address_;
    d.tlut_address = ImageFormat(t.fmt) == ImageFormat::Ci ? last_tlut_address_ : 0;
    // Identical pixels under identical sampling share one texture.
    for (size_t i = 0; i < textures_.size(); ++i)
        if (textures_[i].image.rgba == d.image.rgba && textures_[i].tile == d.tile &&
            textures_[i].image.width == d.image.width) {
            texture_cache_[key] = int(i);
            return int(i);
        }
    budget_.charge_bytes(d.image.rgba.size() + sizeof(DecodedTexture), "decoded textures");
    textures_.push_back(std::move(d));
    texture_cache_[key] = int(textures_.size() - 1);
    return int(textures_.size() - 1);
}

uint32_t F3dex2Interpreter::current_state() {
    DrawState s;
    s.geometry_mode = geometry_mode_;
    s.othermode_h = othermode_h_, s.othermode_l = othermode_l_;
    s.combine_w0 = combine_w0_, s.combine_w1 = combine_w1_;
    s.prim_color = prim_, s.env_color = env_;
    s.texture_on = texture_on_;
    s.tile = texture_tile_;
    s.texture = current_texture();
    if (texture_on_) {
        s.tile_desc = tiles_[texture_tile_];
        s.tlut = TlutType((othermode_h_ >> 14) & 3);
    }
    if (!states_.empty() && states_.back() == s) return uint32_t(states_.size() - 1);
    for (size_t i = 0; i < states_.size(); ++i)
        if (states_[i] == s) return uint32_t(i);
    states_.push_back(s);
    return uint32_t(states_.size() - 1);
}

void F3dex2Interpreter::load_block(uint32_t addr, uint32_t w0, uint32_t w1) {
    const TileRectCmd c = decode_tile_rect(w0, w1);
    if (c.lrs < c.uls) fail(ErrorKind::BadValue, addr, "G_LOADBLOCK lrs >= uls");
    const uint32_t texels = c.lrs - c.uls + 1;
    const unsigned bits = bits_per_texel(timg_.siz);
    const uint64_t first = (uint64_t(c.ult) * timg_.width + c.uls) * bits / 8;
    const uint64_t bytes = (uint64_t(texels) * bits + 7) / 8;
    ByteReader r = memory_.at(uint32_t(timg_.address + first), size_t(bytes), "G_LOADBLOCK texels");
    tmem_.load_block(tiles_[c.tile], r.data().subspan(0, size_t(bytes)), timg_.siz, texels, c.lrt);
    ++tmem_version_;
    last_image_address_ = timg_.address;
}

void F3dex2Interpreter::load_tile(uint32_t addr, uint32_t w0, uint32_t w1) {
    const TileRectCmd c = decode_tile_rect(w0, w1);
    const uint32_t x0 = c.uls >> 2, y0 = c.ult >> 2, x1 = c.lrs >> 2, y1 = c.lrt >> 2;
    if (x1 < x0 || y1 < y0) fail(ErrorKind::BadValue, addr, "a G_LOADTILE rectangle lr >= ul");
    const unsigned bits = bits_per_texel(timg_.siz);
    const uint32_t row_bytes = ((x1 - x0 + 1) * bits + 7) / 8;
    const size_t stride = (size_t(timg_.width) * bits + 7) / 8;
    const uint32_t rows = y1 - y0 + 1;
    const uint64_t first = (uint64_t(y0) * timg_.width + x0) * bits / 8;
    const uint64_t need = uint64_t(rows - 1) * stride + row_bytes;
    ByteReader r = memory_.at(uint32_t(timg_.address + first), size_t(need), "G_LOADTILE texels");
    TileDescriptor& t = tiles_[c.tile];
    tmem_.load_tile(t, r.data().subspan(0, size_t(need)), stride, rows, row_bytes);
    t.uls = c.uls, t.ult = c.ult, t.lrs = c.lrs, t.lrt = c.lrt;
    ++tmem_version_;
    last_image_address_ = timg_.address;
}

void F3dex2Interpreter::load_tlut(uint32_t, uint32_t w0, uint32_t w1) {
    const LoadTlutCmd c = decode_loadtlut(w0, w1);
    ByteReader r = memory_.at(timg_.address, size_t(c.count) * 2, "G_LOADTLUT palette");
    tmem_.load_tlut(tiles_[c.tile], r.data().subspan(0, size_t(c.count) * 2), c.count);
    ++tmem_version_;
    last_tlut_address_ = timg_.address;
}

}  // namespace ripkit::n64
