// Properties70 rows and the document's object/connection lists.
#include <cmath>
#include <cstdint>

#include "fbx_writer.hpp"

namespace ripkit::fbxw {

fbx::Node& Doc::object(const std::string& type, int64_t id, std::string_view name,
                       std::string_view cls, std::string_view subclass) {
    ++counts_[type];
    objects_.emplace_back(type);
    fbx::Node& n = objects_.back();
    n.i64(id).str(fbx::object_name(name, cls)).str(subclass);
    return n;
}

void Doc::oo(int64_t child, int64_t parent) {
    connections_.add("C").str("OO").i64(child).i64(parent);
}

void Doc::op(int64_t child, int64_t parent, std::string_view property) {
    connections_.add("C").str("OP").i64(child).i64(parent).str(property);
}

fbx::Node Doc::take_objects() {
    fbx::Node n("Objects");
    n.children.assign(std::make_move_iterator(objects_.begin()),
                      std::make_move_iterator(objects_.end()));
    objects_.clear();
    return n;
}

fbx::Node Doc::take_connections() { return std::move(connections_); }

fbx::Node& properties(fbx::Node& object) {
    for (fbx::Node& c : object.children)
        if (c.name == "Properties70") return c;
    return object.add("Properties70");
}

namespace {

fbx::Node& row(fbx::Node& p70, std::string_view name, std::string_view type,
               std::string_view subtype, std::string_view flags) {
    return p70.add("P").str(name).str(type).str(subtype).str(flags);
}

}  // namespace

void p_int(fbx::Node& p70, std::string_view name, int32_t v) {
    row(p70, name, "int", "Integer", "").i32(v);
}
void p_bool(fbx::Node& p70, std::string_view name, bool v) {
    row(p70, name, "bool", "", "").i32(v ? 1 : 0);
}
void p_enum(fbx::Node& p70, std::string_view name, int32_t v) {
    row(p70, name, "enum", "", "").i32(v);
}
void p_double(fbx::Node& p70, std::string_view name, double v) {
    row(p70, name, "double", "Number", "").f64(v);
}
void p_number(fbx::Node& p70, std::string_view name, double v) {
    row(p70, name, "Number", "", "A").f64(v);
}
void p_vector3(fbx::Node& p70, std::string_view name, std::string_view type,
               std::string_view subtype, std::string_view flags, glm::dvec3 v) {
    row(p70, name, type, subtype, flags).f64(v.x).f64(v.y).f64(v.z);
}
void p_ktime(fbx::Node& p70, std::string_view name, int64_t v) {
    row(p70, name, "KTime", "Time", "").i64(v);
}
void p_string(fbx::Node& p70, std::string_view name, std::string_view v, std::string_view subtype) {
    row(p70, name, "KString", subtype, "").str(v);
}
void p_user_number(fbx::Node& p70, std::string_view name, double v) {
    row(p70, name, "Number", "", "A+U").f64(v);
}

void p_user_extras(fbx::Node& p70, const nlohmann::json& extras,
                   const std::set<std::string>& reserved, std::string_view prefix) {
    if (!extras.is_object()) return;
    for (const auto& item : extras.items()) {
        const nlohmann::json& value = item.value();
        std::string name(prefix);
        name += item.key();
        if (reserved.count(name)) {
            std::string user = "user_";
            user += name;
            name = std::move(user);
        }
        const auto dump = [&] {
            return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        };
        if (value.is_boolean()) {
            row(p70, name, "Bool", "", "A+U").i32(value.get<bool>() ? 1 : 0);
        } else if (value.is_number_integer()) {
            constexpr uint64_t kExact = uint64_t(1) << 53;  // a double holds these exactly
            const bool negative = !value.is_number_unsigned() && value.get<int64_t>() < 0;
            const uint64_t magnitude =
                negative ? uint64_t(0) - uint64_t(value.get<int64_t>()) : value.get<uint64_t>();
            if (magnitude <= (negative ? uint64_t(INT32_MAX) + 1 : uint64_t(INT32_MAX)))
                row(p70, name, "Integer", "", "A+U").i32(int32_t(value.get<int64_t>()));
            else if (!negative && magnitude <= uint64_t(INT64_MAX))
                // Game ids (crc32s) past int32: Assimp reads ULongLong as
                // uint64 (a Number only as a float, which would round them).
                row(p70, name, "ULongLong", "", "U").i64(int64_t(magnitude));
            else if (magnitude <= kExact)
                row(p70, name, "Number", "", "A+U").f64(value.get<double>());
            else
                row(p70, name + "_json", "KString", "", "U").str(dump());
        } else if (value.is_number() && std::isfinite(value.get<double>())) {
            row(p70, name, "Number", "", "A+U").f64(value.get<double>());
        } else if (value.is_string()) {
            row(p70, name, "KString", "", "U").str(value.get<std::string>());
        } else {
            row(p70, name + "_json", "KString", "", "U").str(dump());
        }
    }
}

}  // namespace ripkit::fbxw
