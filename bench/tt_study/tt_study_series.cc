#include "bench/tt_study/tt_study_series.h"

#include "engine/chess/notation.h"
#include "engine/games/games.h"

namespace splitlab::bench {
namespace {

std::string tag(const protocol::PgnLine& game, const std::string& name) {
  for (const auto& [key, value] : game.tags)
    if (key == name) return value;
  return "?";
}

int full_move_number(const chess::Position& pos) { return 1 + pos.game_ply() / 2; }

}  // namespace

bool select_series(const std::vector<protocol::PgnLine>& games, const SeriesSelection& selection,
                   std::vector<GameSeries>& series, std::string& error) {
  series.clear();
  for (size_t g = 0; g < games.size() && int(series.size()) < selection.max_games; ++g) {
    const protocol::PgnLine& game = games[g];
    const std::string where = "game " + std::to_string(g + 1);
    if (game.game != GameId::kChess) {
      error = where + " is a " + std::string(game_info(game.game).name) +
              " game; tt-study reads chess games";
      return false;
    }
    chess::Position pos = chess::Position::start();
    if (!game.start_fen.empty() && !chess::Position::parse_fen(game.start_fen, pos, error)) {
      error = where + ": bad FEN tag: " + error;
      return false;
    }
    GameSeries taken;
    taken.game_number = int(g + 1);
    taken.label = tag(game, "White") + " - " + tag(game, "Black") + ", round " + tag(game, "Round");
    for (size_t ply = 0; ply < game.uci_moves.size(); ++ply) {
      if (full_move_number(pos) >= selection.first_move &&
          int(taken.positions.size()) < selection.positions_per_game)
        taken.positions.push_back(pos);
      const chess::Move m = chess::parse_uci_move(pos, game.uci_moves[ply], error);
      if (m.is_none()) {
        error = where + ", ply " + std::to_string(ply + 1) + ": " + error;
        return false;
      }
      pos.make_move(m);
    }
    if (int(taken.positions.size()) == selection.positions_per_game)
      series.push_back(std::move(taken));
  }
  return true;
}

uint64_t series_fingerprint(const std::vector<GameSeries>& series) {
  uint64_t hash = 14695981039346656037ull;
  auto add = [&hash](const std::string& text) {
    for (unsigned char c : text) {
      hash ^= c;
      hash *= 1099511628211ull;
    }
  };
  for (const auto& s : series)
    for (const auto& pos : s.positions) add(pos.fen() + "\n");
  return hash;
}

size_t position_count(const std::vector<GameSeries>& series) {
  size_t count = 0;
  for (const auto& s : series) count += s.positions.size();
  return count;
}

}  // namespace splitlab::bench
