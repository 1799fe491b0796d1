// The fuzz targets' oracle for exported bytes: the first NaN or Inf in a glb or
// binary FBX ripkit produced, as text; empty when every float is finite. Reads
// the bytes that would be written, not the structures they came from: glb JSON
// numbers (a NaN serialises as null), every FLOAT accessor's elements, FBX F/D
// properties and f/d arrays (zlib or raw).
#pragma once

#include <zlib.h>

#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ripkit/fbx_binary.hpp"
#include "ripkit/gltf_doc.hpp"

namespace ripkit::fuzz {

namespace detail {

// Where a number belongs in glTF: null (NaN/Inf written by nlohmann) or a
// non-finite float is a finding.
inline std::string nonfinite_numbers(const nlohmann::json& arr, const std::string& where) {
    if (!arr.is_array()) return arr.is_number() && !std::isfinite(arr.get<double>()) ? where : "";
    for (size_t i = 0; i < arr.size(); ++i)
        if (arr[i].is_null() || (arr[i].is_number() && !std::isfinite(arr[i].get<double>())))
            return where + "[" + std::to_string(i) + "]";
    return "";
}

inline size_t components(const std::string& type) {
    if (type == "SCALAR") return 1;
    if (type == "VEC2") return 2;
    if (type == "VEC3") return 3;
    if (type == "VEC4" || type == "MAT2") return 4;
    if (type == "MAT3") return 9;
    return type == "MAT4" ? 16 : 0;
}

template <class T>
std::string nonfinite_array(const uint8_t* data, size_t n, const std::string& where) {
    for (size_t i = 0; i < n; ++i) {
        T v;
        std::memcpy(&v, data + i * sizeof(T), sizeof(T));
        if (!std::isfinite(v)) return where + "[" + std::to_string(i) + "]";
    }
    return "";
}

inline std::string nonfinite_fbx_node(const fbx::Node& n, const std::string& path) {
    const std::string where = path + "/" + n.name;
    for (const fbx::Prop& p : fbx::parse_props(n)) {
        if ((p.type == 'D' || p.type == 'F') && !std::isfinite(p.d)) return where;
        if (p.type != 'f' && p.type != 'd') continue;
        const size_t size = p.type == 'f' ? 4 : 8;
        if (p.count == 0) continue;
        std::vector<uint8_t> body(size_t(p.count) * size);
        if (p.encoding == 1) {
            uLongf len = uLongf(body.size());
            if (uncompress(body.data(), &len, n.props.data() + p.data_offset, p.byte_length) !=
                    Z_OK ||
                len != body.size())
                return where + " (array that does not inflate)";
        } else if (p.byte_length == body.size()) {
            std::memcpy(body.data(), n.props.data() + p.data_offset, body.size());
        } else {
            return where + " (array of the wrong length)";
        }
        const std::string bad = p.type == 'f'
                                    ? nonfinite_array<float>(body.data(), p.count, where)
                                    : nonfinite_array<double>(body.data(), p.count, where);
        if (!bad.empty()) return bad;
    }
    for (const fbx::Node& c : n.children) {
        const std::string bad = nonfinite_fbx_node(c, where);
        if (!bad.empty()) return bad;
    }
    return "";
}

}  // namespace detail

// The named array of a glTF object, or an empty one (kept by value: no
// reference into a temporary).
inline nlohmann::json array_of(const nlohmann::json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_array() ? *it : nlohmann::json::array();
}

inline std::string nonfinite_in_glb(ByteSpan glb) {
    const GltfDoc doc = parse_glb(glb);
    const nlohmann::json& j = doc.json;
    const nlohmann::json accessors = array_of(j, "accessors"), views = array_of(j, "bufferViews");
    for (size_t a = 0; a < accessors.size(); ++a) {
        const nlohmann::json& acc = accessors[a];
        const std::string where = "accessor " + std::to_string(a);
        for (const char* key : {"min", "max"}) {
            if (!acc.contains(key)) continue;
            const std::string bad = detail::nonfinite_numbers(acc.at(key), where + " " + key);
            if (!bad.empty()) return bad;
        }
        if (acc.value("componentType", 0) != 5126 || !acc.contains("bufferView")) continue;
        const nlohmann::json& view = views.at(acc.at("bufferView").get<size_t>());
        const size_t comps = detail::components(acc.value("type", ""));
        const size_t stride = view.value("byteStride", size_t(4) * comps);
        const size_t base =
            view.value("byteOffset", size_t(0)) + acc.value("byteOffset", size_t(0));
        const size_t count = acc.value("count", size_t(0));
        if (count && base + (count - 1) * stride + 4 * comps > doc.bin.size())
            return where + " (past the BIN chunk)";
        for (size_t e = 0; e < count; ++e) {
            const std::string bad = detail::nonfinite_array<float>(
                doc.bin.data() + base + e * stride, comps, where + " element " + std::to_string(e));
            if (!bad.empty()) return bad;
        }
    }
    const nlohmann::json nodes = array_of(j, "nodes");
    for (size_t n = 0; n < nodes.size(); ++n)
        for (const char* key : {"translation", "rotation", "scale", "matrix", "weights"})
            if (nodes[n].contains(key)) {
                const std::string bad = detail::nonfinite_numbers(
                    nodes[n].at(key), "node " + std::to_string(n) + " " + key);
                if (!bad.empty()) return bad;
            }
    const nlohmann::json cameras = array_of(j, "cameras");
    for (size_t c = 0; c < cameras.size(); ++c) {
        const nlohmann::json perspective =
            cameras[c].value("perspective", nlohmann::json::object());
        for (const auto& [key, v] : perspective.items()) {
            const std::string bad = detail::nonfinite_numbers(
                nlohmann::json::array({v}), "camera " + std::to_string(c) + " " + key);
            if (!bad.empty()) return bad;
        }
    }
    return "";
}

inline std::string nonfinite_in_fbx(ByteSpan data) {
    const fbx::File f = fbx::parse(data);
    for (const fbx::Node& n : f.nodes) {
        const std::string bad = detail::nonfinite_fbx_node(n, "");
        if (!bad.empty()) return bad;
    }
    return "";
}

}  // namespace ripkit::fuzz
