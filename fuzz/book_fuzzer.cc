// libFuzzer target: opening book files (chess Polyglot books and Splitlab's xiangqi books:
// engine/core/book_file.h), read as the engine's OwnBook reads them (protocol::OpeningBook).
// A refusal names its reason; from an accepted book, the engine's picks (heaviest, and drawn by
// weight under a seed) are followed for up to eight plies: every move picked is legal where it
// is played.
//
// Input: byte 0 picks the game (bit 0: its number in the registry, 0 chess, 1 xiangqi) and the
// seed of the weighted draw (the other bits); then
// the FEN of the first position (empty: the game's start) ending at a newline; then the book
// file's bytes, handed to the reader as a file (an in-memory one, memfd).
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <type_traits>

#include "engine/games/games.h"
#include "engine/protocol/opening_book.h"

namespace {

using namespace splitlab;

// The bytes as a file the reader can open by path; -1 when the kernel refuses.
int memory_file(std::string_view bytes) {
  const int fd = memfd_create("book", 0);
  if (fd < 0) return -1;
  size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + written, bytes.size() - written);
    if (n <= 0) {
      close(fd);
      return -1;
    }
    written += size_t(n);
  }
  return fd;
}

template <search::SearchGame G>
void exercise(std::string_view fen, std::string_view book_bytes, uint64_t seed) {
  typename G::Position pos;
  std::string error;
  if (!G::parse_fen(fen.empty() ? std::string_view(G::kStartFen) : fen, pos, error)) return;
  const int fd = memory_file(book_bytes);
  if (fd < 0) return;
  protocol::OpeningBook<G> book;
  const bool loaded = book.load("/proc/self/fd/" + std::to_string(fd), error);
  close(fd);
  if (!loaded) {
    if (error.empty()) __builtin_trap();  // A refusal must say why.
    return;
  }
  for (int ply = 0; ply < 8; ++ply) {
    std::string note;
    const std::string heaviest = book.pick(pos, false, seed, note);
    const std::string drawn = book.pick(pos, true, seed, note);
    if (heaviest.empty() != drawn.empty()) __builtin_trap();  // In the book for both or neither.
    if (heaviest.empty()) return;
    if (G::parse_move(pos, heaviest, error).is_none()) __builtin_trap();
    const auto move = G::parse_move(pos, drawn, error);
    if (move.is_none()) __builtin_trap();
    G::make(pos, move);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > 16384) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const size_t newline = rest.find('\n');
  if (newline == std::string_view::npos) return 0;
  const std::string_view fen = rest.substr(0, newline);
  const std::string_view book_bytes = rest.substr(newline + 1);
  const uint64_t seed = data[0] >> 1;
  static_assert(AllGames::kSize <= 2, "one bit picks the game");
  with_game(GameId((data[0] & 1) % all_games().size()), [&]<typename G>(std::type_identity<G>) {
    exercise<G>(fen, book_bytes, seed);
  });
  return 0;
}
