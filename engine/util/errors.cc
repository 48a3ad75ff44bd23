#include "engine/util/errors.h"

#include <cstdio>

namespace splitlab::util {

int command_error(std::string_view command, std::string_view message) {
  std::fprintf(stderr, "splitlab %.*s: %.*s\n", int(command.size()), command.data(),
               int(message.size()), message.data());
  return kUsageError;
}

}  // namespace splitlab::util
