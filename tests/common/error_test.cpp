// Error: the one-line message format, kinds and the where-stack.
#include "ripkit/error.hpp"

#include <set>
#include <string>

#include "expect_error.hpp"
#include "ripkit_catch.hpp"

using namespace ripkit;
using ripkit::test::expect_error;

TEST_CASE("Error message: file, hex and decimal offset, kind, expected, where-stack") {
    Error e(ErrorKind::Truncated, 0x1a2, "u32 frame count");
    CHECK(std::string(e.what()) == "offset 0x1a2 (418): truncated: u32 frame count");
    e.push_where("actor 2");
    e.push_where("cutscene 3");
    CHECK(e.where() == std::vector<std::string>{"cutscene 3", "actor 2"});
    e.set_file("CUTSEQ.PAK");
    CHECK(std::string(e.what()) ==
          "CUTSEQ.PAK: offset 0x1a2 (418): truncated: u32 frame count [in cutscene 3 > actor 2]");
    CHECK(e.kind() == ErrorKind::Truncated);
    CHECK(e.expected() == "u32 frame count");
}

TEST_CASE("Error without an offset leaves the offset out") {
    Error e(ErrorKind::Io, std::nullopt, "a readable file");
    CHECK_FALSE(e.offset());
    CHECK(std::string(e.what()) == "i/o: a readable file");
    Error f = expect_error([] { fail_no_offset(ErrorKind::Usage, "item 1..3"); });
    CHECK(std::string(f.what()) == "usage: item 1..3");
    Error g = expect_error([] { fail(ErrorKind::BadIndex, 0, "index < 4"); });
    CHECK(std::string(g.what()) == "offset 0x0 (0): bad index: index < 4");
}

TEST_CASE("with_context adds frames outermost first while unwinding") {
    Error e = expect_error([] {
        with_context("file table", [] {
            with_context("entry 7", [] { fail(ErrorKind::BadValue, 16, "a flag of 0 or 1"); });
        });
    });
    CHECK(e.where() == std::vector<std::string>{"file table", "entry 7"});
    CHECK(std::string(e.what()).find("[in file table > entry 7]") != std::string::npos);
    // A value passes through untouched.
    CHECK(with_context("x", [] { return 42; }) == 42);
    // Other exceptions are not wrapped.
    CHECK_THROWS_AS(with_context("x", []() -> int { throw std::out_of_range("o"); }),
                    std::out_of_range);
}

TEST_CASE("every error kind has its own name") {
    const ErrorKind kinds[] = {ErrorKind::Truncated,   ErrorKind::BadValue,
                               ErrorKind::BadIndex,    ErrorKind::AllocationLimit,
                               ErrorKind::DepthLimit,  ErrorKind::StepLimit,
                               ErrorKind::WrongFormat, ErrorKind::Unsupported,
                               ErrorKind::Io,          ErrorKind::Usage};
    std::set<std::string> names;
    for (ErrorKind k : kinds) names.insert(error_kind_name(k));
    CHECK(names.size() == std::size(kinds));
    CHECK(std::string(error_kind_name(ErrorKind::WrongFormat)) == "wrong format");
    CHECK(std::string(error_kind_name(ErrorKind::AllocationLimit)) == "allocation limit");
}
