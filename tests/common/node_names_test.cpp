// NodeNames: the by-name index builders add nodes through. It must agree with
// Scene::find_node (the scan it replaces) and number repeated names base#2,
// base#3, ... exactly as the builders did before.
#include "ripkit/node_names.hpp"

#include "expect_error.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using ripkit::test::expect_error;

TEST_CASE("NodeNames indexes existing nodes and finds what it adds") {
    Scene s;
    s.add_node("root", -1);
    s.add_node("a", 0);
    NodeNames names(s);
    CHECK(names.find("root") == 0);
    CHECK(names.find("a") == 1);
    CHECK(names.find("b") == -1);
    const int b = names.add("b", 1);
    CHECK(b == 2);
    CHECK(s.nodes[2].name == "b");
    CHECK(s.nodes[2].parent == 1);
    CHECK(names.find("b") == s.find_node("b"));
    CHECK(names.find_or_add("a", 0) == 1);
    CHECK(names.find_or_add("c", 0) == 3);
    CHECK(s.nodes.size() == 4);
}

TEST_CASE("NodeNames::add refuses a name already there") {
    Scene s;
    s.add_node("root", -1);
    NodeNames names(s);
    const Error e = expect_error([&] { names.add("root", 0); });
    CHECK(e.kind() == ErrorKind::BadValue);
    CHECK(s.nodes.size() == 1);
}

TEST_CASE("NodeNames::add_unique: base, then base#2, base#3, skipping names already taken") {
    Scene s;
    s.add_node("root", -1);
    s.add_node("bone#3", 0);  // taken before any add_unique
    NodeNames names(s);
    std::vector<std::string> got;
    for (int i = 0; i < 5; ++i) got.push_back(s.nodes[size_t(names.add_unique("bone", 0))].name);
    CHECK(got == std::vector<std::string>{"bone", "bone#2", "bone#4", "bone#5", "bone#6"});
    // A name made by hand that collides with a later suffix is skipped too.
    names.add("bone#7", 0);
    CHECK(s.nodes[size_t(names.add_unique("bone", 0))].name == "bone#8");
    // "bone#2" as a base of its own starts its own count.
    CHECK(s.nodes[size_t(names.add_unique("bone#2", 0))].name == "bone#2#2");
    validate_scene(s);
}

TEST_CASE("NodeNames refuses a scene whose names are not unique") {
    Scene s;
    s.add_node("root", -1);
    s.add_node("x", 0);
    s.add_node("x", 0);
    const Error e = expect_error([&] { NodeNames names(s); });
    CHECK(e.expected().find("'x' is unique") != std::string::npos);
}
