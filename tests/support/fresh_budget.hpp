// Decoders take the document's Budget by reference; a test calling one
// directly gives each call a budget of its own, as a fresh document would.
#pragma once

#include <deque>

#include "ripkit/limits.hpp"

namespace ripkit::test {

// A new budget of `limits`, alive until the test program ends.
inline Budget& fresh_budget(const Limits& limits = {}) {
    static std::deque<Budget> budgets;  // deque: earlier budgets never move
    return budgets.emplace_back(limits);
}

}  // namespace ripkit::test
