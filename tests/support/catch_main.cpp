// The tests' main, the same under Catch2 2 and 3.
#if RIPKIT_CATCH2_MAJOR >= 3
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#endif

int main(int argc, char* argv[]) { return Catch::Session().run(argc, argv); }
