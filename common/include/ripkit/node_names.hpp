// Name -> node index for a Scene being built, in O(1) per lookup.
//
// Scene::find_node scans every node, which is fine for a test or a single
// lookup but turns a builder's lookup per record into O(records x nodes), and
// "base#2, base#3, ..." probing into O(n^2) lookups (3000 bones of one name:
// 12 s, 6000: 116 s). Builders keep one NodeNames for the Scene they fill and
// add every node through it while it lives.
#pragma once

#include <string>
#include <unordered_map>

#include "ripkit/scene.hpp"

namespace ripkit {

class NodeNames {
  public:
    // Indexes the nodes `scene` already has (their names must be unique).
    explicit NodeNames(Scene& scene);

    int find(const std::string& name) const;  // -1 when absent
    // Scene::add_node under `name`, which must be new (Error BadValue if not).
    int add(std::string name, int parent);
    // The existing node called `name`, else a new one under `parent`.
    int find_or_add(const std::string& name, int parent);
    // A new node under `base`, or `base#2`, `base#3`, ... (the first free).
    int add_unique(const std::string& base, int parent);

  private:
    Scene& scene_;
    std::unordered_map<std::string, int> index_;
    // Per base: the suffix add_unique tries first (every lower one is taken).
    std::unordered_map<std::string, int> next_suffix_;
};

}  // namespace ripkit
