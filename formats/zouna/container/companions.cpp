#include "zouna/container/companions.hpp"

#include <algorithm>
#include <filesystem>

#include "ripkit/platform.hpp"
#include "zouna/container/bigfile.hpp"
#include "zouna/container/contents.hpp"
#include "zouna/container/crc32.hpp"

namespace ripkit::zouna {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

std::vector<ObjectRef> objects_in(ByteSpan data) {
    try {
        if (has_bff0(data)) {
            const Bff0Header h = read_bff0(data);
            if (auto e = detect_object_endian(data, h.size))
                return {parse_object(data, h.size, *e)};
        } else if (auto e = detect_object_endian(data, 0)) {
            return {parse_object(data, 0, *e)};
        }
    } catch (const Error&) {
        // Not an object file: skipped like any other file in the folder.
    }
    return {};
}

}  // namespace

CompanionFinder::CompanionFinder(const std::string& input_path, const FileSource& files,
                                 const Limits& limits, NameMap& names)
    : files_(files), limits_(limits), names_(names) {
    namespace fs = std::filesystem;
    const fs::path p = platform::path_from_utf8(input_path);
    dir_ = p.has_parent_path() ? p.parent_path().string() : ".";
    std::error_code ec;
    for (fs::directory_iterator it(platform::path_from_utf8(dir_), ec), end; !ec && it != end;
         it.increment(ec)) {
        if (!it->is_regular_file(ec)) continue;
        const std::string f = it->path().filename().string();
        const size_t dot = f.find('.');
        if (dot == std::string::npos) continue;
        listing_[lower(f.substr(dot + 1))].push_back({f.substr(0, dot), it->path().string()});
    }
}

std::vector<std::string> CompanionFinder::candidates(const std::string& cls, uint32_t crc) const {
    std::vector<std::string> out;
    const auto it = listing_.find(lower(cls));
    if (it == listing_.end()) return out;
    const auto known = names_.find(crc);
    for (const auto& [stem, path] : it->second)
        if (stem == std::to_string(crc) || asobo_crc32(stem) == crc ||
            (known != names_.end() && stem == known->second))
            out.push_back(path);
    return out;
}

std::optional<CompanionFinder::Found> CompanionFinder::find(const std::string& cls, uint32_t crc) {
    const uint32_t cls_crc = asobo_crc32(cls);
    for (const std::string& path : candidates(cls, crc)) {
        auto& bytes = cache_[path];
        if (!bytes) {
            std::optional<Bytes> b = files_.read(path, limits_);
            if (!b) continue;
            bytes = std::make_shared<const Bytes>(std::move(*b));
        }
        for (const ObjectRef& o : objects_in(*bytes))
            if (o.header.class_crc == cls_crc && o.header.name_crc == crc) {
                const std::string f = platform::path_from_utf8(path).filename().string();
                const std::string stem = f.substr(0, f.find('.'));
                if (asobo_crc32(stem) == crc) names_.emplace(crc, stem);
                return Found{path, bytes, o};
            }
    }
    return std::nullopt;
}

std::string CompanionFinder::looked_for(const std::string& cls, uint32_t crc) const {
    std::string s = std::to_string(crc) + "." + cls;
    const auto known = names_.find(crc);
    if (known != names_.end()) s = known->second + "." + cls + " or " + s;
    return s + " (or a file whose stem has that Asobo CRC32) in " + dir_;
}

void learn_name_from_path(const std::string& path, uint32_t crc, NameMap& names) {
    const std::string f = platform::path_from_utf8(path).filename().string();
    const std::string stem = f.substr(0, f.find('.'));
    if (!stem.empty() && asobo_crc32(stem) == crc && !names.count(crc)) names[crc] = stem;
}

void CompanionReader::read_names(const std::string& path, NameMap& names) const {
    const auto text = files.read(path, budget.limits());
    if (!text) fail_no_offset(ErrorKind::Io, "the names file " + path);
    parse_names(*text, names);
}

void CompanionReader::read_bigfile_names(const std::string& bigfile_path, NameMap& names) const {
    const std::string npc = bigfile_names_sibling(bigfile_path);
    if (npc.empty()) return;
    if (const auto text = files.read(npc, budget.limits())) parse_names(*text, names);
}

std::vector<NamedAnimation> CompanionReader::read_animations(const std::string& path,
                                                             NameMap& names) const {
    const auto bytes = files.read(path, budget.limits());
    if (!bytes) fail_no_offset(ErrorKind::Io, "the animation file " + path);
    std::vector<NamedAnimation> out;
    try {
        const auto objs = parse_container(*bytes, forced, budget.limits()).objects;
        for (const ObjectRef& obj : objs) {
            if (obj.header.class_crc != asobo_crc32(kAnimationClass) || obj.pooled) continue;
            if (objs.size() == 1) learn_name_from_path(path, obj.header.name_crc, names);
            const Bytes body = object_body(*bytes, obj, budget.limits());
            NamedAnimation a;
            a.crc = obj.header.name_crc;
            a.endian = obj.endian;
            a.anim = read_animation(ByteReader(body, 0, obj.endian), v, budget);
            out.push_back(std::move(a));
        }
        if (out.empty()) fail_no_offset(ErrorKind::Usage, "an Animation_Z object in " + path);
    } catch (Error& e) {
        if (e.file().empty()) e.set_file(path);
        throw;
    }
    return out;
}

std::pair<std::string, Skel> CompanionReader::read_skeleton(const std::string& path,
                                                            NameMap& names) const {
    const auto bytes = files.read(path, budget.limits());
    if (!bytes) fail_no_offset(ErrorKind::Io, "the skeleton file " + path);
    try {
        const auto objs = parse_container(*bytes, forced, budget.limits()).objects;
        for (const ObjectRef& obj : objs) {
            if (obj.header.class_crc != asobo_crc32(kSkelClass) || obj.pooled) continue;
            if (objs.size() == 1) learn_name_from_path(path, obj.header.name_crc, names);
            const Bytes body = object_body(*bytes, obj, budget.limits());
            return {name_or_crc(names, obj.header.name_crc),
                    read_skel(ByteReader(body, 0, obj.endian), v, budget)};
        }
        fail_no_offset(ErrorKind::Usage, "a Skel_Z object in " + path);
    } catch (Error& e) {
        if (e.file().empty()) e.set_file(path);
        throw;
    }
}

}  // namespace ripkit::zouna
