// A JSON value held as its compact text. An animation's extras are written once
// by its builder and read whole by a writer (the glTF writer streams them as
// text); as nlohmann trees they cost about five times their text - a Zouna
// BigFile's 500 animations held 4.8 MB of extras trees for 0.94 MB of text, the
// largest part of `convert`'s peak memory.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace ripkit {

class JsonText {
  public:
    JsonText() = default;  // an empty object
    // Builders assign trees and braced lists (`anim.extras = {{"bank", 3}}`);
    // no converting constructor, which would make a one-member list ambiguous.
    JsonText& operator=(const nlohmann::json& value);

    // A fresh tree parsed from the text.
    nlohmann::json tree() const;
    // Compact text; strings that were not UTF-8 hold U+FFFD where the bad bytes were.
    const std::string& text() const { return text_; }
    bool is_object() const { return !text_.empty() && text_.front() == '{'; }

  private:
    std::string text_ = "{}";
};

}  // namespace ripkit
