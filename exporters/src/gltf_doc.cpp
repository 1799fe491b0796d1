#include "ripkit/gltf_doc.hpp"

#include <algorithm>
#include <limits>

#include "ripkit/error.hpp"
#include "ripkit/out_of_memory.hpp"

namespace ripkit {

namespace {

constexpr uint32_t kGlbMagic = 0x46546C67;   // "glTF"
constexpr uint32_t kChunkJson = 0x4E4F534A;  // "JSON"
constexpr uint32_t kChunkBin = 0x004E4942;   // "BIN\0"

size_t components(const char* type) {
    const std::string t(type);
    if (t == "SCALAR") return 1;
    if (t == "VEC2") return 2;
    if (t == "VEC3") return 3;
    if (t == "VEC4") return 4;
    if (t == "MAT4") return 16;
    fail_no_offset(ErrorKind::BadValue, "a glTF accessor type");
}

}  // namespace

int GltfDoc::add_buffer_view(ByteSpan bytes, int target) {
    detail::stop_if_out_of_memory("the glTF writer");
    while (bin.size() % 4) bin.push_back(0);
    const size_t offset = bin.size();
    bin.insert(bin.end(), bytes.begin(), bytes.end());
    nlohmann::json view = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", bytes.size()}};
    if (target) view["target"] = target;
    if (!json.contains("bufferViews")) json["bufferViews"] = nlohmann::json::array();
    json["bufferViews"].push_back(view);
    sync_buffer_length();
    return int(json["bufferViews"].size()) - 1;
}

int GltfDoc::add_float_accessor(const std::vector<float>& data, const char* type, size_t count,
                                bool with_min_max) {
    const size_t n = components(type);
    if (data.size() != n * count)
        fail_no_offset(ErrorKind::BadValue, "accessor data of count * components floats");
    const int view = add_buffer_view(
        ByteSpan(reinterpret_cast<const uint8_t*>(data.data()), data.size() * sizeof(float)));
    nlohmann::json acc = {
        {"bufferView", view}, {"componentType", 5126}, {"count", count}, {"type", type}};
    if (with_min_max && count) {
        std::vector<float> lo(n, std::numeric_limits<float>::max()),
            hi(n, -std::numeric_limits<float>::max());
        for (size_t i = 0; i < count; ++i)
            for (size_t c = 0; c < n; ++c) {
                lo[c] = std::min(lo[c], data[i * n + c]);
                hi[c] = std::max(hi[c], data[i * n + c]);
            }
        acc["min"] = lo;
        acc["max"] = hi;
    }
    if (!json.contains("accessors")) json["accessors"] = nlohmann::json::array();
    json["accessors"].push_back(acc);
    return int(json["accessors"].size()) - 1;
}

void GltfDoc::sync_buffer_length() {
    if (!json.contains("buffers") || json["buffers"].empty())
        json["buffers"] = nlohmann::json::array({nlohmann::json::object()});
    json["buffers"][0]["byteLength"] = bin.size();
}

GltfDoc parse_glb(ByteSpan glb) {
    ByteReader r(glb);
    if (r.u32le("GLB magic") != kGlbMagic) r.fail_at(0, ErrorKind::WrongFormat, "GLB magic 'glTF'");
    if (r.u32le("GLB version") != 2) r.fail_at(4, ErrorKind::Unsupported, "GLB version 2");
    const uint32_t length = r.u32le("GLB length");
    if (length > glb.size()) r.fail_at(8, ErrorKind::Truncated, "a GLB of the declared length");
    GltfDoc doc;
    bool have_json = false;
    while (r.pos() + 8 <= length) {
        const uint32_t chunk_len = r.u32le("chunk length");
        const uint32_t chunk_type = r.u32le("chunk type");
        const ByteSpan data = r.bytes(chunk_len, "chunk data");
        if (chunk_type == kChunkJson && !have_json) {
            doc.json = nlohmann::json::parse(data.begin(), data.end(), nullptr, false);
            if (doc.json.is_discarded())
                r.fail_here(ErrorKind::BadValue, "valid JSON in the GLB JSON chunk");
            have_json = true;
        } else if (chunk_type == kChunkBin && doc.bin.empty()) {
            doc.bin.assign(data.begin(), data.end());
        }
    }
    if (!have_json) r.fail_here(ErrorKind::BadValue, "a GLB JSON chunk");
    return doc;
}

Bytes write_glb(const GltfDoc& doc) {
    std::string text = doc.json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    while (text.size() % 4) text.push_back(' ');
    // The buffer goes in as it is, padded in place, into a file sized once:
    // a copy of it or a growing vector would hold the largest part twice.
    const size_t bin_padded = (doc.bin.size() + 3) / 4 * 4;
    const uint64_t total = 12 + 8 + text.size() + (doc.bin.empty() ? 0 : 8 + bin_padded);
    if (total > 0xFFFFFFFFull) fail_no_offset(ErrorKind::AllocationLimit, "a GLB below 4 GiB");
    ByteWriter w(Endian::Little);
    w.bytes().reserve(size_t(total));
    w.u32(kGlbMagic);
    w.u32(2);
    w.u32(uint32_t(total));
    w.u32(uint32_t(text.size()));
    w.u32(kChunkJson);
    w.raw(std::string_view(text));
    if (!doc.bin.empty()) {
        w.u32(uint32_t(bin_padded));
        w.u32(kChunkBin);
        w.raw(doc.bin);
        w.bytes().resize(size_t(total), 0);
    }
    return std::move(w.bytes());
}

}  // namespace ripkit
