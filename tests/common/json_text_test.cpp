// JsonText: an animation's extras held as compact text. What a writer reads
// back must be what the builder assigned, and a builder's string that is not
// UTF-8 must not throw (the writers replace it; so does JsonText).
#include "ripkit/json_text.hpp"

#include "ripkit/scene.hpp"
#include "ripkit_catch.hpp"

using ripkit::JsonText;

TEST_CASE("JsonText holds a braced list as compact text and parses it back") {
    ripkit::Animation a;
    CHECK(a.extras.text() == "{}");
    CHECK(a.extras.is_object());
    a.extras = {{"bank", 5}, {"quantum", 0.25}, {"types", {40, 41}}, {"name", "walk"}};
    // nlohmann objects are sorted by key; compact: no spaces.
    CHECK(a.extras.text() == R"({"bank":5,"name":"walk","quantum":0.25,"types":[40,41]})");
    const nlohmann::json t = a.extras.tree();
    CHECK(t["bank"] == 5);
    CHECK(t["quantum"] == 0.25);
    CHECK(t["types"] == nlohmann::json::array({40, 41}));
    // 64-bit integers and doubles survive the text exactly.
    a.extras = {{"crc", 4294967295u}, {"big", int64_t(-9007199254740993)}, {"x", 0.1}};
    CHECK(a.extras.tree()["crc"].get<uint64_t>() == 4294967295u);
    CHECK(a.extras.tree()["big"].get<int64_t>() == int64_t(-9007199254740993));
    CHECK(a.extras.tree()["x"].get<double>() == 0.1);
}

TEST_CASE("JsonText replaces bytes that are not UTF-8, and keeps a value that is not an object") {
    JsonText j;
    j = nlohmann::json{{"name", std::string("A\xff"
                                            "B")}};
    // U+FFFD is EF BF BD in UTF-8.
    CHECK(j.text() ==
          "{\"name\":\"A\xef\xbf\xbd"
          "B\"}");
    j = nlohmann::json::array({1, 2});
    CHECK_FALSE(j.is_object());
    CHECK(j.tree() == nlohmann::json::array({1, 2}));
}
