// How a command of the binary refuses bad input: one line on stderr that names the command and
// what was wrong ("splitlab scale: unknown strategy 'x' (expected ...)"), and exit status 2.
#pragma once

#include <string_view>

namespace splitlab::util {

inline constexpr int kUsageError = 2;

// Prints "splitlab COMMAND: MESSAGE" and returns kUsageError, for `return command_error(...)`.
int command_error(std::string_view command, std::string_view message);

}  // namespace splitlab::util
