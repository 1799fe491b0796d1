#include "ripkit/codec/lh5.hpp"

// The folder liblhasa installs its headers in (liblhasa-1.0/, liblhasa-0.5.0/)
// comes from its pkg-config file.
#include <lha_decoder.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>

#include "ripkit/error.hpp"

namespace ripkit::codec {

namespace {

struct Feed {
    ByteSpan data;
    size_t pos = 0;
};

// liblhasa pulls compressed bytes through this callback; returning 0 tells it
// the stream is over, which makes a short stream end the decode instead of
// reading past the buffer.
size_t feed_bytes(void* buf, size_t len, void* user) {
    auto* f = static_cast<Feed*>(user);
    const size_t n = std::min(len, f->data.size() - f->pos);
    std::memcpy(buf, f->data.data() + f->pos, n);
    f->pos += n;
    return n;
}

struct DecoderFree {
    void operator()(LHADecoder* d) const { lha_decoder_free(d); }
};

}  // namespace

Bytes lh5_decode(ByteSpan packed, uint64_t unpacked_size, const Limits& limits, uint64_t base) {
    check_alloc(limits, unpacked_size, 1, base, "LH5 unpacked size");
    Bytes out(static_cast<size_t>(unpacked_size));
    if (unpacked_size == 0) return out;
    // lhasa 0.3/0.4 take a non-const name and return a non-const type; 0.5 a
    // const one, which lha_decoder_new takes as it is.
    char name[] = "-lh5-";
    auto* type = lha_decoder_for_name(name);
    if (!type) fail_no_offset(ErrorKind::Unsupported, "liblhasa built with the -lh5- decoder");
    Feed feed{packed, 0};
    std::unique_ptr<LHADecoder, DecoderFree> dec(
        lha_decoder_new(type, feed_bytes, &feed, static_cast<size_t>(unpacked_size)));
    if (!dec) fail_no_offset(ErrorKind::AllocationLimit, "memory for an LH5 decoder");
    // Each lha_decoder_read call either makes progress or reports the end, and
    // the output is capped at unpacked_size, so this loop is bounded.
    size_t got = 0;
    while (got < out.size()) {
        const size_t n = lha_decoder_read(dec.get(), out.data() + got, out.size() - got);
        if (n == 0) break;
        got += n;
    }
    if (got != out.size())
        fail(ErrorKind::Truncated, base + feed.pos,
             "an LH5 stream of " + std::to_string(unpacked_size) + " bytes (it ended after " +
                 std::to_string(got) + " bytes, " + std::to_string(feed.pos) + " of " +
                 std::to_string(packed.size()) + " packed bytes read)");
    return out;
}

}  // namespace ripkit::codec
