// `ripkit dump`: one object (its decoded fields, the object header, the
// layouts read with) or, for a BigFile, every object with its data or error.
#include "container/contents.hpp"
#include "document.hpp"
#include "keyframes/keyframes_dump.hpp"
#include "keyframes/skel_checks.hpp"
#include "models/model_set.hpp"

namespace ripkit::zouna {

nlohmann::json ZounaDocument::object_json(const ObjectRef& o) const {
    return {{"crc", o.header.name_crc},
            {"name", names_.count(o.header.name_crc) ? nlohmann::json(object_name(o))
                                                     : nlohmann::json(nullptr)},
            {"compressed", o.header.compressed_size != 0}};
}

nlohmann::json ZounaDocument::dump_object(size_t i) const {
    const ObjectRef& o = objects_[i];
    if (models_->handles(i)) {
        nlohmann::json j = models_->dump(i);
        j["object"] = object_json(o);
        j["settings"] = v_.describe();
        return j;
    }
    if (errors_[i]) throw *errors_[i];
    // Not decodable: the same Unsupported error decoding it would give (the
    // class and pool checks come before any byte is read).
    if (!decoded_[i]) decode(ByteSpan(), o);
    const Decoded& d = *decoded_[i];
    nlohmann::json j;
    if (auto* a = std::get_if<Animation>(&d))
        j = dump_animation(*a, o.endian, names_);
    else if (auto* s = std::get_if<Skel>(&d)) {
        j = dump_skel(*s, o.endian, names_);
        j["transform_check"] = skel_check_json(check_skel_transforms(*s));
    } else
        j = dump_material_anim(std::get<MaterialAnim>(d), o.endian, names_);
    j["object"] = object_json(o);
    j["settings"] = v_.describe();
    return j;
}

nlohmann::json ZounaDocument::dump(std::optional<int64_t> item) const {
    if (item) return dump_object(find(*item));
    if (objects_.size() == 1 && container_ != "bigfile") return dump_object(0);
    nlohmann::json list = nlohmann::json::array();
    for (size_t i = 0; i < objects_.size(); ++i) {
        const ObjectRef& o = objects_[i];
        nlohmann::json j = {{"id", item_ids_[i]},
                            {"class", class_name(o.header.class_crc)},
                            {"name", object_name(o)}};
        if (models_->handles(i) && models_->error(i))
            j["error"] = models_->error(i)->what();
        else if (errors_[i])
            j["error"] = errors_[i]->what();
        else if (decoded_[i] || (models_->handles(i) && models_->decoded(i)))
            j["data"] = dump_object(i);
        list.push_back(std::move(j));
    }
    return {{"format", "zouna"},
            {"container", container_},
            {"version", version_},
            {"endian", endian_ == Endian::Little ? "little" : "big"},
            {"objects", list}};
}

}  // namespace ripkit::zouna
