#include "bench/tt_study/tt_study_series.h"

#include <memory>

#include "engine/games/game_info.h"

namespace splitlab::bench {
namespace {

std::string tag(const protocol::PgnLine& game, const std::string& name) {
  for (const auto& [key, value] : game.tags)
    if (key == name) return value;
  return "?";
}

}  // namespace

bool select_series(const std::vector<protocol::PgnLine>& games, const SeriesSelection& selection,
                   std::vector<GameSeries>& series, std::string& error) {
  series.clear();
  const std::string wanted(game_info(selection.game).name);
  for (size_t g = 0; g < games.size() && int(series.size()) < selection.max_games; ++g) {
    const protocol::PgnLine& game = games[g];
    const std::string where = "game " + std::to_string(g + 1);
    if (game.game != selection.game) {
      error = where + " is a " + std::string(game_info(game.game).name) +
              " game; tt-study reads " + wanted + " games";
      return false;
    }
    const std::unique_ptr<GameReferee> referee = make_referee(game.game);
    if (!referee->reset(game.start_fen.empty() ? referee->standard_start()
                                               : std::string_view(game.start_fen),
                        error)) {
      error = where + ": bad FEN tag: " + error;
      return false;
    }
    GameSeries taken;
    taken.game_number = int(g + 1);
    taken.label = tag(game, "White") + " - " + tag(game, "Black") + ", round " + tag(game, "Round");
    taken.game = game.game;
    taken.start_fen = game.start_fen;
    for (size_t ply = 0; ply < game.uci_moves.size(); ++ply) {
      if (referee->move_number() >= selection.first_move &&
          int(taken.positions.size()) < selection.positions_per_game)
        taken.positions.push_back({referee->fen(), ply});
      if (!referee->play(game.uci_moves[ply])) {
        error = where + ", ply " + std::to_string(ply + 1) + ": illegal move '" +
                game.uci_moves[ply] + "'";
        return false;
      }
    }
    if (int(taken.positions.size()) == selection.positions_per_game) {
      taken.moves.assign(game.uci_moves.begin(),
                         game.uci_moves.begin() + std::ptrdiff_t(taken.positions.back().ply));
      series.push_back(std::move(taken));
    }
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
    for (const auto& pos : s.positions) add(pos.fen + "\n");
  return hash;
}

size_t position_count(const std::vector<GameSeries>& series) {
  size_t count = 0;
  for (const auto& s : series) count += s.positions.size();
  return count;
}

}  // namespace splitlab::bench
