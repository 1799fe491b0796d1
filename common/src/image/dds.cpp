#include "ripkit/image/dds.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "ripkit/error.hpp"
#include "ripkit/number_text.hpp"

namespace ripkit::image {

namespace {

constexpr uint32_t fourcc(const char (&s)[5]) {
    return uint32_t(uint8_t(s[0])) | uint32_t(uint8_t(s[1])) << 8 | uint32_t(uint8_t(s[2])) << 16 |
           uint32_t(uint8_t(s[3])) << 24;
}

using Rgba = std::array<uint8_t, 4>;

Rgba rgb565(uint16_t v) {
    const uint8_t r = uint8_t((v >> 11) & 31), g = uint8_t((v >> 5) & 63), b = uint8_t(v & 31);
    return {uint8_t(r << 3 | r >> 2), uint8_t(g << 2 | g >> 4), uint8_t(b << 3 | b >> 2), 255};
}

// The four colours of a colour block; four_colours for DXT3/5.
std::array<Rgba, 4> block_colours(const uint8_t* p, bool four_colours) {
    const uint16_t c0 = load_u16le(p), c1 = load_u16le(p + 2);
    std::array<Rgba, 4> c{rgb565(c0), rgb565(c1), Rgba{}, Rgba{}};
    for (int k = 0; k < 3; ++k) {
        if (four_colours || c0 > c1) {
            c[2][k] = uint8_t((2 * c[0][k] + c[1][k]) / 3);
            c[3][k] = uint8_t((c[0][k] + 2 * c[1][k]) / 3);
        } else {
            c[2][k] = uint8_t((c[0][k] + c[1][k]) / 2);
        }
    }
    c[2][3] = 255;
    c[3][3] = (four_colours || c0 > c1) ? 255 : 0;
    return c;
}

std::array<uint8_t, 16> dxt5_alpha(const uint8_t* p) {
    const int a0 = p[0], a1 = p[1];
    std::array<int, 8> a{a0, a1, 0, 0, 0, 0, 0, 255};
    if (a0 > a1) {
        for (int i = 1; i < 7; ++i) a[size_t(i + 1)] = ((7 - i) * a0 + i * a1) / 7;
    } else {
        for (int i = 1; i < 5; ++i) a[size_t(i + 1)] = ((5 - i) * a0 + i * a1) / 5;
        a[6] = 0;
    }
    uint64_t bits = 0;
    for (int i = 0; i < 6; ++i) bits |= uint64_t(p[2 + i]) << (8 * i);
    std::array<uint8_t, 16> out{};
    for (int i = 0; i < 16; ++i) out[size_t(i)] = uint8_t(a[(bits >> (3 * i)) & 7]);
    return out;
}

void decode_block(const PixelFormat& f, const uint8_t* p, std::array<Rgba, 16>& px) {
    const uint8_t* colour = f.kind == PixelFormat::Kind::Dxt1 ? p : p + 8;
    const auto c = block_colours(colour, f.kind != PixelFormat::Kind::Dxt1);
    const uint32_t idx = load_u32le(colour + 4);
    for (int i = 0; i < 16; ++i) px[size_t(i)] = c[(idx >> (2 * i)) & 3];
    if (f.kind == PixelFormat::Kind::Dxt3) {
        for (int i = 0; i < 16; ++i)
            px[size_t(i)][3] = uint8_t(((p[i / 2] >> (4 * (i & 1))) & 15) * 17);
    } else if (f.kind == PixelFormat::Kind::Dxt5) {
        const auto a = dxt5_alpha(p);
        for (int i = 0; i < 16; ++i) px[size_t(i)][3] = a[size_t(i)];
    }
}

// A masked channel widened to 8 bits (the top bits repeated).
uint8_t channel(uint32_t pixel, uint32_t mask, uint8_t absent) {
    if (!mask) return absent;
    const int shift = std::countr_zero(mask);
    const int bits = std::popcount(mask);
    uint32_t v = (pixel & mask) >> shift;
    if (bits >= 8) return uint8_t(v >> (bits - 8));
    uint32_t out = 0;
    for (int filled = 0; filled < 8; filled += bits) out = (out << bits) | v;
    return uint8_t(out >> (((8 + bits - 1) / bits) * bits - 8));
}

}  // namespace

PixelFormat dxt_format(int n) {
    PixelFormat f;
    f.kind = n == 1   ? PixelFormat::Kind::Dxt1
             : n == 3 ? PixelFormat::Kind::Dxt3
                      : PixelFormat::Kind::Dxt5;
    return f;
}

std::string pixel_format_name(const PixelFormat& f) {
    switch (f.kind) {
        case PixelFormat::Kind::Dxt1:
            return "DXT1";
        case PixelFormat::Kind::Dxt3:
            return "DXT3";
        case PixelFormat::Kind::Dxt5:
            return "DXT5";
        case PixelFormat::Kind::Masked:
            break;
    }
    auto hex8 = [](uint32_t v) { return hex(v, 8, HexCase::Lower); };
    return std::string(f.luminance ? "luminance " : "") + std::to_string(f.bits) + "-bit (r " +
           hex8(f.r_mask) + ", g " + hex8(f.g_mask) + ", b " + hex8(f.b_mask) + ", a " +
           hex8(f.a_mask) + ")";
}

uint64_t surface_size(const PixelFormat& f, uint32_t w, uint32_t h) {
    if (f.kind == PixelFormat::Kind::Masked) return uint64_t(w) * h * (f.bits / 8);
    const uint64_t blocks =
        std::max<uint64_t>(1, (uint64_t(w) + 3) / 4) * std::max<uint64_t>(1, (uint64_t(h) + 3) / 4);
    return blocks * (f.kind == PixelFormat::Kind::Dxt1 ? 8 : 16);
}

uint64_t mip_chain_size(const PixelFormat& f, uint32_t w, uint32_t h, uint32_t levels) {
    uint64_t total = 0;
    for (uint32_t i = 0; i < levels; ++i) {
        if (w == 1 && h == 1) return total + uint64_t(levels - i) * surface_size(f, 1, 1);
        total += surface_size(f, w, h);
        w = std::max<uint32_t>(1, w / 2);
        h = std::max<uint32_t>(1, h / 2);
    }
    return total;
}

Bytes decode_surface(const PixelFormat& f, ByteSpan data, uint32_t w, uint32_t h,
                     uint64_t base_offset) {
    const uint64_t need = surface_size(f, w, h);
    if (data.size() < need)
        fail(ErrorKind::Truncated, base_offset,
             "a " + pixel_format_name(f) + " surface of " + std::to_string(w) + " x " +
                 std::to_string(h) + " (" + std::to_string(need) + " bytes), got " +
                 std::to_string(data.size()));
    Bytes out(size_t(w) * h * 4);
    if (f.kind == PixelFormat::Kind::Masked) {
        const size_t bpp = f.bits / 8;
        for (size_t i = 0; i < size_t(w) * h; ++i) {
            uint32_t px = 0;
            for (size_t b = 0; b < bpp; ++b) px |= uint32_t(data[i * bpp + b]) << (8 * b);
            uint8_t* o = &out[i * 4];
            o[0] = channel(px, f.r_mask, 0);
            o[1] = f.luminance ? o[0] : channel(px, f.g_mask, 0);
            o[2] = f.luminance ? o[0] : channel(px, f.b_mask, 0);
            o[3] = channel(px, f.a_mask, 255);
        }
        return out;
    }
    const size_t bw = std::max<size_t>(1, (w + 3) / 4), bh = std::max<size_t>(1, (h + 3) / 4);
    const size_t block = f.kind == PixelFormat::Kind::Dxt1 ? 8 : 16;
    std::array<Rgba, 16> px;
    for (size_t by = 0; by < bh; ++by)
        for (size_t bx = 0; bx < bw; ++bx) {
            decode_block(f, &data[(by * bw + bx) * block], px);
            for (size_t y = 0; y < 4; ++y)
                for (size_t x = 0; x < 4; ++x) {
                    const size_t X = bx * 4 + x, Y = by * 4 + y;
                    if (X >= w || Y >= h) continue;
                    std::copy(px[y * 4 + x].begin(), px[y * 4 + x].end(), &out[(Y * w + X) * 4]);
                }
        }
    return out;
}

DdsHeader read_dds_header(ByteReader& r) {
    const size_t at = r.pos();
    if (r.u32le("DDS magic") != fourcc("DDS "))
        r.fail_at(at, ErrorKind::WrongFormat, "a DDS file (\"DDS \" magic)");
    if (r.u32le("DDS header size") != 124)
        r.fail_at(at + 4, ErrorKind::WrongFormat, "a DDS header size of 124");
    const uint32_t flags = r.u32le("DDS flags");
    DdsHeader h;
    h.height = r.u32le("DDS height");
    h.width = r.u32le("DDS width");
    r.skip(4, "DDS pitch or linear size");
    const uint32_t depth = r.u32le("DDS depth");
    const uint32_t mips = r.u32le("DDS mip map count");
    h.levels = (flags & 0x20000) && mips > 1 ? mips : 1;
    r.skip(44, "DDS reserved");
    if (r.u32le("DDS pixel format size") != 32)
        r.fail_at(at + 76, ErrorKind::WrongFormat, "a DDS pixel format size of 32");
    const uint32_t pf_flags = r.u32le("DDS pixel format flags");
    h.fourcc = r.u32le("DDS FourCC");
    PixelFormat& f = h.format;
    f.bits = r.u32le("DDS bits per pixel");
    f.r_mask = r.u32le("DDS red mask");
    f.g_mask = r.u32le("DDS green mask");
    f.b_mask = r.u32le("DDS blue mask");
    f.a_mask = r.u32le("DDS alpha mask");
    r.skip(4, "DDS caps");
    const uint32_t caps2 = r.u32le("DDS caps2");
    r.skip(12, "DDS caps3, caps4, reserved");
    if ((caps2 & 0x200) || (caps2 & 0x200000) || ((flags & 0x800000) && depth > 1))
        r.fail_at(at + 112, ErrorKind::Unsupported, "a 2D texture (not a cube map or volume)");
    if (pf_flags & 0x4) {
        if (h.fourcc == fourcc("DXT1"))
            f = dxt_format(1);
        else if (h.fourcc == fourcc("DXT2") || h.fourcc == fourcc("DXT3"))
            f = dxt_format(3);
        else if (h.fourcc == fourcc("DXT4") || h.fourcc == fourcc("DXT5"))
            f = dxt_format(5);
        else
            r.fail_at(at + 84, ErrorKind::Unsupported, "a DXT1, DXT3 or DXT5 FourCC");
        return h;
    }
    h.fourcc = 0;
    f.luminance = (pf_flags & 0x20000) != 0;
    if (!(pf_flags & 0x1)) f.a_mask = 0;                           // DDPF_ALPHAPIXELS
    if ((pf_flags & 0x2) && !(pf_flags & 0x40) && !f.luminance) {  // alpha only
        f.r_mask = f.g_mask = f.b_mask = 0;
        f.a_mask = f.a_mask ? f.a_mask : 0xFF;
    }
    if (f.bits != 8 && f.bits != 16 && f.bits != 24 && f.bits != 32)
        r.fail_at(at + 88, ErrorKind::Unsupported,
                  "8, 16, 24 or 32 bits per pixel, got " + std::to_string(f.bits));
    return h;
}

}  // namespace ripkit::image
