#include "ripkit/node_names.hpp"

#include "ripkit/error.hpp"

namespace ripkit {

NodeNames::NodeNames(Scene& scene) : scene_(scene) {
    index_.reserve(scene.nodes.size());
    for (size_t i = 0; i < scene.nodes.size(); ++i)
        if (!index_.emplace(scene.nodes[i].name, int(i)).second)
            fail_no_offset(ErrorKind::BadValue,
                           "scene invariant: node name '" + scene.nodes[i].name + "' is unique");
}

int NodeNames::find(const std::string& name) const {
    const auto it = index_.find(name);
    return it == index_.end() ? -1 : it->second;
}

int NodeNames::add(std::string name, int parent) {
    if (index_.count(name))
        fail_no_offset(ErrorKind::BadValue,
                       "scene invariant: node name '" + name + "' is unique (builder)");
    const int n = scene_.add_node(name, parent);
    index_.emplace(std::move(name), n);
    return n;
}

int NodeNames::find_or_add(const std::string& name, int parent) {
    const int found = find(name);
    return found >= 0 ? found : add(name, parent);
}

int NodeNames::add_unique(const std::string& base, int parent) {
    if (!index_.count(base)) return add(base, parent);
    // Names are only ever added, so a suffix found taken stays taken: each
    // probe moves the base's counter on for good (amortised O(1) per node).
    int& k = next_suffix_.try_emplace(base, 2).first->second;
    for (;; ++k) {
        std::string name = base + "#" + std::to_string(k);
        if (!index_.count(name)) {
            ++k;
            return add(std::move(name), parent);
        }
    }
}

}  // namespace ripkit
