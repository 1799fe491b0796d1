#include "ripkit/limits.hpp"

#include <charconv>

#include "ripkit/error.hpp"

namespace ripkit {

const std::vector<LimitDef>& limit_defs() {
    static const std::vector<LimitDef> defs = {
        {"input_bytes", &Limits::max_input_bytes, "size of the input file"},
        {"alloc_bytes", &Limits::max_alloc_bytes, "bytes of any one decoded buffer"},
        {"elements", &Limits::max_elements, "elements of any one array (keys, vertices, frames)"},
        {"depth", &Limits::max_depth, "nesting of hierarchies and calls"},
        {"steps", &Limits::max_steps, "commands of any one interpreted program"},
        {"total_bytes", &Limits::max_total_bytes,
         "bytes decoded, built and written for one input, held at once"},
        {"total_steps", &Limits::max_total_steps,
         "loop iterations for one input (commands, samples, keys)"},
    };
    return defs;
}

namespace {

std::string limit_keys() {
    std::string keys;
    for (const LimitDef& d : limit_defs()) keys += (keys.empty() ? "" : ", ") + std::string(d.key);
    return keys;
}

// Decimal with an optional binary suffix; the whole text must be consumed.
std::optional<uint64_t> parse_amount(const std::string& text) {
    if (text.empty()) return std::nullopt;
    uint64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [p, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || p == text.data()) return std::nullopt;
    unsigned shift = 0;
    if (p != end) {
        if (p + 1 != end) return std::nullopt;
        switch (*p) {
            case 'k':
            case 'K':
                shift = 10;
                break;
            case 'M':
                shift = 20;
                break;
            case 'G':
                shift = 30;
                break;
            default:
                return std::nullopt;
        }
    }
    if (shift && value > (UINT64_MAX >> shift)) return std::nullopt;
    return value << shift;
}

}  // namespace

void set_limit(Limits& limits, const std::string& key, const std::string& value) {
    for (const LimitDef& d : limit_defs()) {
        if (key != d.key) continue;
        const std::optional<uint64_t> v = parse_amount(value);
        if (!v || *v == 0)
            fail_no_offset(ErrorKind::Usage, "limit '" + key +
                                                 "': a positive whole number (k, M, G suffixes "
                                                 "allowed), got '" +
                                                 value + "'");
        limits.*d.field = *v;
        return;
    }
    fail_no_offset(ErrorKind::Usage,
                   "limit '" + key + "': unknown key; the limits are: " + limit_keys());
}

void set_limits(Limits& limits, const std::string& list) {
    size_t start = 0;
    while (start < list.size()) {
        size_t end = list.find_first_of(";,", start);
        if (end == std::string::npos) end = list.size();
        const std::string kv = list.substr(start, end - start);
        start = end + 1;
        if (kv.empty()) continue;
        const size_t eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
            fail_no_offset(ErrorKind::Usage, "limit key=N, got '" + kv + "'");
        set_limit(limits, kv.substr(0, eq), kv.substr(eq + 1));
    }
}

std::string limit_hint(const std::string& key) {
    return "raise with --limit " + key + "=N (Assimp: RIPKIT_LIMITS \"" + key + "=N\")";
}

uint64_t check_alloc(const Limits& limits, uint64_t count, uint64_t elem_size, uint64_t offset,
                     const std::string& what) {
    if (count > limits.max_elements)
        fail(ErrorKind::AllocationLimit, offset,
             what + ": count " + std::to_string(count) + " <= " +
                 std::to_string(limits.max_elements) + " (" + limit_hint("elements") + ")");
    if (elem_size && count > limits.max_alloc_bytes / elem_size)
        fail(ErrorKind::AllocationLimit, offset,
             what + ": " + std::to_string(count) + " x " + std::to_string(elem_size) +
                 " bytes within the " + std::to_string(limits.max_alloc_bytes) + "-byte limit (" +
                 limit_hint("alloc_bytes") + ")");
    return count;
}

Budget::Budget(Limits limits, ProgressFn progress)
    : limits_(limits), progress_(std::move(progress)) {}

namespace {

[[noreturn]] void over(ErrorKind kind, std::optional<uint64_t> offset, const std::string& text) {
    if (offset) fail(kind, *offset, text);
    fail_no_offset(kind, text);
}

}  // namespace

void Budget::charge_bytes(uint64_t bytes, const std::string& what, std::optional<uint64_t> offset) {
    add_bytes(bytes, what, offset);
    count_on_meters(int64_t(bytes));
}

void Budget::charge_held(uint64_t bytes, const std::string& what, std::optional<uint64_t> offset) {
    add_bytes(bytes, what, offset);
}

void Budget::add_bytes(uint64_t bytes, const std::string& what, std::optional<uint64_t> offset) {
    const uint64_t before = bytes_.fetch_add(bytes);
    const uint64_t now = before + bytes;
    if (now < before || now > limits_.max_total_bytes) {
        bytes_.fetch_sub(bytes);
        over(ErrorKind::AllocationLimit, offset,
             what + ": " + std::to_string(bytes) + " more bytes within the document's " +
                 std::to_string(limits_.max_total_bytes) + "-byte total (" +
                 std::to_string(before) + " held; " + limit_hint("total_bytes") + ")");
    }
    uint64_t peak = peak_.load();
    while (now > peak && !peak_.compare_exchange_weak(peak, now)) {
    }
}

uint64_t Budget::alloc(uint64_t count, uint64_t elem_size, std::optional<uint64_t> offset,
                       const std::string& what) {
    try {
        check_alloc(limits_, count, elem_size, offset.value_or(0), what);
    } catch (const Error& e) {
        if (offset) throw;
        throw Error(e.kind(), std::nullopt, e.expected());  // no offset 0 when there is none
    }
    charge_bytes(count * elem_size, what, offset);
    return count;
}

void Budget::release_bytes(uint64_t bytes) {
    count_on_meters(-int64_t(bytes));
    uint64_t held = bytes_.load();
    while (!bytes_.compare_exchange_weak(held, held > bytes ? held - bytes : 0)) {
    }
}

void Budget::charge_steps(uint64_t steps, const std::string& what, std::optional<uint64_t> offset) {
    const uint64_t before = steps_.fetch_add(steps);
    const uint64_t now = before + steps;
    if (now < before || now > limits_.max_total_steps) {
        steps_.fetch_sub(steps);
        throw Error(ErrorKind::StepLimit, offset,
                    what + ": " + std::to_string(steps) + " more steps within the document's " +
                        std::to_string(limits_.max_total_steps) + "-step total (" +
                        std::to_string(before) + " done; " + limit_hint("total_steps") + ")")
            .set_out_of_steps();
    }
}

void Budget::progress(uint64_t done, uint64_t total, const std::string& label) const {
    if (progress_ && !progress_(done, total, label))
        fail_no_offset(ErrorKind::Cancelled,
                       "the job to run to its end (cancelled at " + label + ")");
}

namespace {
// The innermost live meter of this thread (each links to the one outside it).
thread_local Budget::Meter* t_meters = nullptr;
}  // namespace

void Budget::count_on_meters(int64_t bytes) const {
    for (Meter* m = t_meters; m; m = m->outer_)
        if (m->budget_ == this) m->net_ += bytes;
}

Budget::Meter::Meter(const Budget& budget) : budget_(&budget), outer_(t_meters) { t_meters = this; }

Budget::Meter::~Meter() { t_meters = outer_; }

Budget::Scope::~Scope() { budget_.release_bytes(meter_.net()); }

}  // namespace ripkit
