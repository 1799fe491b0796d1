// Typed decode errors. Every failure a decoder reports names what kind of
// problem it is, the byte offset in the input where it was found, what was
// expected there, and a stack of "where" frames (cutscene 3 > actor 2 > ...),
// so a user can tell a truncated download from a hostile file from a
// variant we do not support. Modelled on ufbx's error stacks.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace ripkit {

enum class ErrorKind {
    Truncated,        // data ends before a structure does
    BadValue,         // a field holds a value the format does not allow
    BadIndex,         // an index or offset points outside what it indexes
    AllocationLimit,  // a count or size would allocate past the configured limit
    DepthLimit,       // recursion/nesting past the configured limit
    StepLimit,        // a program (display list, selector) runs past its step limit
    WrongFormat,      // the input is not this format at all
    Unsupported,      // a valid variant we do not decode
    Io,               // the file cannot be read or written
    Usage,            // the caller asked for something that does not exist (item 99 of 3)
    Cancelled,        // the progress callback asked to stop
};

const char* error_kind_name(ErrorKind kind);

class Error : public std::runtime_error {
  public:
    Error(ErrorKind kind, std::optional<uint64_t> offset, std::string expected);

    ErrorKind kind() const { return kind_; }
    const std::optional<uint64_t>& offset() const { return offset_; }
    const std::string& expected() const { return expected_; }
    // Outermost frame first.
    const std::vector<std::string>& where() const { return where_; }
    const std::string& file() const { return file_; }

    // Adds an outer context frame ("actor 2"); used while the error unwinds.
    Error& push_where(std::string frame);
    Error& set_file(std::string file);

    // True when the document's step total (Budget, total_steps) was met.
    // Steps are never given back, so nothing later in the job could run: a
    // search that tries candidates, or a loop over items that keeps each
    // item's error, rethrows it instead.
    bool out_of_steps() const { return out_of_steps_; }
    Error& set_out_of_steps() {
        out_of_steps_ = true;
        return *this;
    }

    const char* what() const noexcept override { return message_.c_str(); }

  private:
    void rebuild();

    ErrorKind kind_;
    std::optional<uint64_t> offset_;
    std::string expected_;
    std::vector<std::string> where_;
    std::string file_;
    std::string message_;
    bool out_of_steps_ = false;
};

[[noreturn]] void fail(ErrorKind kind, uint64_t offset, std::string expected);
[[noreturn]] void fail_no_offset(ErrorKind kind, std::string expected);

// Runs fn; if it throws ripkit::Error, adds `frame` to its where-stack and rethrows.
template <class Fn>
auto with_context(const std::string& frame, Fn&& fn) -> decltype(fn()) {
    try {
        return fn();
    } catch (Error& e) {
        e.push_where(frame);
        throw;
    }
}

// The same with the frame "<label> <index>", made only when an error passes:
// loops over thousands of records build no string per record.
template <class Fn>
auto with_context(const char* label, uint64_t index, Fn&& fn) -> decltype(fn()) {
    try {
        return fn();
    } catch (Error& e) {
        e.push_where(std::string(label) + " " + std::to_string(index));
        throw;
    }
}

}  // namespace ripkit
