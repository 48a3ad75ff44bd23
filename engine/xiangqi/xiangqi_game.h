// Xiangqi as a Game (engine/core/game.h) and a SearchGame (engine/search/search_game.h): the
// rules that perft and the protocols need, and what the search needs beyond them. Move text is
// UCCI's (squares a0..i9).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/bench_position.h"
#include "engine/core/game.h"
#include "engine/core/score.h"
#include "engine/search/search_features.h"
#include "engine/search/search_tuning.h"
#include "engine/xiangqi/bench_positions.h"
#include "engine/xiangqi/book.h"
#include "engine/xiangqi/evaluate.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/notation.h"
#include "engine/xiangqi/position.h"
#include "engine/xiangqi/referee.h"
#include "engine/xiangqi/see.h"

namespace splitlab::xiangqi {

// The evaluation one search thread owns (engine/search/search_game.h): xiangqi's has no
// switches.
class Evaluation {
 public:
  void configure(const search::SearchFeatures&) {}
  int evaluate(const Position& pos) const { return xiangqi::evaluate(pos); }
};

struct XiangqiGame {
  using Position = xiangqi::Position;
  using Move = xiangqi::Move;
  using MoveList = xiangqi::MoveList;
  using Referee = xiangqi::Referee;  // The rules of a game played out (engine/core/referee.h).
  using Evaluation = xiangqi::Evaluation;

  static constexpr std::string_view kName = "xiangqi";
  // The name in match results and a PGN's Variant tag (cutechess's and Fairy-Stockfish's).
  static constexpr std::string_view kVariantName = "xiangqi";
  static constexpr std::array<std::string_view, 0> kOtherNames = {};
  // The UCI_Variant a UCI engine must be given (Fairy-Stockfish, `splitlab uci`).
  static constexpr std::string_view kUciVariant = "xiangqi";
  // A perpetual chase loses (referee.h), unless a match turns the rule off (RefereeRules).
  static constexpr bool kHasChaseRule = true;
  static constexpr std::string_view kStartFen = xiangqi::kStartFen;
  // The openings `match` plays by default (bench/book/xiangqi_book.epd, compiled in).
  static constexpr std::string_view kDefaultOpenings = "xiangqi_book.epd";

  // The default search: the techniques accepted by SPRT in xiangqi's own games
  // (experiments/strength/log.md), and the hand-set parameters, which its games have not yet
  // tested against any other.
  static constexpr std::string_view kDefaultSearchFeatures = "futility,lmp,iir";
  static constexpr search::SearchTuning kDefaultSearchTuning{};
  // `splitlab bench --game xiangqi`'s positions (bench_positions.h).
  static constexpr std::span<const BenchPosition> bench_positions() { return kBenchPositions; }
  // `splitlab scale`'s defaults: the depth of an equal-depth run, and the reference engine
  // (Fairy-Stockfish, Lazy SMP). Its scaling positions are its bench positions, until its games
  // give a suite of its own.
  static constexpr int kScaleDepth = 10;
  static constexpr std::string_view kScaleReferences = "fairy-stockfish";

  static bool parse_fen(std::string_view fen, Position& pos, std::string& error) {
    return Position::parse_fen(fen, pos, error);
  }
  static std::string fen(const Position& pos) { return pos.fen(); }
  static void generate_legal(const Position& pos, MoveList& list) {
    generate<GenType::kAll>(pos, list);
  }
  static int count_legal(const Position& pos) { return count_legal_moves(pos); }
  static void make(Position& pos, Move m) { pos.make_move(m); }
  static void unmake(Position& pos, Move m) { pos.unmake_move(m); }
  static uint64_t key(const Position& pos) { return pos.key(); }
  static bool in_check(const Position& pos) { return pos.in_check(); }
  static std::string move_to_text(Move m) { return xiangqi::move_to_text(m); }
  static Move parse_move(const Position& pos, std::string_view text, std::string& error) {
    return xiangqi::parse_move(pos, text, error);
  }

  // Its engines speak UCCI (the move text above, ranks 0..9) or UCI as Fairy-Stockfish does
  // (ranks 1..10, "h3e3"): a move's text in the UCI dialect and back ("" if the text is not a
  // move), and a move read from the UCI dialect, with errors that name the text as sent.
  static std::string uci_dialect_move_text(std::string_view ucci) {
    return rebase_move_text(ucci, RankBase::kZero, RankBase::kOne);
  }
  static std::string ucci_move_text(std::string_view uci) {
    return rebase_move_text(uci, RankBase::kOne, RankBase::kZero);
  }
  static Move parse_uci_dialect_move(const Position& pos, std::string_view text,
                                     std::string& error) {
    return xiangqi::parse_move(pos, text, error, RankBase::kOne);
  }

