// How a command of the binary refuses bad input: one line on stderr that names the command and
// what was wrong ("splitlab scale: unknown strategy 'x' (expected ...)"), and exit status 2.
#pragma once

#include <string>
#include <string_view>

namespace splitlab::util {

inline constexpr int kUsageError = 2;

// Prints "splitlab COMMAND: MESSAGE" and returns kUsageError, for `return command_error(...)`.
// The message is printed as one_line() makes it.
int command_error(std::string_view command, std::string_view message);

// `text` as one printable line: control characters (a newline among them) and bytes that are not
// UTF-8 become \xNN, so that an error quoting a garbage file's bytes stays one line a terminal
// can show, and an engine's "info string" stays one protocol line.
std::string one_line(std::string_view text);

}  // namespace splitlab::util
