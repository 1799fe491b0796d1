#include "ripkit/decode_item.hpp"

namespace ripkit::detail {

void give_back(Budget& budget, uint64_t held_before) {
    const uint64_t held = budget.bytes_held();
    if (held > held_before) budget.release_bytes(held - held_before);
}

Error out_of_memory(const std::string& frame) {
    Error e(ErrorKind::AllocationLimit, std::nullopt,
            "enough memory to decode it (the machine ran out before the budget did: "
            "--limit total_bytes=N sets a smaller budget)");
    if (!frame.empty()) e.push_where(frame);
    return e;
}

}  // namespace ripkit::detail
