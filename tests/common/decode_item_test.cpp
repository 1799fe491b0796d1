// decode_item: the per-item decode step every format's open runs (an item's
// failure becomes its error; the job's own errors propagate).
#include "ripkit/decode_item.hpp"

#include <new>

#include "expect_error.hpp"
#include "ripkit/format.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;

TEST_CASE("a failing item keeps its error and gives back what it charged") {
    Limits l;
    l.max_total_bytes = 1000;
    Budget b(l);
    b.charge_bytes(100, "the container");
    const std::optional<Error> ok = decode_item(b, "item 1", [&] { b.charge_bytes(200, "keys"); });
    CHECK_FALSE(ok);
    CHECK(b.bytes_held() == 300);  // a decoded item keeps its bytes
    const std::optional<Error> bad = decode_item(b, "item 2", [&] {
        b.charge_bytes(400, "keys");
        fail(ErrorKind::BadIndex, 0x20, "an offset inside the file");
    });
    REQUIRE(bad);
    CHECK(bad->kind() == ErrorKind::BadIndex);
    CHECK(*bad->offset() == 0x20);
    CHECK(bad->where() == std::vector<std::string>{"item 2"});
    CHECK(b.bytes_held() == 300);  // its half-decoded data is gone
    // Past the total: the item's own error, the next item still has room.
    const std::optional<Error> big = decode_item(b, "item 3", [&] { b.charge_bytes(800, "keys"); });
    REQUIRE(big);
    CHECK(big->kind() == ErrorKind::AllocationLimit);
    CHECK_FALSE(decode_item(b, "item 4", [&] { b.charge_bytes(600, "keys"); }));
}

TEST_CASE("usage and cancel end the job; running out of memory is the item's allocation limit") {
    Budget b;
    CHECK_THROWS_AS(
        decode_item(b, "item 1", [] { fail_no_offset(ErrorKind::Usage, "--set x=<number>"); }),
        Error);
    try {
        decode_item(b, "item 1", [] { fail_no_offset(ErrorKind::Cancelled, "the job to end"); });
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Cancelled);
    }
    const std::optional<Error> oom = decode_item(b, "model 7", [] { throw std::bad_alloc(); });
    REQUIRE(oom);
    CHECK(oom->kind() == ErrorKind::AllocationLimit);
    CHECK(oom->where() == std::vector<std::string>{"model 7"});
    CHECK(std::string(oom->what()).find("--limit total_bytes=N") != std::string::npos);
    // No frame: the decoder names the item itself.
    const std::optional<Error> named = decode_item(b, "", [] {
        with_context("model 3", [] { fail_no_offset(ErrorKind::BadValue, "a tree"); });
    });
    REQUIRE(named);
    CHECK(named->where() == std::vector<std::string>{"model 3"});
}

namespace {

// A document of three items, the second failed: what the default is.
class ThreeItems : public Document {
  public:
    explicit ThreeItems(bool first_fails) : first_fails_(first_fails) {}
    nlohmann::json info() const override { return {}; }
    std::vector<ItemSummary> items() const override {
        std::vector<ItemSummary> out(3);
        for (int i = 0; i < 3; ++i) out[size_t(i)].id = i + 1;
        out[1].error = Error(ErrorKind::BadValue, 4, "a frame count");
        if (first_fails_) out[0].error = Error(ErrorKind::Truncated, 8, "a header");
        if (first_fails_) out[2].empty = true;
        return out;
    }
    nlohmann::json dump(std::optional<int64_t>) const override { return {}; }

  protected:
    Scene present(int64_t) const override { return {}; }
    std::shared_ptr<Budget> budget() const override { return budget_; }

  private:
    bool first_fails_;
    std::shared_ptr<Budget> budget_ = std::make_shared<Budget>();
};

}  // namespace

TEST_CASE("the default item is the first that decoded; with none, the first failure") {
    CHECK(ThreeItems(false).default_item() == 1);
    try {
        ThreeItems(true).default_item();
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == ErrorKind::Truncated);  // item 1's, not a usage error
    }
}
