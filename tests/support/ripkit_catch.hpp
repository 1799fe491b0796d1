// Catch2 for every test: version 2 (Debian 12) or 3 (Debian 13 and later), in
// one place. Tests write Catch2 3's names - Catch::Approx,
// Catch::Matchers::ContainsSubstring - and this header gives them under
// Catch2 2. RIPKIT_CATCH2_MAJOR comes from tests/CMakeLists.txt.
#pragma once

#if RIPKIT_CATCH2_MAJOR >= 3
#include <catch2/catch_all.hpp>
using Catch::Approx;
#else
#include <catch2/catch.hpp>
#include <string>

namespace Catch {
using Detail::Approx;
namespace Matchers {
inline StdString::ContainsMatcher ContainsSubstring(
    const std::string& str, CaseSensitive::Choice sensitivity = CaseSensitive::Yes) {
    return Contains(str, sensitivity);
}
}  // namespace Matchers
}  // namespace Catch
#endif
