// One bounds-checked reader for every format (cgltf style: every read checks
// its range and reports the absolute input offset on failure).
//
// A ByteReader is a window [begin, end) over an immutable buffer plus a cursor.
// Offsets reported in errors are absolute offsets in the original input
// (`base` + position), so a sub-reader over a decompressed block can still say
// where in *that* block it failed (its base is 0 in the decompressed space and
// the caller adds a where-frame naming the block).
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ripkit/error.hpp"

namespace ripkit {

using Bytes = std::vector<uint8_t>;
using ByteSpan = std::span<const uint8_t>;

enum class Endian { Little, Big };

class ByteReader {
  public:
    ByteReader() = default;
    // `base` is the absolute offset of data[0] for error messages.
    explicit ByteReader(ByteSpan data, uint64_t base = 0, Endian endian = Endian::Little)
        : data_(data), base_(base), endian_(endian) {}

    size_t size() const { return data_.size(); }
    size_t pos() const { return pos_; }
    size_t remaining() const { return data_.size() - pos_; }
    bool at_end() const { return pos_ >= data_.size(); }
    uint64_t base() const { return base_; }
    uint64_t abs_pos() const { return base_ + pos_; }
    uint64_t abs(size_t local) const { return base_ + local; }
    ByteSpan data() const { return data_; }
    Endian endian() const { return endian_; }
    void set_endian(Endian e) { endian_ = e; }

    // Throws Truncated unless `n` bytes are available at the cursor.
    void need(size_t n, std::string_view what) const {
        if (n > remaining()) short_read(n, what);
    }
    // Throws Truncated unless [offset, offset+n) lies inside the window.
    void need_at(size_t offset, size_t n, std::string_view what) const;

    void seek(size_t local_offset, std::string_view what);
    void skip(size_t n, std::string_view what);

    // A reader over [offset, offset+n) of this window, cursor at 0.
    ByteReader sub(size_t offset, size_t n, std::string_view what) const;
    // The remaining bytes from the cursor as a sub-reader.
    ByteReader rest() const { return ByteReader(data_.subspan(pos_), base_ + pos_, endian_); }

    uint8_t u8(std::string_view what = "u8");
    int8_t s8(std::string_view what = "s8") { return static_cast<int8_t>(u8(what)); }
    uint16_t u16(std::string_view what = "u16");  // in the reader's endian
    int16_t s16(std::string_view what = "s16") { return static_cast<int16_t>(u16(what)); }
    uint32_t u32(std::string_view what = "u32");
    int32_t s32(std::string_view what = "s32") { return static_cast<int32_t>(u32(what)); }
    uint64_t u64(std::string_view what = "u64");
    float f32(std::string_view what = "f32");
    uint16_t u16le(std::string_view what = "u16");
    uint32_t u32le(std::string_view what = "u32");
    uint16_t u16be(std::string_view what = "u16");
    uint32_t u32be(std::string_view what = "u32");
    float f32be(std::string_view what = "f32");
    ByteSpan bytes(size_t n, std::string_view what);

    // Random access without moving the cursor (local offsets).
    uint8_t u8_at(size_t offset, std::string_view what = "u8") const;
    uint16_t u16_at(size_t offset, std::string_view what = "u16") const;
    uint32_t u32_at(size_t offset, std::string_view what = "u32") const;
    float f32_at(size_t offset, std::string_view what = "f32") const;

    [[noreturn]] void fail_here(ErrorKind kind, std::string expected) const;
    // need()'s error, out of line: the reads below are inline, as every
    // decoder's inner loops are made of them.
    [[noreturn]] void short_read(size_t n, std::string_view what) const;
    [[noreturn]] void fail_at(size_t local_offset, ErrorKind kind, std::string expected) const;

  private:
    // A value of T at the cursor, read by Load; the cursor moves past it.
    template <class T, T (*Load)(const uint8_t*)>
    T take(std::string_view what) {
        need(sizeof(T), what);
        const T v = Load(data_.data() + pos_);
        pos_ += sizeof(T);
        return v;
    }

    ByteSpan data_;
    size_t pos_ = 0;
    uint64_t base_ = 0;
    Endian endian_ = Endian::Little;
};

// Plain helpers on raw memory (callers have already bounds-checked).
inline uint16_t load_u16le(const uint8_t* p) { return uint16_t(p[0] | (p[1] << 8)); }
inline uint32_t load_u32le(const uint8_t* p) {
    return uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
}
inline uint16_t load_u16be(const uint8_t* p) { return uint16_t((p[0] << 8) | p[1]); }
inline uint32_t load_u32be(const uint8_t* p) {
    return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | uint32_t(p[3]);
}
inline float bits_to_f32(uint32_t v) {
    float f;
    std::memcpy(&f, &v, 4);
    return f;
}
inline uint32_t f32_to_bits(float f) {
    uint32_t v;
    std::memcpy(&v, &f, 4);
    return v;
}

// Sign-extends the low `bits` bits of v (1 <= bits <= 32).
inline int32_t sign_extend(uint32_t v, unsigned bits) {
    const uint32_t m = bits >= 32 ? 0xFFFFFFFFu : ((1u << bits) - 1u);
    v &= m;
    const uint32_t sign = 1u << (bits - 1);
    return static_cast<int32_t>((v ^ sign) - sign);
}

inline uint8_t ByteReader::u8(std::string_view what) {
    need(1, what);
    return data_[pos_++];
}
inline uint16_t ByteReader::u16le(std::string_view what) {
    return take<uint16_t, load_u16le>(what);
}
inline uint32_t ByteReader::u32le(std::string_view what) {
    return take<uint32_t, load_u32le>(what);
}
inline uint16_t ByteReader::u16be(std::string_view what) {
    return take<uint16_t, load_u16be>(what);
}
inline uint32_t ByteReader::u32be(std::string_view what) {
    return take<uint32_t, load_u32be>(what);
}
inline uint16_t ByteReader::u16(std::string_view what) {
    return endian_ == Endian::Little ? u16le(what) : u16be(what);
}
inline uint32_t ByteReader::u32(std::string_view what) {
    return endian_ == Endian::Little ? u32le(what) : u32be(what);
}

// Little-endian byte writer used by every format's writer (tests, samples).
class ByteWriter {
  public:
    explicit ByteWriter(Endian e = Endian::Little) : endian_(e) {}
    Bytes& bytes() { return out_; }
    const Bytes& bytes() const { return out_; }
    size_t size() const { return out_.size(); }
    void set_endian(Endian e) { endian_ = e; }

    void u8(uint8_t v) { out_.push_back(v); }
    void u16(uint16_t v);
    void s16(int16_t v) { u16(static_cast<uint16_t>(v)); }
    void u32(uint32_t v);
    void s32(int32_t v) { u32(static_cast<uint32_t>(v)); }
    void f32(float v) { u32(f32_to_bits(v)); }
    // Out of line on purpose: inlined right after out_ is made, vector::insert gets
    // GCC 12 -O2 warnings of overflows that cannot happen (-Wstringop-overflow,
    // -Warray-bounds; GCC PR 106199).
    void raw(ByteSpan b);
    void raw(std::string_view s);
    void zeros(size_t n, uint8_t fill = 0);
    void align(size_t a, uint8_t fill = 0) {
        while (out_.size() % a) out_.push_back(fill);
    }
    // Overwrite a u32 already written (patching offsets).
    void put_u32(size_t at, uint32_t v);
    void put_u16(size_t at, uint16_t v);

  private:
    Bytes out_;
    Endian endian_;
};

}  // namespace ripkit
