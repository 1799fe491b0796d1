// Finding a node's channel in a ripkit::Scene, for tests that check decoded
// values against hand arithmetic.
#pragma once

#include <string>
#include <string_view>

#include "ripkit/scene.hpp"
#include "ripkit_catch.hpp"

namespace ripkit::test {

// The channel animating `path` of node `node` in animation `anim`; fails the test when none.
// (The name as a view: GCC 14 takes a reference returned from a call given a
// temporary std::string for a dangling one.)
inline const Channel& channel_of(const Scene& s, std::string_view node, AnimPath path,
                                 size_t anim = 0) {
    const int n = s.find_node(std::string(node));
    REQUIRE(n >= 0);
    for (const Channel& c : s.animations.at(anim).channels)
        if (c.node == n && c.path == path) return c;
    FAIL("no channel on " << node);
    throw 0;
}

}  // namespace ripkit::test
