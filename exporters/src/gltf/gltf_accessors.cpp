#include "gltf_accessors.hpp"

#include <string>

namespace ripkit::gltf {

using nlohmann::json;

size_t component_size(int type) {
    return type == kUnsignedByte ? 1 : type == kUnsignedShort ? 2 : type == kFloat ? 4 : 0;
}

Elements accessor_elements(GltfDoc& doc, size_t index, const char* type, size_t components) {
    const json& acc = doc.json["accessors"].at(index);
    const size_t size = component_size(acc.value("componentType", 0));
    Elements e;
    if (!size || acc.value("type", std::string()) != type || !acc.contains("bufferView") ||
        acc.contains("sparse"))
        return e;
    const json& view = doc.json["bufferViews"].at(acc["bufferView"].get<size_t>());
    e.component = size;
    e.count = acc.value("count", size_t(0));
    e.stride = view.value("byteStride", size * components);
    const size_t in_view = acc.value("byteOffset", size_t(0));
    const size_t start = view.value("byteOffset", size_t(0)) + in_view;
    const size_t span = e.count ? (e.count - 1) * e.stride + size * components : 0;
    if (view.value("buffer", -1) != 0 || e.stride < size * components ||
        in_view + span > view.value("byteLength", size_t(0)) || start + span > doc.bin.size()) {
        e.status = Elements::Status::OutOfBounds;
        return e;
    }
    e.status = Elements::Status::Ok;
    e.first = doc.bin.data() + start;
    return e;
}

}  // namespace ripkit::gltf
