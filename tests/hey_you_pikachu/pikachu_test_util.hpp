// Shared helpers: open a synthetic ROM through the format, as the CLI does.
#pragma once

#include <memory>
#include <string>

#include "hey_you_pikachu/document.hpp"
#include "hey_you_pikachu/format.hpp"
#include "hey_you_pikachu/testkit/rom_builder.hpp"

namespace pktest {

inline std::unique_ptr<ripkit::hey_you_pikachu::PikachuDocument> open_rom(
    const ripkit::Bytes& rom, const ripkit::Options& options = {}) {
    ripkit::Input in;
    in.path = "synthetic.z64";
    in.bytes = rom;
    auto doc = ripkit::formats::hey_you_pikachu_format().open(in, options);
    return std::unique_ptr<ripkit::hey_you_pikachu::PikachuDocument>(
        static_cast<ripkit::hey_you_pikachu::PikachuDocument*>(doc.release()));
}

// Whether an error's message contains `s`.
inline bool says(const ripkit::Error& e, const std::string& s) {
    return std::string(e.what()).find(s) != std::string::npos;
}

}  // namespace pktest
