#include "bench/match/game_runner.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <ctime>
#include <sstream>

#include "engine/games/game_info.h"
#include "engine/protocol/pgn.h"

namespace splitlab::bench::match {

namespace {

using Clock = std::chrono::steady_clock;

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &local);
  return text;
}

// The PGN TimeControl tag of one engine: "40/60+0.6", "10+0.1", "0.5/move", or "-" (no clock).
std::string pgn_time_control(const TimeControl& tc) {
  if (!tc.has_clock() && tc.move_time_ms == 0) return "-";
  return tc.to_string();
}

std::string pgn_text(const ScheduledGame& game, const GameContext& context,
                     const GameReferee& referee,
                     const std::vector<protocol::PgnMove>& moves, const GameRecord& record,
                     const TimeControl& white_tc, const TimeControl& black_tc,
                     const std::string& date) {
  protocol::PgnGame pgn;
  pgn.tags = {{"Event", context.event}, {"Site", context.site},
              {"Date", date},           {"Round", std::to_string(game.round)},
              {"White", record.white},  {"Black", record.black},
              {"Result", record.result}};
  const std::string white_tag = pgn_time_control(white_tc), black_tag = pgn_time_control(black_tc);
  if (white_tag == black_tag) {
    pgn.tags.emplace_back("TimeControl", white_tag);
  } else {
    pgn.tags.emplace_back("WhiteTimeControl", white_tag);
    pgn.tags.emplace_back("BlackTimeControl", black_tag);
  }
  pgn.tags.emplace_back("Termination", record.termination);
  pgn.tags.emplace_back("PlyCount", std::to_string(record.plies));
  pgn.game = context.variant;
  if (context.variant != kDefaultGame)
    pgn.tags.emplace_back("Variant", std::string(game_info(context.variant).variant_name));
  if (!referee.has_san()) {
    // A game without SAN: the moves as the engines sent them, from an explicit start.
    pgn.coordinate_moves = true;
    pgn.start_fen = referee.start_fen();
  } else if (referee.start_fen() != referee.standard_start()) {
    pgn.start_fen = referee.start_fen();
  }
  pgn.moves = moves;
  pgn.result = record.result;
  pgn.final_comment = record.reason;
  std::string out, error;
  if (!protocol::write_pgn(pgn, out, error))
    std::fprintf(stderr, "match: game %d: cannot write its PGN: %s\n", game.index, error.c_str());
  return out;
}

// Plays the opening's moves, marked "book" in the PGN as the adjudicator counts them.
void play_book_moves(const Opening& opening, GameReferee& referee, Adjudicator& adjudicator,
                     std::vector<protocol::PgnMove>& moves) {
  for (const auto& m : opening.moves) {
    const int mover = referee.side_to_move();
    if (!referee.play(m)) break;  // Checked at load.
    adjudicator.book_move(mover);
    moves.push_back({referee.moves().back(), "book"});
  }
}

// Starts a new game in each engine: the first that does not answer loses, marked `failed`.
std::optional<Outcome> start_engines(EnginePlayer* const players[2], bool failed[2],
                                     std::string& error) {
  for (int side = 0; side < 2; ++side) {
    bool exited = false;
    if (players[side]->new_game(error, exited)) continue;
    const int color = side;
    failed[side] = true;
    return exited
               ? loss_for(color, color_name(color) + " disconnects", Termination::kDisconnection)
               : loss_for(color, color_name(color) + "'s connection stalls", Termination::kStall);
  }
  return std::nullopt;
}

// A game from its first engine move: the position and its judges, the moves for the PGN, the
// record, and the clocks and time of the engines' moves.
struct GameInPlay {
  GameReferee& referee;
  Adjudicator& adjudicator;
  std::vector<protocol::PgnMove>& moves;
  GameRecord& record;
  const GameInfo& game;  // A UCCI engine's moves are in its dialect (GameInfo::speaks_ucci).
  GameClock clocks[2];
  int64_t think_us = 0;
  int64_t used_us[2] = {0, 0};
  int clock_moves[2] = {0, 0};  // Moves each side started on a clock.
};

