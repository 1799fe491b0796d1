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
                                bool with_min_max, size_t* data_offset) {
    const size_t n = components(type);
    if (data.size() != n * count)
        fail_no_offset(ErrorKind::BadValue, "accessor data of count * components floats");
    const ByteSpan bytes(reinterpret_cast<const uint8_t*>(data.data()),
                         data.size() * sizeof(float));
    nlohmann::json acc = {{"componentType", 5126}, {"count", count}, {"type", type}};
    if (sharing_) {
        detail::stop_if_out_of_memory("the glTF writer");
        if (shared_view_ < 0) {
            while (bin.size() % 4) bin.push_back(0);
            shared_start_ = bin.size();
            if (!json.contains("bufferViews")) json["bufferViews"] = nlohmann::json::array();
            json["bufferViews"].push_back({{"buffer", 0}, {"byteOffset", shared_start_}});
            shared_view_ = int(json["bufferViews"].size()) - 1;
        }
        const size_t offset = bin.size();  // floats keep it 4-aligned
        if (data_offset) *data_offset = offset;
        bin.insert(bin.end(), bytes.begin(), bytes.end());
        acc["bufferView"] = shared_view_;
        if (offset > shared_start_) acc["byteOffset"] = offset - shared_start_;
    } else {
        const int view = add_buffer_view(bytes);
        if (data_offset)
            *data_offset = json["bufferViews"][size_t(view)]["byteOffset"].get<size_t>();
        acc["bufferView"] = view;
    }
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

void GltfDoc::begin_shared_view() {
    sharing_ = true;
    shared_view_ = -1;
}

void GltfDoc::end_shared_view() {
    if (shared_view_ >= 0) {
        json["bufferViews"][size_t(shared_view_)]["byteLength"] = bin.size() - shared_start_;
        sync_buffer_length();
    }
    sharing_ = false;
    shared_view_ = -1;
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

GlbPieces glb_pieces(const GltfDoc& doc) {
    GlbPieces p;
    p.json = doc.json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    while (p.json.size() % 4) p.json.push_back(' ');
    const size_t bin_padded = (doc.bin.size() + 3) / 4 * 4;
    const uint64_t total = 12 + 8 + p.json.size() + (doc.bin.empty() ? 0 : 8 + bin_padded);
    if (total > 0xFFFFFFFFull) fail_no_offset(ErrorKind::AllocationLimit, "a GLB below 4 GiB");
    ByteWriter head(Endian::Little);
    head.u32(kGlbMagic);
    head.u32(2);
    head.u32(uint32_t(total));
    head.u32(uint32_t(p.json.size()));
    head.u32(kChunkJson);
    p.head = std::move(head.bytes());
    if (!doc.bin.empty()) {
        ByteWriter bin_head(Endian::Little);
        bin_head.u32(uint32_t(bin_padded));
        bin_head.u32(kChunkBin);
        p.bin_head = std::move(bin_head.bytes());
        p.bin = ByteSpan(doc.bin);
        p.bin_pad.assign(bin_padded - doc.bin.size(), 0);
    }
    return p;
}

std::vector<ByteSpan> GlbPieces::spans() const {
    return {ByteSpan(head), ByteSpan(reinterpret_cast<const uint8_t*>(json.data()), json.size()),
            ByteSpan(bin_head), bin, ByteSpan(bin_pad)};
}

Bytes write_glb(const GltfDoc& doc) {
    const GlbPieces p = glb_pieces(doc);
    Bytes out;
    size_t total = 0;
    for (const ByteSpan s : p.spans()) total += s.size();
    out.reserve(total);
    for (const ByteSpan s : p.spans()) out.insert(out.end(), s.begin(), s.end());
    return out;
}

}  // namespace ripkit