  // Its opening books are Splitlab's own (book.h): the book, a position's key in it, and a book
  // made from games (`book make`), their moves in either rank numbering.
  using Book = book::Book;
  static uint64_t book_key(const Position& pos) { return book::key(pos); }
  static bool make_book(const std::vector<::splitlab::book::BookGame>& games, int max_plies,
                        int min_games, std::vector<::splitlab::book::Entry>& entries,
                        std::string& error) {
    std::vector<book::GameForBook> own;
    own.reserve(games.size());
    for (const ::splitlab::book::BookGame& g : games)
      own.push_back({g.start_fen, g.moves, g.result, book::rank_base_of(g.moves)});
    return book::make_book(own, max_plies, min_games, entries, error);
  }

  // What the search needs beyond the rules.
  static void generate_tactical(const Position& pos, MoveList& list) {
    generate<GenType::kCaptures>(pos, list);
  }
  static bool is_tactical(const Position& pos, Move m) { return pos.is_capture(m); }
  // The quiet moves that give check (quiescence's first ply): each is played and taken back,
  // since a cannon's screen makes a check hard to see from the move alone.
  static void generate_quiet_checks(Position& pos, MoveList& list) {
    MoveList all;
    generate<GenType::kAll>(pos, all);
    for (Move m : all) {
      if (pos.is_capture(m)) continue;
      pos.make_move(m);
      const bool check = pos.in_check();
      pos.unmake_move(m);
      if (check) list.push_back(m);
    }
  }
  static int see(const Position& pos, Move m) { return xiangqi::see(pos, m); }
  static bool see_non_negative(const Position& pos, Move m) { return see(pos, m) >= 0; }
  // What a capture wins if nothing recaptures.
  static int tactical_gain(const Position& pos, Move m) {
    const Piece victim = pos.piece_on(m.to());
    return victim == kNoPiece ? 0 : piece_value(type_of(victim));
  }
  // Most valuable victim, then least valuable attacker.
  static int mvv_lva(const Position& pos, Move m) {
    const Piece victim = pos.piece_on(m.to());
    return (victim == kNoPiece ? 0 : piece_value(type_of(victim)) * 8) -
           piece_value(type_of(pos.piece_on(m.from()))) / 100;
  }
  static void make_null(Position& pos) { pos.make_null_move(); }
  static void unmake_null(Position& pos) { pos.unmake_null_move(); }
  // Zugzwang needs a side without attacking pieces (chariots, horses, cannons): allow the null
  // move only with one, and verify its cutoffs when two or fewer (a chariot counts twice).
  static int attacking_material(const Position& pos) {
    const Color c = pos.side_to_move();
    return 2 * pos.count(c, kRook) + pos.count(c, kHorse) + pos.count(c, kCannon);
  }
  static bool null_move_allowed(const Position& pos) { return attacking_material(pos) > 0; }
  static bool low_material(const Position& pos) { return attacking_material(pos) <= 2; }
  // Repetition: a draw, unless one side gave check with every move of the cycle and the other
  // did not: the checking side loses. That verdict depends on the path, so it is a ban score,
  // which the search never stores. The no-capture limit as Fairy-Stockfish applies it to
  // xiangqi: 50 moves (100 plies) without a capture draw, unless the side to move is in check
  // with no legal move.
  static constexpr int kNoCapturePlyLimit = 100;
  static bool rule_score(const Position& pos, Score& score) {
    switch (pos.repetition()) {
      case Position::Repetition::kNone:
        if (pos.plies_since_capture() >= kNoCapturePlyLimit &&
            (!pos.in_check() || count_legal_moves(pos) > 0)) {
          score = kDrawScore;
          return true;
        }
        return false;
      case Position::Repetition::kDraw:
        score = kDrawScore;
        return true;
      case Position::Repetition::kWin:
      case Position::Repetition::kWinByChase:
        score = kBanScore;
        return true;
      case Position::Repetition::kLoss:
      case Position::Repetition::kLossByChase:
        score = -kBanScore;
        return true;
    }
    return false;
  }
  static constexpr bool kNoLegalMoveLoses = true;  // There is no stalemate draw in xiangqi.
  static uint16_t move_to_bits(Move m) { return m.bits(); }
  static Move move_from_bits(uint16_t bits) { return Move::from_bits(bits); }
  static int side_index(const Position& pos) { return pos.side_to_move(); }
  static constexpr int kHistorySize = kPieceCodes * kNumSquares;
  static int history_index(const Position& pos, Move m) {
    return pos.piece_on(m.from()) * kNumSquares + m.to();
  }
};

static_assert(Game<XiangqiGame>);

}  // namespace splitlab::xiangqi