// Asks the mover's engine for its move on its clock (`clock_ms` left), noting its lowest clock
// and the time the move took, by the runner's count and by the engine's.
EngineReply ask_for_move(EnginePlayer& player, int mover, int64_t clock_ms,
                         GameInPlay& in_play) {
  const GameReferee& referee = in_play.referee;
  GameRecord& record = in_play.record;
  const GameClock* clocks = in_play.clocks;
  const bool ucci = player.config().ucci;
  if (clocks[mover].control().has_clock()) {
    // A clock may go below zero within a timemargin, so -1 cannot mark "none yet".
    int64_t& lowest = record.lowest_clock_ms[mover];
    lowest = in_play.clock_moves[mover]++ == 0 ? clock_ms : std::min(lowest, clock_ms);
  }
  EngineReply reply = player.think(
      ucci ? ucci_position_command(in_play.game, referee.position_command())
           : referee.position_command(),
      ucci ? ucci_go_arguments(clocks[0], clocks[1], mover)
           : go_arguments(clocks[0], clocks[1], mover),
      clocks[mover].deadline_ms());
  if (ucci && !move_from_ucci(in_play.game, reply.move).empty())
    reply.move = move_from_ucci(in_play.game, reply.move);
  in_play.think_us += reply.elapsed_us;
  in_play.used_us[mover] += reply.elapsed_us;
  if (reply.engine_time_ms > 0) record.engine_reported_ms[mover] += reply.engine_time_ms;
  if (reply.engine_time_ms >= 0)
    record.largest_unseen_delay_ms[mover] =
        std::max(record.largest_unseen_delay_ms[mover],
                 std::max<int64_t>(0, reply.elapsed_us / 1000 - reply.engine_time_ms));
  return reply;
}

// The mover's loss when its engine failed to answer or answered too late for its clock; else
// nothing, and its clock is charged for the move.
std::optional<Outcome> forfeit(const EngineReply& reply, int mover, int64_t clock_ms,
                               GameInPlay& in_play) {
  using Status = EngineReply::Status;
  const std::string who = color_name(mover);
  GameClock& clock = in_play.clocks[mover];
  if (reply.status == Status::kDisconnected)
    return loss_for(mover, who + " disconnects", Termination::kDisconnection);
  if (reply.status == Status::kStalled)
    return loss_for(mover, who + "'s connection stalls", Termination::kStall);
  if (reply.status != Status::kLate && clock.charge(reply.elapsed_us / 1000)) return std::nullopt;
  // A fixed move time has no clock: its limit is what the move had.
  GameRecord& record = in_play.record;
  record.forfeit_clock_ms = clock.control().has_clock() ? clock_ms : clock.control().move_time_ms;
  record.forfeit_move_ms = reply.elapsed_us / 1000;
  record.forfeit_engine_ms = reply.engine_time_ms;
  return loss_for(mover, who + " loses on time", Termination::kTimeForfeit);
}

// One engine move: the mover's loss if it forfeits or moves illegally (marking it `failed`),
// else the move is played and the adjudicator may end the game.
std::optional<Outcome> play_engine_move(EnginePlayer& player, int mover,
                                        GameInPlay& in_play, bool& failed) {
  GameReferee& referee = in_play.referee;
  const int64_t clock_ms = in_play.clocks[mover].time_left_ms();
  const EngineReply reply = ask_for_move(player, mover, clock_ms, in_play);
  std::optional<Outcome> outcome = forfeit(reply, mover, clock_ms, in_play);
  bool irreversible = false;
  if (!outcome && !referee.play(reply.move, &irreversible))
    outcome = loss_for(mover, color_name(mover) + " makes an illegal move: " + reply.move,
                       Termination::kIllegalMove);
  if (outcome) {
    failed = true;
    return outcome;
  }
  // A move from the engine's own book is marked as the runner marks its openings' moves.
  in_play.moves.push_back({referee.moves().back(),
                           reply.from_book
                               ? "book"
                               : move_comment(reply.score, reply.depth, reply.elapsed_us)});
  return in_play.adjudicator.engine_move(mover, score_in_centipawns(reply.score), referee.plies(),
                                         irreversible);
}

