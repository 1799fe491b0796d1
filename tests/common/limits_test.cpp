// check_alloc: counts and byte totals against explicit limits, no overflow.
#include "ripkit/limits.hpp"

#include <future>
#include <thread>

#include "expect_error.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using ripkit::test::expect_error;

TEST_CASE("check_alloc passes counts within the limits and returns them") {
    Limits l;
    l.max_elements = 100;
    l.max_alloc_bytes = 400;
    CHECK(check_alloc(l, 0, 4, 0, "keys") == 0);
    CHECK(check_alloc(l, 100, 4, 0, "keys") == 100);  // exactly at both limits
    CHECK(check_alloc(l, 7, 0, 0, "empty elements") == 7);
}

TEST_CASE("check_alloc refuses too many elements, naming what and where") {
    Limits l;
    l.max_elements = 100;
    Error e = expect_error([&] { check_alloc(l, 101, 1, 0x30, "vertex count"); });
    CHECK(e.kind() == ErrorKind::AllocationLimit);
    CHECK(*e.offset() == 0x30);
    CHECK(e.expected().find("vertex count") != std::string::npos);
    CHECK(e.expected().find("101") != std::string::npos);
}

TEST_CASE("check_alloc refuses byte totals over the limit without overflowing") {
    Limits l;
    l.max_elements = UINT64_MAX;
    l.max_alloc_bytes = 1000;
    Error e = expect_error([&] { check_alloc(l, 251, 4, 8, "keys"); });  // 1004 bytes
    CHECK(e.kind() == ErrorKind::AllocationLimit);
    CHECK(*e.offset() == 8);
    CHECK(check_alloc(l, 250, 4, 8, "keys") == 250);  // 1000 bytes
    // 2^62 * 16 wraps to 0 in 64 bits; the check must still refuse it.
    Error big = expect_error([&] { check_alloc(l, 1ull << 62, 16, 0, "frames"); });
    CHECK(big.kind() == ErrorKind::AllocationLimit);
}

TEST_CASE("default limits refuse a hostile 32-bit count of big records") {
    const Limits l;
    CHECK_THROWS_AS(check_alloc(l, 0xFFFFFFFFull, 64, 0, "records"), Error);
    CHECK(check_alloc(l, 1000, 64, 0, "records") == 1000);
}

TEST_CASE("set_limit takes every documented key, decimal with k/M/G suffixes") {
    Limits l;
    set_limit(l, "total_bytes", "512M");
    CHECK(l.max_total_bytes == 512ull * 1024 * 1024);
    set_limit(l, "steps", "2500");
    CHECK(l.max_steps == 2500);
    set_limit(l, "depth", "1k");
    CHECK(l.max_depth == 1024);
    set_limits(l, "elements=3;total_steps=1G,input_bytes=7");
    CHECK(l.max_elements == 3);
    CHECK(l.max_total_steps == 1ull << 30);
    CHECK(l.max_input_bytes == 7);
    CHECK(limit_defs().size() == 7);
}

TEST_CASE("set_limit refuses unknown keys and malformed amounts as usage errors") {
    Limits l;
    Error unknown = expect_error([&] { set_limit(l, "total_byte", "5"); });
    CHECK(unknown.kind() == ErrorKind::Usage);
    CHECK(unknown.expected().find("total_byte") != std::string::npos);
    CHECK(unknown.expected().find("total_bytes, total_steps") != std::string::npos);
    for (const char* bad : {"", "0", "-1", "2abc", "1.5", "inf", "1T", "1kk",
                            "18446744073709551616", "17179869184G"}) {
        CAPTURE(bad);
        Error e = expect_error([&] { set_limit(l, "steps", bad); });
        CHECK(e.kind() == ErrorKind::Usage);
        CHECK(e.expected().find("'steps'") != std::string::npos);
    }
    CHECK(expect_error([&] { set_limits(l, "steps"); }).kind() == ErrorKind::Usage);
}

TEST_CASE("a Budget counts bytes held across charges and refuses the one past the total") {
    Limits l;
    l.max_total_bytes = 1000;
    Budget b(l);
    b.charge_bytes(600, "frames");
    b.charge_bytes(400, "keys");  // exactly at the total
    CHECK(b.bytes_held() == 1000);
    Error e = expect_error([&] { b.charge_bytes(1, "one more sample", 0x40); });
    CHECK(e.kind() == ErrorKind::AllocationLimit);
    CHECK(*e.offset() == 0x40);
    CHECK(e.expected().find("one more sample") != std::string::npos);
    CHECK(e.expected().find("--limit total_bytes=") != std::string::npos);
    CHECK(b.bytes_held() == 1000);  // the refused charge is not kept
    b.release_bytes(300);
    CHECK(b.bytes_held() == 700);
    CHECK(b.peak_bytes() == 1000);
    // A charge that would wrap 64 bits is refused, not wrapped.
    CHECK(expect_error([&] { b.charge_bytes(UINT64_MAX, "wrap"); }).kind() ==
          ErrorKind::AllocationLimit);
    CHECK(b.bytes_held() == 700);
}

