#include "cutseq_splice.hpp"

#include <string>

#include "cutseq_table.hpp"
#include "ripkit/error.hpp"

namespace ripkit::tr_cutseq {

namespace {

bool overlaps(uint64_t a, uint64_t a_size, uint64_t b, uint64_t b_size) {
    return a < b + b_size && b < a + a_size;
}

void put_u32(Bytes& b, size_t at, uint64_t v) {
    if (v > UINT32_MAX) fail_no_offset(ErrorKind::BadValue, "a CUTSEQ file under 4 GiB");
    for (int i = 0; i < 4; ++i) b[at + size_t(i)] = static_cast<uint8_t>(v >> (8 * i));
}

Bytes append_block(ByteSpan bin, int index, ByteSpan block) {
    Bytes out(bin.begin(), bin.end());
    while (out.size() % 4) out.push_back(0);
    const uint64_t at = out.size();
    out.insert(out.end(), block.begin(), block.end());
    put_u32(out, 8 * size_t(index), at);
    put_u32(out, 8 * size_t(index) + 4, block.size());
    return out;
}

}  // namespace

Bytes splice_block(ByteSpan bin, const CutseqFile& file, int index, ByteSpan block) {
    if (index < 1 || index > file.table_entries)
        fail_no_offset(ErrorKind::Usage, "--item 1.." + std::to_string(file.table_entries) +
                                             " (the base file's table has " +
                                             std::to_string(file.table_entries) +
                                             " entries), got " + std::to_string(index));
    const Cutscene* old = nullptr;
    for (const Cutscene& c : file.cutscenes)
        if (c.index == index) old = &c;
    if (!old || old->empty) return append_block(bin, index, block);
    for (const Cutscene& c : file.cutscenes)
        if (c.index != index && !c.empty && overlaps(c.offset, c.size, old->offset, old->size))
            return append_block(bin, index, block);

    // Keep the blocks behind it 4-aligned as they were: pad the new block so
    // that the size change is a multiple of 4.
    const uint64_t end = uint64_t(old->offset) + old->size;
    size_t pad = 0;
    while ((block.size() + pad) % 4 != old->size % 4) ++pad;
    const int64_t delta = int64_t(block.size() + pad) - int64_t(old->size);
    Bytes out(bin.begin(), bin.begin() + old->offset);
    out.insert(out.end(), block.begin(), block.end());
    out.insert(out.end(), pad, 0);
    out.insert(out.end(), bin.begin() + static_cast<ptrdiff_t>(end), bin.end());
    for (const Cutscene& c : file.cutscenes) {
        if (c.empty || c.index == index || c.offset < end) continue;
        put_u32(out, 8 * size_t(c.index), uint64_t(int64_t(c.offset) + delta));
    }
    put_u32(out, 8 * size_t(index) + 4, block.size());
    return out;
}

}  // namespace ripkit::tr_cutseq
