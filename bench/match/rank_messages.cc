#include "bench/match/rank_messages.h"

#include <charconv>

#include "bench/match/results_store.h"
#include "bench/match/tab_fields.h"

namespace splitlab::bench::match {

namespace {

constexpr size_t kFieldsPerGame = 10;

template <typename T>
bool parse_whole(const std::string& text, T& value) {
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && stop == end;
}

std::string join_moves(const std::vector<std::string>& moves) {
  std::string text;
  for (const std::string& move : moves) text += (text.empty() ? "" : " ") + move;
  return text;
}

std::vector<std::string> split_moves(const std::string& text) {
  std::vector<std::string> moves;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t space = text.find(' ', begin);
    if (space == std::string::npos) space = text.size();
    if (space > begin) moves.push_back(text.substr(begin, space - begin));
    begin = space + 1;
  }
  return moves;
}

}  // namespace

std::string encode_assignment(const GameAssignment& assignment) {
  std::vector<std::string> fields = {std::to_string(assignment.slot),
                                     std::to_string(assignment.games.size())};
  for (const AssignedGame& a : assignment.games) {
    const ScheduledGame& g = a.game;
    for (int value : {g.index, g.round, g.pairing, g.pair, g.white, g.black})
      fields.push_back(std::to_string(value));
    fields.push_back(std::to_string(g.opening));
    fields.push_back(a.opening.id);
    fields.push_back(a.opening.fen);
    fields.push_back(join_moves(a.opening.moves));
  }
  return join_tabs(fields);
}

bool decode_assignment(const std::string& payload, GameAssignment& assignment) {
  const std::vector<std::string> f = split_tabs(payload);
  size_t count = 0;
  if (f.size() < 2 || !parse_whole(f[0], assignment.slot) || !parse_whole(f[1], count) ||
      f.size() != 2 + count * kFieldsPerGame)
    return false;
  assignment.games.assign(count, {});
  for (size_t i = 0; i < count; ++i) {
    const std::string* g = &f[2 + i * kFieldsPerGame];
    AssignedGame& a = assignment.games[i];
    if (!parse_whole(g[0], a.game.index) || !parse_whole(g[1], a.game.round) ||
        !parse_whole(g[2], a.game.pairing) || !parse_whole(g[3], a.game.pair) ||
        !parse_whole(g[4], a.game.white) || !parse_whole(g[5], a.game.black) ||
        !parse_whole(g[6], a.game.opening))
      return false;
    a.opening.id = g[7];
    a.opening.fen = g[8];
    a.opening.moves = split_moves(g[9]);
  }
  return true;
}

std::string encode_finished_game(int slot, const GameRecord& record) {
  return std::to_string(slot) + "\t" + ResultsStore::encode(record);
}

bool decode_finished_game(const std::string& payload, int& slot, GameRecord& record) {
  const size_t tab = payload.find('\t');
  return tab != std::string::npos && parse_whole(payload.substr(0, tab), slot) &&
         ResultsStore::decode(payload.substr(tab + 1), record);
}

bool decode_slot(const std::string& payload, int& slot) { return parse_whole(payload, slot); }

}  // namespace splitlab::bench::match
