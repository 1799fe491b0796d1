#include "ripkit/format.hpp"

#include <filesystem>
#include <utility>

#include "ripkit/error.hpp"
#include "ripkit/platform.hpp"

namespace ripkit {

Bytes read_file(const std::string& path, const Limits& limits) {
    return file_source(path, limits)->read_all();
}

std::optional<Bytes> DiskFileSource::read(const std::string& path, const Limits& limits) const {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(platform::path_from_utf8(path), ec)) return std::nullopt;
    try {
        return read_file(path, limits);
    } catch (Error& e) {
        e.set_file(path);
        throw;
    }
}

std::vector<std::string> split_list(const std::string& text, char separator) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find(separator, start);
        if (end == std::string::npos) end = text.size();
        if (end > start) out.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

int Format::probe_head(ByteSpan head, uint64_t, const std::string& path) const {
    return probe(head, path);
}

std::shared_ptr<Budget> budget_for(const Options& options) {
    if (options.budget) return options.budget;
    return std::make_shared<Budget>(options.limits, options.progress);
}

namespace {

// Bytes charged to a budget for as long as the hold lives: a built scene's.
class BudgetHold {
  public:
    BudgetHold(std::shared_ptr<Budget> budget, uint64_t bytes)
        : budget_(std::move(budget)), bytes_(bytes) {}
    ~BudgetHold() { budget_->release_bytes(bytes_); }
    BudgetHold(const BudgetHold&) = delete;
    BudgetHold& operator=(const BudgetHold&) = delete;

  private:
    std::shared_ptr<Budget> budget_;
    uint64_t bytes_;
};

}  // namespace

// The builder's charges stay on the budget while the scene lives and no
// longer: a scene built and dropped a thousand times costs one scene.
Scene Document::scene(int64_t item) const {
    const std::shared_ptr<Budget> b = budget();
    // This thread's charges: another item may be built at the same time.
    const Budget::Meter meter(*b);
    Scene s;
    try {
        s = present(item);
    } catch (...) {
        b->release_bytes(meter.net());
        throw;
    }
    s.budget = b;
    s.budget_hold = std::make_shared<const BudgetHold>(b, meter.net());
    return s;
}

int64_t Document::default_item() const {
    const std::vector<ItemSummary> all = items();
    for (const ItemSummary& s : all)
        if (!s.empty && !s.error) return s.id;
    for (const ItemSummary& s : all)
        if (s.error) throw *s.error;
    fail_no_offset(ErrorKind::Usage, "a file with at least one non-empty item");
}

std::vector<ItemSummary> Document::items_before(int64_t id) const {
    std::vector<ItemSummary> all = items();
    for (size_t k = 0; k < all.size(); ++k)
        if (all[k].id == id) {
            all.resize(k);
            break;
        }
    return all;
}

}  // namespace ripkit
