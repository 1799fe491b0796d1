// check_alloc: counts and byte totals against explicit limits, no overflow.
#include "ripkit/limits.hpp"

#include <catch2/catch.hpp>

#include "test_util.hpp"

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