// The record's account of how the game ended and what the engines' moves took.
void record_end(const Outcome& outcome, GameInPlay& in_play) {
  GameRecord& record = in_play.record;
  record.result = outcome.result;
  record.reason = outcome.reason;
  record.termination = termination_tag(outcome.termination);
  record.plies = in_play.referee.plies();
  for (int side = 0; side < 2; ++side) record.time_used_ms[side] = in_play.used_us[side] / 1000;
  // Microseconds are what the resume state keeps; round here so that a resumed game's row
  // is the same number.
  record.think_ms = double(in_play.think_us) / 1000.0;
}

}  // namespace

std::string go_arguments(const GameClock& white, const GameClock& black, int mover) {
  const GameClock& own = mover == 0 ? white : black;
  const TimeControl& tc = own.control();
  std::string args;
  if (tc.has_clock()) {
    // A side without a clock (time odds against st= or nodes=) is shown the mover's numbers.
    const GameClock& w = white.control().has_clock() ? white : own;
    const GameClock& b = black.control().has_clock() ? black : own;
    args = "wtime " + std::to_string(std::max<int64_t>(w.time_left_ms(), 0)) + " btime " +
           std::to_string(std::max<int64_t>(b.time_left_ms(), 0)) + " winc " +
           std::to_string(w.control().increment_ms) + " binc " +
           std::to_string(b.control().increment_ms);
    if (own.moves_to_go() > 0) args += " movestogo " + std::to_string(own.moves_to_go());
  } else if (tc.move_time_ms > 0) {
    args = "movetime " + std::to_string(tc.move_time_ms);
  }
  if (tc.nodes > 0)
    args += (args.empty() ? "" : " ") + std::string("nodes ") + std::to_string(tc.nodes);
  if (tc.depth > 0)
    args += (args.empty() ? "" : " ") + std::string("depth ") + std::to_string(tc.depth);
  return args;
}

std::string ucci_go_arguments(const GameClock& white, const GameClock& black, int mover) {
  const GameClock& own = mover == 0 ? white : black;
  const GameClock& other = mover == 0 ? black : white;
  const TimeControl& tc = own.control();
  std::string args;
  if (tc.has_clock()) {
    const GameClock& them = other.control().has_clock() ? other : own;
    args = "time " + std::to_string(std::max<int64_t>(own.time_left_ms(), 0)) + " increment " +
           std::to_string(tc.increment_ms) + " opptime " +
           std::to_string(std::max<int64_t>(them.time_left_ms(), 0)) + " oppincrement " +
           std::to_string(them.control().increment_ms);
    if (own.moves_to_go() > 0) args += " movestogo " + std::to_string(own.moves_to_go());
  }
  if (tc.nodes > 0)
    args += (args.empty() ? "" : " ") + std::string("nodes ") + std::to_string(tc.nodes);
  if (tc.depth > 0)
    args += (args.empty() ? "" : " ") + std::string("depth ") + std::to_string(tc.depth);
  return args;
}

std::string ucci_position_command(const GameInfo& game, const std::string& uci_command) {
  std::istringstream in(uci_command);
  std::string word, out;
  bool in_moves = false;
  while (in >> word) {
    if (in_moves) {
      const std::string ucci = game.ucci_move_text(word);
      word = ucci.empty() ? word : ucci;
    }
    in_moves = in_moves || word == "moves";
    out += (out.empty() ? "" : " ") + word;
  }
  return out;
}

std::string move_from_ucci(const GameInfo& game, const std::string& ucci_move) {
  return game.uci_move_text(ucci_move);
}

std::optional<int> score_in_centipawns(const std::string& uci_score) {
  std::istringstream in(uci_score);
  std::string kind;
  int value = 0;
  if (!(in >> kind >> value)) return std::nullopt;
  if (kind == "cp") return value;
  if (kind != "mate") return std::nullopt;
  constexpr int kMate = 100000;
  return value > 0 ? kMate - (2 * value - 1) : -kMate + 2 * -value;
}

