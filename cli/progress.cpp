#include "progress.hpp"

#include <cstdio>
#include <mutex>

#include "ripkit/platform.hpp"

namespace ripkit::cli {

namespace {
std::mutex g_terminal;  // the progress line and what replaces it
bool g_drawn = false;   // a progress line is on the terminal now (under g_terminal)
thread_local bool t_muted = false;

void erase_locked() {
    if (!g_drawn) return;
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    g_drawn = false;
}
}  // namespace

ProgressPrinter::ProgressPrinter(bool enabled) : enabled_(enabled) {}

bool ProgressPrinter::operator()(uint64_t done, uint64_t total, const std::string& label) {
    if (!enabled_ || t_muted) return true;
    const std::lock_guard<std::mutex> lock(g_terminal);
    const int decile = total ? static_cast<int>(done * 10 / total) : -1;
    if (label == last_label_ && decile == last_decile_) return true;
    last_label_ = label;
    last_decile_ = decile;
    // Carriage return, the text, then erase to the end of the line (ECMA-48 EL).
    if (total)
        std::fprintf(stderr, "\rripkit: [%llu/%llu] %s\033[K",
                     static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
                     label.c_str());
    else
        std::fprintf(stderr, "\rripkit: %s\033[K", label.c_str());
    std::fflush(stderr);
    g_drawn = true;
    return true;
}

bool stderr_is_terminal() { return platform::stderr_is_terminal(); }

void end_progress() {
    const std::lock_guard<std::mutex> lock(g_terminal);
    erase_locked();
}

void print_line_over_progress(const std::string& line) {
    const std::lock_guard<std::mutex> lock(g_terminal);
    erase_locked();
    std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
}

MuteProgressHere::MuteProgressHere() : was_(t_muted) { t_muted = true; }
MuteProgressHere::~MuteProgressHere() { t_muted = was_; }

}  // namespace ripkit::cli
