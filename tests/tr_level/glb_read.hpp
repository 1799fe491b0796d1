// A small GLB reader for the tests (header, JSON chunk, BIN chunk, float
// accessors), written from the glTF 2.0 spec: not the exporter's own parser.
#pragma once

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <vector>

#include "ripkit_catch.hpp"

namespace glb {

struct File {
    nlohmann::json json;
    std::vector<uint8_t> bin;

    std::vector<uint8_t> view(size_t index) const {
        const auto& v = json["bufferViews"].at(index);
        const size_t off = v.value("byteOffset", size_t(0)), len = v["byteLength"].get<size_t>();
        REQUIRE(off + len <= bin.size());
        return {bin.begin() + ptrdiff_t(off), bin.begin() + ptrdiff_t(off + len)};
    }

    // Accessor `index` of FLOAT components, as rows of its component count.
    std::vector<std::vector<float>> floats(size_t index) const {
        const auto& a = json["accessors"].at(index);
        REQUIRE(a["componentType"] == 5126);
        const std::string type = a["type"];
        const size_t n = type == "SCALAR" ? 1 : type == "VEC2" ? 2 : type == "VEC3" ? 3 : 4;
        const auto& v = json["bufferViews"].at(a["bufferView"].get<size_t>());
        const size_t stride = v.value("byteStride", n * 4);
        const size_t base = v.value("byteOffset", size_t(0)) + a.value("byteOffset", size_t(0));
        std::vector<std::vector<float>> rows;
        for (size_t i = 0; i < a["count"].get<size_t>(); ++i) {
            std::vector<float> row(n);
            REQUIRE(base + i * stride + n * 4 <= bin.size());
            std::memcpy(row.data(), bin.data() + base + i * stride, n * 4);
            rows.push_back(row);
        }
        return rows;
    }
};

inline uint32_t le32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

inline File read(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    const std::vector<uint8_t> b((std::istreambuf_iterator<char>(in)),
                                 std::istreambuf_iterator<char>());
    REQUIRE(b.size() >= 20);
    REQUIRE(le32(b.data()) == 0x46546C67);  // "glTF"
    File f;
    size_t at = 12;
    while (at + 8 <= b.size()) {
        const uint32_t len = le32(&b[at]), type = le32(&b[at + 4]);
        REQUIRE(at + 8 + len <= b.size());
        if (type == 0x4E4F534A)  // JSON
            f.json = nlohmann::json::parse(b.begin() + ptrdiff_t(at + 8),
                                           b.begin() + ptrdiff_t(at + 8 + len));
        else if (type == 0x004E4942)  // BIN
            f.bin.assign(b.begin() + ptrdiff_t(at + 8), b.begin() + ptrdiff_t(at + 8 + len));
        at += 8 + len;
    }
    return f;
}

}  // namespace glb
