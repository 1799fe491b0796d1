#include "lh5_encoder.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <queue>
#include <vector>

#include "ripkit/error.hpp"

namespace ripkit::hey_you_pikachu {

namespace {

constexpr int kNumCodes = 510;   // 256 literals + lengths 3..256
constexpr int kNumOffsets = 14;  // offset bit counts 0..13
constexpr int kNumTemp = 19;     // code-length alphabet
constexpr int kMaxLen = 16;
constexpr size_t kWindow = 8192;
constexpr size_t kMinMatch = 3, kMaxMatch = 256;

class BitWriter {
  public:
    void put(uint32_t value, int bits) {
        for (int i = bits - 1; i >= 0; --i) {
            acc_ = uint8_t((acc_ << 1) | ((value >> i) & 1));
            if (++n_ == 8) {
                out_.push_back(acc_);
                acc_ = 0, n_ = 0;
            }
        }
    }
    Bytes finish() {
        if (n_) out_.push_back(uint8_t(acc_ << (8 - n_)));
        acc_ = 0, n_ = 0;
        return std::move(out_);
    }

  private:
    Bytes out_;
    uint8_t acc_ = 0;
    int n_ = 0;
};

struct Token {
    uint16_t code;    // 0..255 literal, 256.. length code
    uint16_t offset;  // distance - 1 (matches only)
};

int offset_bits(uint32_t d) {  // d = distance - 1
    int b = 0;
    while (d >> b) ++b;
    return b;  // 0 for d == 0, else floor(log2 d) + 1
}

// Huffman code lengths limited to kMaxLen; symbols with zero frequency get 0.
std::vector<uint8_t> code_lengths(std::vector<uint32_t> freq) {
    const size_t n = freq.size();
    for (;;) {
        std::vector<uint8_t> len(n, 0);
        struct Item {
            uint64_t f;
            int id;
            bool operator>(const Item& o) const { return f != o.f ? f > o.f : id > o.id; }
        };
        std::priority_queue<Item, std::vector<Item>, std::greater<Item>> q;
        std::vector<int> parent;
        for (size_t i = 0; i < n; ++i)
            if (freq[i]) {
                q.push({freq[i], int(parent.size())});
                parent.push_back(-1);
            }
        std::vector<size_t> leaf_sym;
        for (size_t i = 0; i < n; ++i)
            if (freq[i]) leaf_sym.push_back(i);
        const size_t leaves = leaf_sym.size();
        while (q.size() > 1) {
            const Item a = q.top();
            q.pop();
            const Item b = q.top();
            q.pop();
            const int id = int(parent.size());
            parent.push_back(-1);
            parent[size_t(a.id)] = id;
            parent[size_t(b.id)] = id;
            q.push({a.f + b.f, id});
        }
        int maxlen = 0;
        for (size_t l = 0; l < leaves; ++l) {
            int d = 0;
            for (int p = parent[l]; p >= 0; p = parent[size_t(p)]) ++d;
            len[leaf_sym[l]] = uint8_t(std::max(d, 1));
            maxlen = std::max(maxlen, d);
        }
        if (maxlen <= kMaxLen) return len;
        for (auto& f : freq)
            if (f) f = (f + 1) / 2;
    }
}

// Canonical codes: shorter lengths first, then by symbol (the order LHA's
// make_table and liblhasa's tree builder assign them in).
std::vector<uint16_t> canonical_codes(const std::vector<uint8_t>& len) {
    std::vector<uint16_t> code(len.size(), 0);
    uint32_t next = 0;
    for (int l = 1; l <= kMaxLen; ++l) {
        for (size_t s = 0; s < len.size(); ++s)
            if (len[s] == l) code[s] = uint16_t(next++);
        next <<= 1;
    }
    return code;
}

// At least two used symbols, so no table takes the single-code shortcut.
void ensure_two(std::vector<uint32_t>& freq) {
    int used = 0;
    for (uint32_t f : freq) used += f != 0;
    for (size_t i = 0; used < 2 && i < freq.size(); ++i)
        if (!freq[i]) freq[i] = 1, ++used;
}

void write_length(BitWriter& w, uint8_t len) {
    if (len < 7) {
        w.put(len, 3);
    } else {
        w.put(7, 3);
        for (int i = 7; i < len; ++i) w.put(1, 1);
        w.put(0, 1);
    }
}

size_t trim(const std::vector<uint8_t>& len) {
    size_t n = len.size();
    while (n > 0 && len[n - 1] == 0) --n;
    return n;
}

// The C lengths as temp-alphabet symbols: 0 = one zero, 1 = 3..18 zeros (+4
// bits), 2 = 20..531 zeros (+9 bits), L + 2 = length L.
struct TempSym {
    uint8_t sym;
    uint16_t extra;
};

std::vector<TempSym> encode_c_lengths(const std::vector<uint8_t>& clen, size_t n) {
    std::vector<TempSym> out;
    size_t i = 0;
    while (i < n) {
        if (clen[i]) {
            out.push_back({uint8_t(clen[i] + 2), 0});
            ++i;
            continue;
        }
        size_t run = 0;
        while (i + run < n && clen[i + run] == 0) ++run;
        i += run;
        while (run) {
            if (run <= 2) {
                out.push_back({0, 0});
                --run;
            } else if (run <= 18) {
                out.push_back({1, uint16_t(run - 3)});
                run = 0;
            } else if (run == 19) {
                out.push_back({0, 0});
                out.push_back({1, 15});
                run = 0;
            } else {
                const size_t take = std::min<size_t>(run, 531);
                out.push_back({2, uint16_t(take - 20)});
                run -= take;
            }
        }
    }
    return out;
}

void write_block(BitWriter& w, const std::vector<Token>& toks) {
    std::vector<uint32_t> cf(kNumCodes, 0), pf(kNumOffsets, 0);
    for (const Token& t : toks) {
        ++cf[t.code];
        if (t.code >= 256) ++pf[size_t(offset_bits(t.offset))];
    }
    ensure_two(cf);
    ensure_two(pf);
    const auto clen = code_lengths(cf);
    const auto plen = code_lengths(pf);
    const auto ccode = canonical_codes(clen), pcode = canonical_codes(plen);
    const size_t nc = trim(clen);
    const auto temp = encode_c_lengths(clen, nc);
    std::vector<uint32_t> tf(kNumTemp, 0);
    for (const TempSym& t : temp) ++tf[t.sym];
    ensure_two(tf);
    const auto tlen = code_lengths(tf);
    const auto tcode = canonical_codes(tlen);

    w.put(uint32_t(toks.size()), 16);
    // Temp table; after the third length a 2-bit count of zero lengths follows.
    size_t nt = std::max<size_t>(trim(tlen), 3);
    w.put(uint32_t(nt), 5);
    for (size_t i = 0; i < nt; ++i) {
        write_length(w, tlen[i]);
        if (i == 2) {
            size_t k = 0;
            while (k < 3 && i + 1 + k < nt && tlen[i + 1 + k] == 0) ++k;
            w.put(uint32_t(k), 2);
            i += k;
        }
    }
    w.put(uint32_t(nc), 9);
    for (const TempSym& t : temp) {
        w.put(tcode[t.sym], tlen[t.sym]);
        if (t.sym == 1) w.put(t.extra, 4);
        if (t.sym == 2) w.put(t.extra, 9);
    }
    const size_t np = trim(plen);
    w.put(uint32_t(np), 4);
    for (size_t i = 0; i < np; ++i) write_length(w, plen[i]);
    for (const Token& t : toks) {
        w.put(ccode[t.code], clen[t.code]);
        if (t.code < 256) continue;
        const int b = offset_bits(t.offset);
        w.put(pcode[size_t(b)], plen[size_t(b)]);
        if (b > 1) w.put(t.offset & ((1u << (b - 1)) - 1), b - 1);
    }
}

std::vector<Token> tokenize(ByteSpan data, bool matches) {
    std::vector<Token> toks;
    std::vector<int32_t> head(1 << 13, -1), prev(data.size(), -1);
    auto hash = [&](size_t i) {
        return ((data[i] << 8) ^ (data[i + 1] << 4) ^ data[i + 2]) & 0x1FFF;
    };
    size_t i = 0;
    while (i < data.size()) {
        size_t best_len = 0, best_dist = 0;
        if (matches && i + kMinMatch <= data.size()) {
            int chain = 64;
            for (int32_t j = head[hash(i)]; j >= 0 && chain-- > 0; j = prev[size_t(j)]) {
                const size_t dist = i - size_t(j);
                if (dist > kWindow - 1) break;
                size_t l = 0;
                while (l < kMaxMatch && i + l < data.size() && data[size_t(j) + l] == data[i + l])
                    ++l;
                if (l > best_len) best_len = l, best_dist = dist;
            }
        }
        const size_t step = best_len >= kMinMatch ? best_len : 1;
        if (best_len >= kMinMatch)
            toks.push_back({uint16_t(256 + best_len - kMinMatch), uint16_t(best_dist - 1)});
        else
            toks.push_back({data[i], 0});
        for (size_t k = 0; k < step; ++k, ++i)
            if (i + kMinMatch <= data.size()) {
                const size_t h = hash(i);
                prev[i] = head[h];
                head[h] = int32_t(i);
            }
    }
    return toks;
}

}  // namespace

Bytes lh5_encode(ByteSpan data, const Lh5EncodeOptions& options) {
    const size_t per_block = std::clamp<size_t>(options.block_symbols, 1, 65535);
    const auto toks = tokenize(data, options.matches);
    BitWriter w;
    for (size_t b = 0; b < toks.size(); b += per_block) {
        const std::vector<Token> block(toks.begin() + long(b),
                                       toks.begin() + long(std::min(toks.size(), b + per_block)));
        write_block(w, block);
    }
    return w.finish();
}

}  // namespace ripkit::hey_you_pikachu
