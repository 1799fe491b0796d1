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

void GltfDoc::Streamed::add(const std::string& item) {
    constexpr size_t kChunk = 64 * 1024;
    const size_t need = item.size() + (count ? 1 : 0);
    if (chunks.empty() || chunks.back().size() + need > chunks.back().capacity()) {
        chunks.emplace_back();
        chunks.back().reserve(std::max(kChunk, need));
    }
    if (count++) chunks.back() += ',';
    chunks.back() += item;
}

std::string GltfDoc::Streamed::array_text() const {
    std::string out = "[";
    for (const std::string& c : chunks) out += c;
    out += ']';
    return out;
}

const GltfDoc::Streamed* GltfDoc::streamed(const std::string& key) const {
    if (key == "accessors") return &accessors_;
    if (key == "bufferViews") return &views_;
    if (key == "animations") return &animations_;
    return nullptr;
}

size_t GltfDoc::tree_count(const char* key) const {
    if (!json.is_object()) return 0;
    const auto it = json.find(key);
    return it != json.end() && it->is_array() ? it->size() : 0;
}

size_t GltfDoc::accessor_count() const { return tree_count("accessors") + accessors_.count; }

size_t GltfDoc::view_count() const {
    return tree_count("bufferViews") + views_.count + (shared_view_ >= 0 ? 1 : 0);
}

void GltfDoc::refuse_tree_add(const char* what) const {
    if (sharing_ || accessors_.count || views_.count)
        fail_no_offset(ErrorKind::BadValue,
                       std::string("the glTF writer to add ") + what +
                           " before any animation's (streamed indices follow the tree's)");
}

