// The one line a failed run prints on stderr:
//   ripkit: <file>: offset 0x1a2 (418): <kind>: expected <what> [in a > b]
#pragma once

#include <string>

#include "ripkit/error.hpp"

namespace ripkit::cli {

std::string error_line(const Error& e);
// The same without "ripkit: <file>: " (what `list` shows for an item that failed).
std::string error_text(const Error& e);
// Exit status for an error: 2 for usage errors, 1 for decode and I/O errors.
int exit_code(const Error& e);
// Collapses line breaks so a message stays one line.
std::string one_line(std::string text);

}  // namespace ripkit::cli
