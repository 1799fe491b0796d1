#include "ripkit/encode/scene_encoder.hpp"

namespace ripkit {

std::optional<std::string> EncodeOptions::setting(const std::string& key) const {
    auto it = settings.find(key);
    if (it == settings.end()) return std::nullopt;
    return it->second;
}

const ValueDef* EncoderSchema::option(std::string_view key) const {
    for (const ValueDef& d : options)
        if (d.key == key) return &d;
    return nullptr;
}

}  // namespace ripkit
