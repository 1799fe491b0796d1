#include "ripkit/byte_reader.hpp"

#include <string>

namespace ripkit {

namespace {
std::string describe(std::string_view what, size_t n, size_t have) {
    std::string s(what);
    s += " (" + std::to_string(n) + " bytes, " + std::to_string(have) + " left)";
    return s;
}
}  // namespace

void ByteReader::short_read(size_t n, std::string_view what) const {
    fail(ErrorKind::Truncated, abs_pos(), describe(what, n, remaining()));
}

void ByteReader::need_at(size_t offset, size_t n, std::string_view what) const {
    if (offset > data_.size() || n > data_.size() - offset) {
        const size_t have = offset > data_.size() ? 0 : data_.size() - offset;
        fail(ErrorKind::Truncated, base_ + offset, describe(what, n, have));
    }
}

void ByteReader::seek(size_t local_offset, std::string_view what) {
    if (local_offset > data_.size())
        fail(ErrorKind::BadIndex, base_ + local_offset,
             std::string(what) + " inside " + std::to_string(data_.size()) + "-byte block");
    pos_ = local_offset;
}

void ByteReader::skip(size_t n, std::string_view what) {
    need(n, what);
    pos_ += n;
}

ByteReader ByteReader::sub(size_t offset, size_t n, std::string_view what) const {
    need_at(offset, n, what);
    return ByteReader(data_.subspan(offset, n), base_ + offset, endian_);
}

uint64_t ByteReader::u64(std::string_view what) {
    need(8, what);
    uint64_t lo = load_u32le(&data_[pos_]), hi = load_u32le(&data_[pos_ + 4]);
    if (endian_ == Endian::Big) {
        lo = load_u32be(&data_[pos_ + 4]);
        hi = load_u32be(&data_[pos_]);
    }
    pos_ += 8;
    return lo | (hi << 32);
}

float ByteReader::f32(std::string_view what) { return bits_to_f32(u32(what)); }

float ByteReader::f32be(std::string_view what) { return bits_to_f32(u32be(what)); }

ByteSpan ByteReader::bytes(size_t n, std::string_view what) {
    need(n, what);
    ByteSpan s = data_.subspan(pos_, n);
    pos_ += n;
    return s;
}

uint8_t ByteReader::u8_at(size_t offset, std::string_view what) const {
    need_at(offset, 1, what);
    return data_[offset];
}

uint16_t ByteReader::u16_at(size_t offset, std::string_view what) const {
    need_at(offset, 2, what);
    return endian_ == Endian::Little ? load_u16le(&data_[offset]) : load_u16be(&data_[offset]);
}

uint32_t ByteReader::u32_at(size_t offset, std::string_view what) const {
    need_at(offset, 4, what);
    return endian_ == Endian::Little ? load_u32le(&data_[offset]) : load_u32be(&data_[offset]);
}

float ByteReader::f32_at(size_t offset, std::string_view what) const {
    return bits_to_f32(u32_at(offset, what));
}

void ByteReader::fail_here(ErrorKind kind, std::string expected) const {
    fail(kind, abs_pos(), std::move(expected));
}

void ByteReader::fail_at(size_t local_offset, ErrorKind kind, std::string expected) const {
    fail(kind, base_ + local_offset, std::move(expected));
}

void ByteWriter::u16(uint16_t v) {
    if (endian_ == Endian::Little) {
        out_.push_back(uint8_t(v));
        out_.push_back(uint8_t(v >> 8));
    } else {
        out_.push_back(uint8_t(v >> 8));
        out_.push_back(uint8_t(v));
    }
}

void ByteWriter::u32(uint32_t v) {
    if (endian_ == Endian::Little) {
        for (int i = 0; i < 4; ++i) out_.push_back(uint8_t(v >> (8 * i)));
    } else {
        for (int i = 3; i >= 0; --i) out_.push_back(uint8_t(v >> (8 * i)));
    }
}

void ByteWriter::raw(ByteSpan b) { out_.insert(out_.end(), b.begin(), b.end()); }

void ByteWriter::raw(std::string_view s) { out_.insert(out_.end(), s.begin(), s.end()); }

void ByteWriter::zeros(size_t n, uint8_t fill) { out_.insert(out_.end(), n, fill); }

void ByteWriter::put_u32(size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) {
        const int shift = endian_ == Endian::Little ? 8 * i : 8 * (3 - i);
        out_.at(at + i) = uint8_t(v >> shift);
    }
}

void ByteWriter::put_u16(size_t at, uint16_t v) {
    if (endian_ == Endian::Little) {
        out_.at(at) = uint8_t(v);
        out_.at(at + 1) = uint8_t(v >> 8);
    } else {
        out_.at(at) = uint8_t(v >> 8);
        out_.at(at + 1) = uint8_t(v);
    }
}

}  // namespace ripkit
