#include "skeleton.hpp"

#include <nlohmann/json.hpp>
#include <string>

#include "ripkit/error.hpp"

namespace ripkit::tr_cutseq {

namespace {

[[noreturn]] void bad(const std::string& where, const std::string& what) {
    fail_no_offset(ErrorKind::BadValue, "skeleton JSON " + where + ": " + what);
}

int64_t integer(const nlohmann::json& j, const std::string& where, int64_t lo, int64_t hi) {
    if (!j.is_number_integer()) bad(where, "an integer");
    const int64_t v = j.get<int64_t>();
    if (v < lo || v > hi)
        bad(where, "an integer in " + std::to_string(lo) + ".." + std::to_string(hi));
    return v;
}

}  // namespace

Skeleton parse_skeleton(ByteSpan text) {
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text.begin(), text.end());
    } catch (const nlohmann::json::parse_error& e) {
        fail(ErrorKind::BadValue, e.byte ? e.byte - 1 : 0,
             std::string("valid skeleton JSON (") + e.what() + ")");
    }
    if (!doc.is_object()) bad("root", "an object");
    if (doc.contains("format") && doc["format"] != "ripkit-tr-skeleton")
        bad("format", "\"ripkit-tr-skeleton\"");
    if (!doc.contains("slots") || !doc["slots"].is_object())
        bad("slots", "an object keyed by slot number");
    Skeleton sk;
    for (const auto& [key, slot] : doc["slots"].items()) {
        const std::string where = "slots." + key;
        int id = 0;
        try {
            size_t used = 0;
            id = std::stoi(key, &used);
            if (used != key.size()) throw std::invalid_argument(key);
        } catch (const std::exception&) {
            bad(where, "a decimal slot number as the key");
        }
        if (id < -1 || id > 32767) bad(where, "a slot number in -1..32767");
        if (!slot.is_object() || !slot.contains("bones") || !slot["bones"].is_array())
            bad(where, "an object with a \"bones\" array");
        std::vector<Bone> bones;
        const auto& arr = slot["bones"];
        for (size_t i = 0; i < arr.size(); ++i) {
            const std::string bw = where + ".bones[" + std::to_string(i) + "]";
            const auto& b = arr[i];
            if (!b.is_object()) bad(bw, "an object {flags, dx, dy, dz}");
            Bone bone;
            for (const char* f : {"flags", "dx", "dy", "dz"})
                if (!b.contains(f)) bad(bw, std::string("a \"") + f + "\" field");
            bone.flags = static_cast<uint32_t>(integer(b["flags"], bw + ".flags", 0, 0xFFFF));
            bone.offset[0] =
                static_cast<int32_t>(integer(b["dx"], bw + ".dx", INT32_MIN, INT32_MAX));
            bone.offset[1] =
                static_cast<int32_t>(integer(b["dy"], bw + ".dy", INT32_MIN, INT32_MAX));
            bone.offset[2] =
                static_cast<int32_t>(integer(b["dz"], bw + ".dz", INT32_MIN, INT32_MAX));
            bones.push_back(bone);
        }
        sk.slots[id] = std::move(bones);
    }
    return sk;
}

std::vector<int> walk_bones(const std::vector<Bone>& bones, int meshes, const Limits& limits) {
    if (meshes <= 0) return {};
    if (bones.size() + 1 < static_cast<size_t>(meshes))
        fail_no_offset(ErrorKind::BadValue, "skeleton with " + std::to_string(meshes - 1) +
                                                " bones for " + std::to_string(meshes) +
                                                " meshes, it has " + std::to_string(bones.size()));
    std::vector<int> parents(static_cast<size_t>(meshes), -1);
    std::vector<int> stack;
    int current = 0;
    for (int j = 1; j < meshes; ++j) {
        const Bone& b = bones[static_cast<size_t>(j - 1)];
        if (b.flags & 1) {
            if (stack.empty())
                fail_no_offset(ErrorKind::BadValue, "bone " + std::to_string(j - 1) + " (mesh " +
                                                        std::to_string(j) +
                                                        "): pop with an empty matrix stack");
            current = stack.back();
            stack.pop_back();
        }
        if (b.flags & 2) {
            if (stack.size() >= limits.max_depth)
                fail_no_offset(ErrorKind::DepthLimit,
                               "a bone stack within " + std::to_string(limits.max_depth));
            stack.push_back(current);
        }
        parents[static_cast<size_t>(j)] = current;
        current = j;
    }
    return parents;
}

}  // namespace ripkit::tr_cutseq
