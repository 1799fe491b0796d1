// A minimal GLB / accessor reader written for the tests from the glTF 2.0
// specification, independent of the exporter's own GltfDoc.
#pragma once

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <vector>

namespace ripkit::test {

struct Glb {
    nlohmann::json json;
    std::vector<uint8_t> bin;
};

inline std::vector<uint8_t> read_file_bytes(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    if (!f) throw std::runtime_error("cannot read " + p.string());
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(f),
                                std::istreambuf_iterator<char>());
}

inline uint32_t le32(const std::vector<uint8_t>& b, size_t at) {
    return uint32_t(b.at(at)) | uint32_t(b.at(at + 1)) << 8 | uint32_t(b.at(at + 2)) << 16 |
           uint32_t(b.at(at + 3)) << 24;
}

inline Glb read_glb(const std::filesystem::path& p) {
    const std::vector<uint8_t> b = read_file_bytes(p);
    if (le32(b, 0) != 0x46546C67 || le32(b, 4) != 2 || le32(b, 8) != b.size())
        throw std::runtime_error("bad GLB header");
    Glb g;
    size_t pos = 12;
    while (pos + 8 <= b.size()) {
        const uint32_t len = le32(b, pos), type = le32(b, pos + 4);
        if (pos + 8 + len > b.size()) throw std::runtime_error("chunk past end");
        if (type == 0x4E4F534A)
            g.json =
                nlohmann::json::parse(b.begin() + long(pos + 8), b.begin() + long(pos + 8 + len));
        if (type == 0x004E4942)
            g.bin.assign(b.begin() + long(pos + 8), b.begin() + long(pos + 8 + len));
        pos += 8 + len;
    }
    return g;
}

// Floats of a FLOAT accessor (tightly packed views only, as the exporter writes them).
inline std::vector<float> accessor_floats(const Glb& g, int index) {
    const nlohmann::json& acc = g.json["accessors"].at(size_t(index));
    if (acc["componentType"] != 5126) throw std::runtime_error("not FLOAT");
    static const std::map<std::string, size_t> comps = {
        {"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT4", 16}};
    const size_t n = acc["count"].get<size_t>() * comps.at(acc["type"].get<std::string>());
    const nlohmann::json& view = g.json["bufferViews"].at(acc["bufferView"].get<size_t>());
    const size_t off = view.value("byteOffset", size_t(0)) + acc.value("byteOffset", size_t(0));
    if (off + n * 4 > g.bin.size()) throw std::runtime_error("accessor past buffer");
    std::vector<float> out(n);
    std::memcpy(out.data(), g.bin.data() + off, n * 4);
    return out;
}

// Every component of an accessor of any component type as double (integers
// as stored, not normalised), honouring byteStride: for JOINTS_0 / WEIGHTS_0.
inline std::vector<double> accessor_values(const Glb& g, int index) {
    const nlohmann::json& acc = g.json["accessors"].at(size_t(index));
    static const std::map<std::string, size_t> comps = {
        {"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT4", 16}};
    static const std::map<int, size_t> sizes = {{5120, 1}, {5121, 1}, {5122, 2},
                                                {5123, 2}, {5125, 4}, {5126, 4}};
    const int type = acc["componentType"].get<int>();
    const size_t nc = comps.at(acc["type"].get<std::string>()), cs = sizes.at(type);
    const size_t count = acc["count"].get<size_t>();
    const nlohmann::json& view = g.json["bufferViews"].at(acc["bufferView"].get<size_t>());
    const size_t base = view.value("byteOffset", size_t(0)) + acc.value("byteOffset", size_t(0));
    const size_t stride = view.value("byteStride", nc * cs);
    std::vector<double> out;
    for (size_t e = 0; e < count; ++e)
        for (size_t c = 0; c < nc; ++c) {
            const size_t at = base + e * stride + c * cs;
            if (at + cs > g.bin.size()) throw std::runtime_error("accessor past buffer");
            const uint8_t* p = g.bin.data() + at;
            switch (type) {
                case 5120:
                    out.push_back(double(int8_t(p[0])));
                    break;
                case 5121:
                    out.push_back(double(p[0]));
                    break;
                case 5122:
                    out.push_back(double(int16_t(uint16_t(p[0] | p[1] << 8))));
                    break;
                case 5123:
                    out.push_back(double(uint16_t(p[0] | p[1] << 8)));
                    break;
                case 5125:
                    out.push_back(double(uint32_t(p[0]) | uint32_t(p[1]) << 8 |
                                         uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24));
                    break;
                default: {
                    float f;
                    std::memcpy(&f, p, 4);
                    out.push_back(double(f));
                }
            }
        }
    return out;
}

inline std::vector<uint8_t> view_bytes(const Glb& g, int view_index) {
    const nlohmann::json& view = g.json["bufferViews"].at(size_t(view_index));
    const size_t off = view.value("byteOffset", size_t(0)), len = view["byteLength"].get<size_t>();
    return std::vector<uint8_t>(g.bin.begin() + long(off), g.bin.begin() + long(off + len));
}

inline int node_index(const Glb& g, const std::string& name) {
    for (size_t i = 0; i < g.json["nodes"].size(); ++i)
        if (g.json["nodes"][i].value("name", "") == name) return int(i);
    return -1;
}

}  // namespace ripkit::test
