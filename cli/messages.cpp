#include "messages.hpp"

#include <cstdio>
#include <iostream>

namespace ripkit::cli {

Messages& Messages::get() {
    static Messages m;
    return m;
}

void Messages::out(std::string line) { out_.push_back(std::move(line)); }
void Messages::err(std::string line) { err_.push_back(std::move(line)); }

void Messages::flush() {
    for (const std::string& l : out_) std::cout << l << '\n';
    std::cout.flush();
    for (const std::string& l : err_) std::fprintf(stderr, "%s\n", l.c_str());
    discard();
}

void Messages::discard() {
    out_.clear();
    err_.clear();
}

}  // namespace ripkit::cli