int GltfDoc::add_buffer_view(ByteSpan bytes, int target) {
    detail::stop_if_out_of_memory("the glTF writer");
    refuse_tree_add("a bufferView");
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

namespace {

// A number as nlohmann writes it (the shortest text that reads back the same double).
void append_number(std::string& out, double v) { out += nlohmann::json(v).dump(); }

void append_floats(std::string& out, const std::vector<float>& v) {
    out += '[';
    for (size_t i = 0; i < v.size(); ++i) {
        if (i) out += ',';
        append_number(out, double(v[i]));
    }
    out += ']';
}

}  // namespace

int GltfDoc::add_float_accessor(const std::vector<float>& data, const char* type, size_t count,
                                bool with_min_max, size_t* data_offset) {
    const size_t n = components(type);
    if (data.size() != n * count)
        fail_no_offset(ErrorKind::BadValue, "accessor data of count * components floats");
    const ByteSpan bytes(reinterpret_cast<const uint8_t*>(data.data()),
                         data.size() * sizeof(float));
    std::vector<float> lo, hi;
    if (with_min_max && count) {
        lo.assign(n, std::numeric_limits<float>::max());
        hi.assign(n, -std::numeric_limits<float>::max());
        for (size_t i = 0; i < count; ++i)
            for (size_t c = 0; c < n; ++c) {
                lo[c] = std::min(lo[c], data[i * n + c]);
                hi[c] = std::max(hi[c], data[i * n + c]);
            }
    }
    if (!sharing_) {
        refuse_tree_add("an accessor");
        const int view = add_buffer_view(bytes);
        if (data_offset)
            *data_offset = json["bufferViews"][size_t(view)]["byteOffset"].get<size_t>();
        nlohmann::json acc = {
            {"bufferView", view}, {"componentType", 5126}, {"count", count}, {"type", type}};
        if (!lo.empty()) {
            acc["min"] = lo;
            acc["max"] = hi;
        }
        if (!json.contains("accessors")) json["accessors"] = nlohmann::json::array();
        json["accessors"].push_back(acc);
        return int(json["accessors"].size()) - 1;
    }
    detail::stop_if_out_of_memory("the glTF writer");
    if (shared_view_ < 0) {
        while (bin.size() % 4) bin.push_back(0);
        shared_start_ = bin.size();
        shared_view_ = int(tree_count("bufferViews") + views_.count);
    }
    const size_t offset = bin.size();  // floats keep it 4-aligned
    if (data_offset) *data_offset = offset;
    bin.insert(bin.end(), bytes.begin(), bytes.end());
    // Keys in the order nlohmann writes a tree's (sorted).
    std::string acc = "{\"bufferView\":" + std::to_string(shared_view_);
    if (offset > shared_start_) acc += ",\"byteOffset\":" + std::to_string(offset - shared_start_);
    acc += ",\"componentType\":5126,\"count\":" + std::to_string(count);
    if (!lo.empty()) {
        acc += ",\"max\":";
        append_floats(acc, hi);
        acc += ",\"min\":";
        append_floats(acc, lo);
    }
    acc += ",\"type\":\"" + std::string(type) + "\"}";
    const int index = int(accessor_count());
    accessors_.add(acc);
    return index;
}

void GltfDoc::begin_shared_view() {
    sharing_ = true;
    shared_view_ = -1;
}

void GltfDoc::end_shared_view() {
    if (shared_view_ >= 0) {
        views_.add("{\"buffer\":0,\"byteLength\":" + std::to_string(bin.size() - shared_start_) +
                   ",\"byteOffset\":" + std::to_string(shared_start_) + "}");
        sync_buffer_length();
    }
    sharing_ = false;
    shared_view_ = -1;
}

void GltfDoc::add_animation(const nlohmann::json& animation) {
    animations_.add(animation.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

void GltfDoc::sync_buffer_length() {
    if (!json.contains("buffers") || json["buffers"].empty())
        json["buffers"] = nlohmann::json::array({nlohmann::json::object()});
    json["buffers"][0]["byteLength"] = bin.size();
}

std::vector<JsonPart> GltfDoc::json_parts() const {
    constexpr auto kReplace = nlohmann::json::error_handler_t::replace;
    std::vector<JsonPart> parts;
    std::string own = "{";
    auto flush = [&] {
        if (!own.empty()) parts.push_back({std::move(own), nullptr});
        own.clear();
    };
    auto add_streamed = [&](const Streamed& s) {
        flush();
        for (const std::string& c : s.chunks) parts.push_back({{}, &c});
    };
    if (!json.is_object() && !accessors_.count && !views_.count && !animations_.count)
        return {{json.dump(-1, ' ', false, kReplace), nullptr}};
    bool first = true;
    auto key = [&](const std::string& k) {
        if (!first) own += ',';
        first = false;
        own += nlohmann::json(k).dump();
        own += ':';
    };
    const std::pair<const char*, const Streamed*> all[3] = {
        {"accessors", &accessors_}, {"animations", &animations_}, {"bufferViews", &views_}};
    if (json.is_object())
        for (auto it = json.begin(); it != json.end(); ++it) {
            key(it.key());
            const Streamed* s = streamed(it.key());
            // Each member's text is a part of its own (not appended to a
            // growing string).
            flush();
            own = it.value().dump(-1, ' ', false, kReplace);
            if (!s || !s->count || !it.value().is_array()) {
                flush();
                continue;
            }
            own.pop_back();  // the array's ']'
            if (!it.value().empty()) own += ',';
            add_streamed(*s);
            own += ']';
        }
    for (const auto& [k, s] : all) {
        if (!s->count || (json.is_object() && json.contains(k))) continue;
        key(k);
        own += '[';
        add_streamed(*s);
        own += ']';
    }
    own += '}';
    flush();
    return parts;
}

std::string GltfDoc::json_text(int indent) const {
    if (indent < 0) {
        std::string out;
        for (const JsonPart& p : json_parts()) out += p.text();
        return out;
    }
    // Indented: one tree, the streamed entries parsed into it.
    nlohmann::json full = json;
    const std::pair<const char*, const Streamed*> all[3] = {
        {"accessors", &accessors_}, {"animations", &animations_}, {"bufferViews", &views_}};
    for (const auto& [k, s] : all) {
        if (!s->count) continue;
        if (!full.is_object()) full = nlohmann::json::object();
        nlohmann::json& array = full[k];
        if (!array.is_array()) array = nlohmann::json::array();
        for (nlohmann::json& item : nlohmann::json::parse(s->array_text()))
            array.push_back(std::move(item));
    }
    return full.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
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
    p.json = doc.json_parts();
    size_t json_size = 0;
    for (const JsonPart& part : p.json) json_size += part.text().size();
    if (json_size % 4) {
        p.json.push_back({std::string(4 - json_size % 4, ' '), nullptr});
        json_size += p.json.back().own.size();
    }
    const size_t bin_padded = (doc.bin.size() + 3) / 4 * 4;
    const uint64_t total = 12 + 8 + json_size + (doc.bin.empty() ? 0 : 8 + bin_padded);
    if (total > 0xFFFFFFFFull) fail_no_offset(ErrorKind::AllocationLimit, "a GLB below 4 GiB");
    ByteWriter head(Endian::Little);
    head.u32(kGlbMagic);
    head.u32(2);
    head.u32(uint32_t(total));
    head.u32(uint32_t(json_size));
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
    std::vector<ByteSpan> out = {ByteSpan(head)};
    for (const JsonPart& part : json) {
        const std::string_view t = part.text();
        out.emplace_back(reinterpret_cast<const uint8_t*>(t.data()), t.size());
    }
    out.insert(out.end(), {ByteSpan(bin_head), bin, ByteSpan(bin_pad)});
    return out;
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
