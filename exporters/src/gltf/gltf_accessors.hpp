// Reading a glTF accessor's elements in place: the bounds an accessor and its
// bufferView must keep inside the document's one buffer, checked once for the
// pass that rewrites written bytes (the inverse bind matrices' last row,
// gltf_ibm.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ripkit/gltf_doc.hpp"

namespace ripkit::gltf {

constexpr int kUnsignedByte = 5121, kUnsignedShort = 5123, kFloat = 5126;

// Bytes per component of the componentTypes ripkit rewrites; 0 for the others.
size_t component_size(int component_type);

// Where an accessor's elements are in the buffer.
struct Elements {
    enum class Status {
        Ok,
        NotDense,     // another type or componentType; no bufferView; sparse
        OutOfBounds,  // not in buffer 0, or an element past its bufferView or the buffer
    } status = Status::NotDense;
    uint8_t* first = nullptr;
    size_t stride = 0, count = 0, component = 0;  // component: bytes
};

// Accessor `index` of `doc` as `components` components of `type` ("VEC4",
// "MAT4"), dense in buffer 0 and inside its bufferView and the buffer.
Elements accessor_elements(GltfDoc& doc, size_t index, const char* type, size_t components);

}  // namespace ripkit::gltf
