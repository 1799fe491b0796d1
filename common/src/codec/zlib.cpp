#include "ripkit/codec/zlib.hpp"

#include <zlib.h>

#include <algorithm>
#include <climits>
#include <string>

#include "ripkit/error.hpp"

namespace ripkit::codec {

namespace {

// zlib counts in uInt; feed it bounded slices so huge buffers never overflow.
constexpr size_t kSlice = 1u << 30;

struct InflateStream {
    z_stream z{};
    bool ready = false;
    ~InflateStream() {
        if (ready) inflateEnd(&z);
    }
};

struct DeflateStream {
    z_stream z{};
    bool ready = false;
    ~DeflateStream() {
        if (ready) deflateEnd(&z);
    }
};

std::string n(uint64_t v) { return std::to_string(v); }

}  // namespace

uint64_t zlib_max_expansion(uint64_t compressed_bytes) {
    // 1032:1 for the deflate body plus slack for tiny streams.
    return compressed_bytes * 1032u + 64u;
}

Bytes zlib_inflate(ByteSpan compressed, uint64_t declared_size, const Limits& limits,
                   uint64_t base_offset, size_t* consumed) {
    check_alloc(limits, declared_size, 1, base_offset, "declared uncompressed size");
    if (declared_size > zlib_max_expansion(compressed.size()))
        fail(ErrorKind::AllocationLimit, base_offset,
             "a declared size of at most " + n(zlib_max_expansion(compressed.size())) + " for " +
                 n(compressed.size()) + " compressed bytes (got " + n(declared_size) + ")");
    Bytes out(static_cast<size_t>(declared_size));
    InflateStream s;
    if (inflateInit(&s.z) != Z_OK) fail(ErrorKind::Io, base_offset, "zlib to initialise");
    s.ready = true;

    size_t in_pos = 0, out_pos = 0;
    uint8_t overflow_probe = 0;  // one byte past the declared size catches size lies
    bool probing = false;
    for (;;) {
        const size_t in_chunk = std::min(compressed.size() - in_pos, kSlice);
        s.z.next_in = const_cast<Bytef*>(compressed.data() + in_pos);
        s.z.avail_in = static_cast<uInt>(in_chunk);
        if (out_pos < out.size()) {
            s.z.next_out = out.data() + out_pos;
            s.z.avail_out = static_cast<uInt>(std::min(out.size() - out_pos, kSlice));
        } else {
            probing = true;
            s.z.next_out = &overflow_probe;
            s.z.avail_out = 1;
        }
        const uInt avail_in_before = s.z.avail_in, avail_out_before = s.z.avail_out;
        const int rc = inflate(&s.z, Z_NO_FLUSH);
        in_pos += avail_in_before - s.z.avail_in;
        const size_t produced = avail_out_before - s.z.avail_out;
        if (probing && produced)
            fail(ErrorKind::BadValue, base_offset + in_pos,
                 "a zlib stream of exactly the declared " + n(declared_size) +
                     " bytes (it holds more)");
        out_pos += produced;
        if (rc == Z_STREAM_END) break;
        if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT)
            fail(ErrorKind::BadValue, base_offset + in_pos,
                 std::string("a valid zlib stream (") + (s.z.msg ? s.z.msg : "corrupt data") + ")");
        if (rc == Z_MEM_ERROR)
            fail(ErrorKind::AllocationLimit, base_offset + in_pos, "zlib memory");
        const bool stalled =
            rc == Z_BUF_ERROR || (produced == 0 && avail_in_before == s.z.avail_in);
        if (stalled && in_pos >= compressed.size())
            fail(ErrorKind::Truncated, base_offset + in_pos,
                 "more zlib data (stream ends after " + n(out_pos) + " of " + n(declared_size) +
                     " bytes)");
        if (rc != Z_OK && rc != Z_BUF_ERROR)
            fail(ErrorKind::BadValue, base_offset + in_pos, "a valid zlib stream");
    }
    if (out_pos != out.size())
        fail(ErrorKind::BadValue, base_offset + in_pos,
             "a zlib stream of the declared " + n(declared_size) + " bytes (it holds " +
                 n(out_pos) + ")");
    if (consumed) *consumed = in_pos;
    return out;
}

Bytes zlib_inflate_prefix(ByteSpan compressed, size_t max_out) {
    Bytes out(max_out);
    InflateStream s;
    if (inflateInit(&s.z) != Z_OK) return {};
    s.ready = true;
    s.z.next_in = const_cast<Bytef*>(compressed.data());
    s.z.avail_in = static_cast<uInt>(std::min(compressed.size(), kSlice));
    s.z.next_out = out.data();
    s.z.avail_out = static_cast<uInt>(std::min(max_out, kSlice));
    const int rc = inflate(&s.z, Z_SYNC_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) return {};
    out.resize(out.size() - s.z.avail_out);
    return out;
}

Bytes zlib_deflate(ByteSpan raw, int level) {
    DeflateStream s;
    if (deflateInit(&s.z, std::clamp(level, 0, 9)) != Z_OK)
        fail_no_offset(ErrorKind::Io, "zlib deflate to initialise");
    s.ready = true;
    Bytes out;
    size_t in_pos = 0;
    uint8_t buf[16384];
    for (;;) {
        const size_t in_chunk = std::min(raw.size() - in_pos, kSlice);
        s.z.next_in = const_cast<Bytef*>(raw.data() + in_pos);
        s.z.avail_in = static_cast<uInt>(in_chunk);
        const bool last = in_pos + in_chunk == raw.size();
        int rc;
        do {
            s.z.next_out = buf;
            s.z.avail_out = sizeof buf;
            rc = deflate(&s.z, last ? Z_FINISH : Z_NO_FLUSH);
            if (rc == Z_STREAM_ERROR) fail_no_offset(ErrorKind::Io, "zlib deflate to succeed");
            out.insert(out.end(), buf, buf + (sizeof buf - s.z.avail_out));
        } while (s.z.avail_out == 0);
        in_pos += in_chunk;
        if (last && rc == Z_STREAM_END) break;
    }
    return out;
}

}  // namespace ripkit::codec
