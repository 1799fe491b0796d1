#include "ripkit/json_text.hpp"

namespace ripkit {

JsonText& JsonText::operator=(const nlohmann::json& value) {
    // Replace, as every writer dumps: a game string that is not UTF-8 must not
    // make building a scene throw.
    text_ = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return *this;
}

nlohmann::json JsonText::tree() const { return nlohmann::json::parse(text_); }

}  // namespace ripkit
