#include "experiments/strength/tuner/training_data.h"

#include <algorithm>
#include <charconv>
#include <fstream>

#include "engine/chess/evaluate.h"
#include "engine/chess/notation.h"
#include "engine/chess/position.h"
#include "engine/protocol/epd.h"
#include "engine/xiangqi/evaluate.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"

namespace splitlab::tuner {

namespace {

// The FEN's first four fields: the EPD position (the move counters do not matter here).
std::string epd_position(const std::string& fen) {
  size_t cut = 0;
  for (int spaces = 0; cut < fen.size(); ++cut)
    if (fen[cut] == ' ' && ++spaces == 4) break;
  return fen.substr(0, cut);
}

// Up to settings.per_game of the candidates, a uniform sample without replacement kept in the
// game's order, as EPD lines with the game's result and number.
void append_sample(const std::vector<std::string>& candidates, const protocol::PgnLine& game,
                   int game_number, const ExtractSettings& settings, std::mt19937_64& rng,
                   std::vector<std::string>& epd_lines) {
  std::vector<size_t> order(candidates.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  order.resize(std::min(order.size(), size_t(std::max(settings.per_game, 0))));
  std::sort(order.begin(), order.end());
  for (size_t i : order)
    epd_lines.push_back(candidates[i] + " c9 \"" + game.result + "\"; c8 \"" +
                        std::to_string(game_number) + "\";");
}

// A xiangqi game's quiet positions: not in check, the move played not a capture. Its moves
// are as the match runner writes them, ranks 1..10 (UCI_Variant xiangqi).
bool extract_xiangqi_positions(const protocol::PgnLine& game, int game_number,
                               const ExtractSettings& settings, std::mt19937_64& rng,
                               std::vector<std::string>& epd_lines, std::string& error) {
  xiangqi::Position pos;
  if (!xiangqi::Position::parse_fen(game.start_fen, pos, error)) {
    error = "game " + std::to_string(game_number) + ": bad FEN: " + error;
    return false;
  }
  std::vector<std::string> candidates;
  for (size_t ply = 0; ply < game.uci_moves.size(); ++ply) {
    const xiangqi::Move m =
        xiangqi::parse_move(pos, game.uci_moves[ply], error, xiangqi::RankBase::kOne);
    if (m.is_none()) {
      error = "game " + std::to_string(game_number) + ", ply " + std::to_string(ply + 1) +
              " (" + game.uci_moves[ply] + "): " + error;
      return false;
    }
    if (int(ply) >= settings.skip_plies && !pos.in_check() && !pos.is_capture(m))
      candidates.push_back(epd_position(pos.fen()));
    pos.make_move(m);
  }
  append_sample(candidates, game, game_number, settings, rng, epd_lines);
  return true;
}

}  // namespace

bool extract_positions(const protocol::PgnLine& game, int game_number,
                       const ExtractSettings& settings, std::mt19937_64& rng,
                       std::vector<std::string>& epd_lines, std::string& error) {
  if (game.result != "1-0" && game.result != "0-1" && game.result != "1/2-1/2") return true;
  for (const auto& [tag, value] : game.tags)  // Decided off the board: the result says nothing.
    if (tag == "Termination" && value != "normal" && value != "adjudication") return true;
  if (game.game == tuned_xiangqi())
    return extract_xiangqi_positions(game, game_number, settings, rng, epd_lines, error);
  chess::Position pos;
  if (game.start_fen.empty()) {
    pos = chess::Position::start();
  } else if (!chess::Position::parse_fen(game.start_fen, pos, error)) {
    error = "game " + std::to_string(game_number) + ": bad FEN: " + error;
    return false;
  }
  std::vector<std::string> candidates;
  for (size_t ply = 0; ply < game.uci_moves.size(); ++ply) {
    const chess::Move m = chess::parse_uci_move(pos, game.uci_moves[ply], error);
    if (m.is_none()) {
      error = "game " + std::to_string(game_number) + ", ply " + std::to_string(ply + 1) +
              " (" + game.uci_moves[ply] + "): " + error;
      return false;
    }
    if (int(ply) >= settings.skip_plies && !pos.in_check() && !pos.is_capture_or_promotion(m))
      candidates.push_back(epd_position(pos.fen()));
    pos.make_move(m);
  }
  append_sample(candidates, game, game_number, settings, rng, epd_lines);
  return true;
}

bool parse_training_line(std::string_view line, TuningPosition& out, std::string& error,
                         GameId tuned_game) {
  protocol::EpdRecord record;
  if (!protocol::parse_epd_line(line, record, error)) return false;
  chess::Position pos;
  xiangqi::Position xiangqi_pos;
  if (tuned_game == tuned_chess() ? !chess::Position::parse_fen(record.fen, pos, error)
                                      : !xiangqi::Position::parse_fen(record.fen, xiangqi_pos,
                                                                      error)) {
    error = "bad position: " + error;
    return false;
  }
  const protocol::EpdOperation* result = record.find("c9");
  if (!result || result->operands.size() != 1) {
    error = "no c9 result operand";
    return false;
  }
  double value;
  const std::string& r = result->operands[0];
  if (r == "1-0") {
    value = 1;
  } else if (r == "0-1") {
    value = 0;
  } else if (r == "1/2-1/2") {
    value = 0.5;
  } else {
    error = "c9 result '" + r + "' is not 1-0, 0-1 or 1/2-1/2";
    return false;
  }
  const protocol::EpdOperation* game = record.find("c8");
  int game_number = -1;
  if (!game || game->operands.size() != 1 ||
      std::from_chars(game->operands[0].data(), game->operands[0].data() + game->operands[0].size(),
                      game_number).ec != std::errc() ||
      game_number < 0) {
    error = "no c8 game number (a non-negative integer)";
    return false;
  }
  if (tuned_game == tuned_xiangqi()) {
    xiangqi::EvalTrace trace;
    xiangqi::evaluate(xiangqi_pos, xiangqi::kEvalParams, &trace);
    out = to_tuning_position(trace, value, game_number);
    return true;
  }
  chess::EvalTrace trace;
  chess::evaluate(pos, trace);
  out = to_tuning_position(trace, value, game_number);
  return true;
}

bool read_training_file(const std::string& path, std::vector<TuningPosition>& out,
                        std::string& error, GameId tuned_game) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot open '" + path + "'";
    return false;
  }
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#' || line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    TuningPosition p;
    if (!parse_training_line(line, p, error, tuned_game)) {
      error = path + ", line " + std::to_string(number) + ": " + error;
      return false;
    }
    out.push_back(std::move(p));
  }
  return true;
}

}  // namespace splitlab::tuner
