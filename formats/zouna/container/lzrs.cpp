#include "zouna/container/lzrs.hpp"

#include <algorithm>
#include <array>

namespace ripkit::zouna {

LzrsHeader lzrs_header(const ByteReader& in) {
    in.need_at(0, 8, "LZRS header (decompressed and compressed size)");
    return {load_u32le(in.data().data()), load_u32le(in.data().data() + 4)};
}

Bytes lzrs_decompress(ByteReader in, const Limits& limits) {
    const LzrsHeader h = lzrs_header(in);
    if (h.compressed_size < 8)
        in.fail_at(4, ErrorKind::BadValue, "an LZRS compressed size of at least 8");
    if (h.compressed_size > in.size())
        in.fail_at(4, ErrorKind::Truncated,
                   "LZRS data of " + std::to_string(h.compressed_size) + " bytes, only " +
                       std::to_string(in.size()) + " present");
    check_alloc(limits, h.decompressed_size, 1, in.abs(0), "LZRS decompressed size");
    ByteReader r = in.sub(0, h.compressed_size, "LZRS stream");
    r.seek(8, "LZRS data");
    Bytes out;
    out.reserve(h.decompressed_size);
    while (out.size() < h.decompressed_size) {
        uint32_t flags = r.u32be("LZRS flag word");
        const unsigned n = flags & 3u;
        const unsigned dist_bits = 14 - n;
        const uint32_t dist_mask = (1u << dist_bits) - 1u;
        for (int i = 0; i < 30 && out.size() < h.decompressed_size; ++i, flags <<= 1) {
            if (!(flags & 0x80000000u)) {
                out.push_back(r.u8("LZRS literal"));
                continue;
            }
            const size_t at = r.pos();
            const uint16_t m = r.u16be("LZRS match");
            const size_t dist = (m & dist_mask) + 1u;
            const size_t len =
                std::min<size_t>((m >> dist_bits) + 3u, h.decompressed_size - out.size());
            if (dist > out.size())
                r.fail_at(at, ErrorKind::BadValue,
                          "an LZRS match distance of at most " + std::to_string(out.size()) +
                              ", got " + std::to_string(dist));
            const size_t from = out.size() - dist;
            for (size_t j = 0; j < len; ++j) out.push_back(out[from + j]);  // may overlap
        }
    }
    return out;
}

namespace {

constexpr size_t kHashSize = 1u << 15;
constexpr int kMaxChain = 64;

struct Finder {
    ByteSpan d;
    std::vector<int32_t> head = std::vector<int32_t>(kHashSize, -1);
    std::vector<int32_t> prev;
    size_t inserted = 0;  // positions [0, inserted) are in the chains

    explicit Finder(ByteSpan data) : d(data), prev(data.size(), -1) {}

    static size_t hash(const uint8_t* p) {
        return ((uint32_t(p[0]) << 10) ^ (uint32_t(p[1]) << 5) ^ p[2]) & (kHashSize - 1);
    }
    void insert_upto(size_t pos) {
        for (; inserted < pos && inserted + 3 <= d.size(); ++inserted) {
            const size_t h = hash(&d[inserted]);
            prev[inserted] = head[h];
            head[h] = static_cast<int32_t>(inserted);
        }
        inserted = std::max(inserted, pos);
    }
    // Undoes insertions back to `to` (each insertion pushed onto its bucket).
    void rollback(size_t to) {
        for (; inserted > to; --inserted) {
            const size_t p = inserted - 1;
            if (p + 3 <= d.size()) head[hash(&d[p])] = prev[p];
        }
    }
    // Longest match at pos within max_dist and max_len (>= 3 or 0).
    std::pair<size_t, size_t> find(size_t pos, size_t max_dist, size_t max_len) {
        insert_upto(pos);
        if (pos + 3 > d.size()) return {0, 0};
        max_len = std::min(max_len, d.size() - pos);
        size_t best_len = 0, best_dist = 0;
        int chain = 0;
        for (int32_t c = head[hash(&d[pos])]; c >= 0 && chain < kMaxChain; c = prev[c], ++chain) {
            const size_t dist = pos - static_cast<size_t>(c);
            if (dist > max_dist) break;
            size_t l = 0;
            while (l < max_len && d[c + l] == d[pos + l]) ++l;
            if (l > best_len) {
                best_len = l;
                best_dist = dist;
                if (l == max_len) break;
            }
        }
        return best_len >= 3 ? std::pair{best_len, best_dist} : std::pair<size_t, size_t>{0, 0};
    }
};

struct Chunk {
    uint32_t flags = 0;
    Bytes bytes;
    size_t covered = 0;
};

Chunk encode_chunk(Finder& f, size_t pos, unsigned n) {
    Chunk c;
    c.flags = n;
    const size_t max_len = (size_t(1) << (n + 2)) - 1 + 3;
    const size_t max_dist = size_t(1) << (14 - n);
    for (int i = 0; i < 30 && pos < f.d.size(); ++i) {
        auto [len, dist] = f.find(pos, max_dist, max_len);
        if (len) {
            c.flags |= 0x80000000u >> i;
            const uint16_t m = static_cast<uint16_t>(((len - 3) << (14 - n)) | (dist - 1));
            c.bytes.push_back(uint8_t(m >> 8));
            c.bytes.push_back(uint8_t(m));
            pos += len;
            c.covered += len;
        } else {
            c.bytes.push_back(f.d[pos]);
            ++pos;
            ++c.covered;
        }
    }
    return c;
}

}  // namespace

Bytes lzrs_compress(ByteSpan data) {
    Bytes out(8, 0);
    Finder f(data);
    size_t pos = 0;
    while (pos < data.size()) {
        Chunk best;
        const size_t saved = f.inserted;
        for (unsigned n = 0; n < 4; ++n) {
            // Each trial starts from the same index state.
            f.rollback(saved);
            Chunk c = encode_chunk(f, pos, n);
            // Best ratio of input covered per output byte (ties: earlier n).
            if (best.bytes.empty() ||
                c.covered * (best.bytes.size() + 4) > best.covered * (c.bytes.size() + 4))
                best = std::move(c);
        }
        f.rollback(saved);
        best = encode_chunk(f, pos, best.flags & 3u);
        const uint32_t fl = best.flags;
        out.push_back(uint8_t(fl >> 24));
        out.push_back(uint8_t(fl >> 16));
        out.push_back(uint8_t(fl >> 8));
        out.push_back(uint8_t(fl));
        out.insert(out.end(), best.bytes.begin(), best.bytes.end());
        pos += best.covered;
    }
    const uint32_t dsz = static_cast<uint32_t>(data.size());
    const uint32_t csz = static_cast<uint32_t>(out.size());
    for (int i = 0; i < 4; ++i) {
        out[i] = uint8_t(dsz >> (8 * i));
        out[4 + i] = uint8_t(csz >> (8 * i));
    }
    return out;
}

}  // namespace ripkit::zouna