std::string move_comment(const std::string& uci_score, int depth, int64_t elapsed_us) {
  char time_text[32];
  std::snprintf(time_text, sizeof time_text, "%.2fs", double(elapsed_us) / 1e6);
  std::istringstream in(uci_score);
  std::string kind;
  int value = 0;
  if (!(in >> kind >> value)) return time_text;
  char score_text[32];
  if (kind == "mate")
    std::snprintf(score_text, sizeof score_text, "%sM%d", value < 0 ? "-" : "+", std::abs(value));
  else
    std::snprintf(score_text, sizeof score_text, "%+.2f", value / 100.0);
  return std::string(score_text) + "/" + std::to_string(depth) + " " + time_text;
}

GameRecord record_before_play(const ScheduledGame& game, const Opening& opening,
                              const std::string& white, const std::string& black) {
  GameRecord record;
  record.index = game.index;
  record.round = game.round;
  record.pairing = game.pairing;
  record.pair = game.pair;
  record.opening_index = int(game.opening);
  record.opening_id = opening.id;
  record.opening_fen = opening.fen;
  record.white = white;
  record.black = black;
  return record;
}

GameRecord play_game(const ScheduledGame& game, const Opening& opening, const GameContext& context,
                     EnginePlayer& white, EnginePlayer& black) {
  const auto start = Clock::now();
  const std::string date = today();
  EnginePlayer* players[2] = {&white, &black};
  GameRecord record =
      record_before_play(game, opening, white.config().name, black.config().name);

  const std::unique_ptr<GameReferee> referee_owner =
      make_referee(context.variant, RefereeRules{context.chase_rule});
  GameReferee& referee = *referee_owner;
  std::string error;
  if (!referee.reset(opening.fen, error))
    referee.reset(referee.standard_start(), error);  // Checked at load.
  Adjudicator adjudicator(context.adjudication);
  std::vector<protocol::PgnMove> moves;
  play_book_moves(opening, referee, adjudicator, moves);

  bool failed[2] = {false, false};
  std::optional<Outcome> outcome = start_engines(players, failed, error);

  const auto ready = Clock::now();
  GameInPlay in_play{referee, adjudicator, moves, record, game_info(context.variant),
                     {GameClock(white.config().time_control),
                      GameClock(black.config().time_control)}};
  while (!outcome) {
    outcome = referee.outcome();
    if (outcome) break;
    const int mover = referee.side_to_move();
    outcome = play_engine_move(*players[mover], mover, in_play, failed[mover]);
  }
  for (int side = 0; side < 2; ++side)
    if (failed[side]) players[side]->discard();

  record_end(*outcome, in_play);
  record.pgn = pgn_text(game, context, referee, moves, record, white.config().time_control,
                        black.config().time_control, date);
  auto to_ms = [](Clock::duration d) {
    return double(std::chrono::duration_cast<std::chrono::microseconds>(d).count()) / 1000.0;
  };
  record.setup_ms = to_ms(ready - start);
  record.wall_ms = to_ms(Clock::now() - start);
  return record;
}

std::string describe_forfeit(const GameRecord& record) {
  // The loser is the side that did not win; a time forfeit is never a draw.
  const std::string loser = record.result == "1-0" ? "Black" : "White";
  std::string text = "Game " + std::to_string(record.index) + ": " + loser +
                     "'s last move took " + std::to_string(record.forfeit_move_ms) + " ms with " +
                     std::to_string(record.forfeit_clock_ms) + " ms left; ";
  if (record.forfeit_engine_ms < 0) return text + "it sent no info time in it";
  return text + "its own last info time was " + std::to_string(record.forfeit_engine_ms) +
         " ms (" +
         std::to_string(std::max<int64_t>(0, record.forfeit_move_ms - record.forfeit_engine_ms)) +
         " ms it could not see)";
}

}  // namespace splitlab::bench::match
