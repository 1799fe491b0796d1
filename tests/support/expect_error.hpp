// expect_error: the ripkit::Error a call throws, for tests of error cases.
#pragma once

#include "ripkit/error.hpp"
#include "ripkit_catch.hpp"

namespace ripkit::test {

// Runs fn, requires it to throw ripkit::Error, and returns the error.
template <class Fn>
Error expect_error(Fn&& fn) {
    try {
        fn();
    } catch (const Error& e) {
        return e;
    }
    FAIL("expected a ripkit::Error");
    return Error(ErrorKind::Usage, std::nullopt, "unreachable");
}

}  // namespace ripkit::test
