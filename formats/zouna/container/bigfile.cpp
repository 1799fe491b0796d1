// FUEL-family BigFile: 256-byte version string; at 0x100 u32 type, u32 block
// count, two working-buffer capacities, padded size, a version triple; at
// 0x120 up to 64 block descriptions of 24 bytes (resource count, padded size,
// data size, working-buffer offset, first resource name, checksum); pool
// fields at 0x720; blocks from 2048, each its objects back to back and padded
// to 2048 (layout as bff's v1_381 reader describes it).
#include "zouna/container/bigfile.hpp"

#include <algorithm>
#include <string>

namespace ripkit::zouna {

namespace {

constexpr size_t kVersionSize = 256;
constexpr size_t kBlockDescAt = 0x120;
constexpr size_t kBlockDescSize = 24;
constexpr uint32_t kMaxBlocks = 64;
constexpr size_t kPoolFieldsAt = 0x720;
constexpr size_t kSector = 2048;

}  // namespace

// ASSUMPTION(bigfile_magic): a BigFile starts with a printable version string mentioning
// Asobo (as FUEL-era files do: "v1.381.67.09 - Asobo Studio - Internal Cross
// Technology"); the block count is checked when reading.
// A file cut inside the 2048-byte header still names itself by its version
// string, so it is a BigFile that read_bigfile reports as truncated, not a
// file of no known format.
bool looks_like_bigfile(ByteSpan d) {
    const std::string_view head(reinterpret_cast<const char*>(d.data()),
                                std::min(d.size(), kVersionSize));
    const size_t end = head.find('\0');
    if (end == 0 || end == std::string_view::npos) return false;
    for (size_t i = 0; i < end; ++i)
        if (uint8_t(head[i]) < 0x20 || uint8_t(head[i]) > 0x7E) return false;
    return head.substr(0, end).find("Asobo") != std::string_view::npos;
}

BigFileInfo read_bigfile(ByteSpan d, std::optional<Endian> forced, const Limits& limits) {
    BigFileInfo info;
    ByteReader r(d);
    r.need(kBigFileHeaderSize, "a BigFile header");
    const std::string_view head(reinterpret_cast<const char*>(d.data()), kVersionSize);
    info.version = std::string(head.substr(0, head.find('\0')));
    if (forced)
        info.endian = *forced;
    else
        info.endian = load_u32le(d.data() + 0x104) <= load_u32be(d.data() + 0x104) ? Endian::Little
                                                                                   : Endian::Big;
    r.set_endian(info.endian);
    r.seek(kVersionSize, "BigFile header");
    info.type = r.u32("BigFile type");
    info.block_count = r.u32("block count");
    if (info.block_count > kMaxBlocks)
        r.fail_at(0x104, ErrorKind::BadValue,
                  "at most 64 blocks, got " + std::to_string(info.block_count));
    r.seek(kPoolFieldsAt + 4, "pool offset");
    const uint32_t pool = r.u32("pool offset");
    info.has_pool = pool != 0 && pool != 0xFFFFFFFFu;

    size_t block_at = kSector;
    for (uint32_t b = 0; b < info.block_count; ++b) {
        ByteReader desc =
            r.sub(kBlockDescAt + b * kBlockDescSize, kBlockDescSize, "block description");
        const uint32_t count = desc.u32("resource count");
        const uint32_t padded = desc.u32("padded size");
        const uint32_t data_size = desc.u32("data size");
        if (data_size > padded || padded % kSector)
            desc.fail_at(4, ErrorKind::BadValue,
                         "a padded block size (multiple of 2048) of at least the data size " +
                             std::to_string(data_size) + ", got " + std::to_string(padded));
        ByteReader block = r.sub(block_at, data_size, "block " + std::to_string(b));
        // Each object is at least a 24-byte header.
        if (uint64_t(count) * kObjectHeaderSize > data_size)
            desc.fail_at(0, ErrorKind::BadValue,
                         std::to_string(count) + " objects inside a block of " +
                             std::to_string(data_size) + " bytes");
        check_alloc(limits, info.objects.size() + count, sizeof(ObjectRef), desc.abs(0), "objects");
        size_t at = 0;
        for (uint32_t i = 0; i < count; ++i) {
            ObjectRef o = with_context(
                "block " + std::to_string(b) + " object " + std::to_string(i),
                [&] { return parse_object(block.data(), at, info.endian, block.base()); });
            // A pooled object keeps only its link header in the block.
            o.pooled = info.has_pool && o.header.decompressed_size == 0 &&
                       o.header.data_size == o.header.link_header_size;
            at += kObjectHeaderSize + o.header.data_size;
            info.objects.push_back(std::move(o));
        }
        block_at += padded;
    }
    return info;
}

std::string bigfile_names_sibling(const std::string& path) {
    const size_t dot = path.find_last_of('.');
    const size_t slash = path.find_last_of("/\\");
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash) ||
        dot + 1 >= path.size())
        return {};
    std::string s = path;
    char& c = s[dot + 1];
    if (c == 'D')
        c = 'N';
    else if (c == 'd')
        c = 'n';
    else
        return {};
    return s;
}

}  // namespace ripkit::zouna