TEST_CASE("Budget::alloc applies the per-structure limits before the total") {
    Limits l;
    l.max_elements = 10;
    l.max_total_bytes = 100;
    Budget b(l);
    CHECK(b.alloc(10, 8, std::nullopt, "keys") == 10);
    CHECK(b.bytes_held() == 80);
    Error count = expect_error([&] { b.alloc(11, 1, 5, "keys"); });
    CHECK(count.expected().find("--limit elements=") != std::string::npos);
    Error total = expect_error([&] { b.alloc(3, 8, 5, "keys"); });  // 80 + 24 > 100
    CHECK(total.expected().find("--limit total_bytes=") != std::string::npos);
}

TEST_CASE("a Budget scope gives back the bytes charged inside it, steps stay counted") {
    Limits l;
    l.max_total_bytes = 100;
    l.max_total_steps = 10;
    Budget b(l);
    b.charge_bytes(30, "decoded item");
    {
        Budget::Scope item(b);
        b.charge_bytes(70, "scene keys");
        b.charge_steps(6, "samples");
        CHECK(b.bytes_held() == 100);
    }
    CHECK(b.bytes_held() == 30);
    {
        Budget::Scope item(b);
        b.charge_bytes(70, "next scene");  // fits again once the first scene is gone
        Error steps = expect_error([&] { b.charge_steps(5, "samples"); });  // 6 + 5 > 10
        CHECK(steps.kind() == ErrorKind::StepLimit);
        CHECK(steps.expected().find("--limit total_steps=") != std::string::npos);
    }
    CHECK(b.steps_used() == 6);
}

// Two items of one `convert --all -j 2` run charge one budget on two threads:
// each item's scope gives back its own bytes only, whichever ends first.
TEST_CASE("a Budget scope on one thread gives back that thread's bytes, not another's") {
    Budget b;
    b.charge_bytes(5, "document");
    std::promise<void> a_charged, b_charged, a_done;
    std::thread other([&] {
        Budget::Scope item(b);
        a_charged.get_future().wait();
        b.charge_bytes(1000, "item B's scene");
        b_charged.set_value();
        a_done.get_future().wait();  // item A's scope has ended meanwhile
        CHECK(b.bytes_held() == 1005);
        b.release_bytes(200);  // B gives some of its own back early
    });
    {
        Budget::Scope item(b);
        b.charge_bytes(30, "item A's scene");
        a_charged.set_value();
        b_charged.get_future().wait();
        CHECK(b.bytes_held() == 1035);
    }
    CHECK(b.bytes_held() == 1005);  // A's 30 back, B's 1000 still held
    a_done.set_value();
    other.join();
    CHECK(b.bytes_held() == 5);  // B's scope gave back its 800 still held

    // Meters nest and each counts; charges to another budget are not theirs.
    Budget other_budget;
    Budget::Meter outer(b);
    b.charge_bytes(10, "outer");
    {
        Budget::Meter inner(b);
        b.charge_bytes(7, "inner");
        other_budget.charge_bytes(99, "elsewhere");
        b.release_bytes(2);
        CHECK(inner.net() == 5);
        b.release_bytes(9);  // more than inner charged: reads 0, not a wrap
        CHECK(inner.net() == 0);
    }
    CHECK(outer.net() == 6);
}

TEST_CASE("Budget::progress reports and turns a refusal into a Cancelled error") {
    std::vector<uint64_t> seen;
    Budget go({}, [&](uint64_t d, uint64_t, const std::string&) {
        seen.push_back(d);
        return true;
    });
    go.progress(1, 3, "model 1");
    go.progress(2, 3, "model 2");
    CHECK(seen == std::vector<uint64_t>{1, 2});
    Budget stop({}, [](uint64_t d, uint64_t, const std::string&) { return d < 2; });
    stop.progress(1, 3, "model 1");
    Error e = expect_error([&] { stop.progress(2, 3, "model 2"); });
    CHECK(e.kind() == ErrorKind::Cancelled);
    CHECK(std::string(error_kind_name(e.kind())) == "cancelled");
    CHECK(e.expected().find("model 2") != std::string::npos);
    Budget none;
    CHECK_NOTHROW(none.progress(5, 3, "no callback"));
    CHECK_FALSE(none.has_progress());
}

TEST_CASE("Budget::alloc without an offset names none (not offset 0)") {
    Limits l;
    l.max_elements = 10;
    Budget b(l);
    Error e = expect_error([&] { b.alloc(11, 1, std::nullopt, "samples"); });
    CHECK(e.kind() == ErrorKind::AllocationLimit);
    CHECK_FALSE(e.offset().has_value());
    CHECK(expect_error([&] { b.alloc(11, 1, 7, "samples"); }).offset() ==
          std::optional<uint64_t>(7));
}
