// How users hold Zouna objects: a raw object (24-byte header, link header,
// body - dpc style), the same behind bff's 16-byte aligned BFF0 header, or
// inside a FUEL-family BigFile (.DPC and friends).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ripkit/byte_reader.hpp"
#include "ripkit/limits.hpp"
#include "zouna/container/bff0.hpp"

namespace ripkit::zouna {

inline constexpr size_t kObjectHeaderSize = 24;

struct ObjectHeader {
    uint32_t data_size = 0;  // link header + body as stored
    uint32_t link_header_size = 0;
    uint32_t decompressed_size = 0;  // body after decompression
    uint32_t compressed_size = 0;    // 0 = stored
    uint32_t class_crc = 0;
    uint32_t name_crc = 0;
};

// One object found in the input (nothing decoded yet).
struct ObjectRef {
    ObjectHeader header;
    Endian endian = Endian::Little;
    uint64_t offset = 0;  // absolute offset of the 24-byte header
    bool pooled = false;  // BigFile pool object: the body is elsewhere (unsupported)
    std::string name;     // known name, else empty
};

// Known class names by crc ("Animation_Z", ...); empty when unknown.
std::string class_name(uint32_t class_crc);
inline constexpr const char* kAnimationClass = "Animation_Z";
inline constexpr const char* kSkelClass = "Skel_Z";
inline constexpr const char* kMaterialAnimClass = "MaterialAnim_Z";
bool is_supported_class(uint32_t class_crc);

// Guesses the byte order of an object header at `at`: the order in which the
// class crc is a known class, else the one where the sizes agree. `forced`
// overrides. nullopt when neither order looks like an object header.
std::optional<Endian> detect_object_endian(ByteSpan data, size_t at);

ObjectHeader read_object_header(ByteReader& r);
// Checks the sizes against the data after the header; throws on mismatch.
ObjectRef parse_object(ByteSpan data, size_t at, Endian e, uint64_t base = 0);

// The body, decompressed when LZRS-compressed.
Bytes object_body(ByteSpan data, const ObjectRef& o, const Limits& limits);

}  // namespace ripkit::zouna
