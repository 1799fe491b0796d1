// The explicit per-item decode step (docs/architecture.md "Decode, then
// present"): a file's items are decoded one by one - at open, or when first
// asked for (TR cutscenes, Pikachu models) - and one that fails keeps its
// error for `list` and Document::scene instead of failing the whole file - so
// a corrupt item fails at the same stage, with the same kind of error, in
// every format.
#pragma once

#include <new>
#include <optional>
#include <string>

#include "ripkit/error.hpp"
#include "ripkit/limits.hpp"

namespace ripkit {

namespace detail {
Error out_of_memory(const std::string& frame);
}  // namespace detail

// Runs `decode` (the decoding of one item) inside `with_context(frame, ...)`
// (no frame when `frame` is empty: the decoder names the item itself).
// A ripkit::Error it throws - or std::bad_alloc, as AllocationLimit - is
// returned as the item's error, and the bytes it charged to `budget` are
// given back (its half-decoded data is gone). Usage and Cancelled errors are
// about the job, not the item: they propagate, and so does the document's
// step total met, since steps are never given back and every later item
// would meet it too.
template <class Fn>
std::optional<Error> decode_item(Budget& budget, const std::string& frame, Fn&& decode) {
    const Budget::Meter meter(budget);  // this item's charges, not another thread's
    try {
        if (frame.empty())
            decode();
        else
            with_context(frame, decode);
        return std::nullopt;
    } catch (Error& e) {
        if (e.kind() == ErrorKind::Usage || e.kind() == ErrorKind::Cancelled || e.out_of_steps())
            throw;
        budget.release_bytes(meter.net());
        return e;
    } catch (const std::bad_alloc&) {
        budget.release_bytes(meter.net());
        return detail::out_of_memory(frame);
    }
}

}  // namespace ripkit
