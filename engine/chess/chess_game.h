// Chess as a Game (engine/core/game.h).
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/bench_positions.h"
#include "engine/chess/evaluate.h"
#include "engine/chess/movegen.h"
#include "engine/chess/notation.h"
#include "engine/chess/polyglot.h"
#include "engine/chess/position.h"
#include "engine/chess/scaling_suite.h"
#include "engine/chess/referee.h"
#include "engine/chess/see.h"
#include "engine/core/bench_position.h"
#include "engine/core/game.h"
#include "engine/core/score.h"
#include "engine/search/search_features.h"
#include "engine/search/search_tuning.h"

namespace splitlab::chess {

// The evaluation one search thread owns (engine/search/search_game.h): the search sets it from
// its features before it searches, so two searches in one process may differ.
class Evaluation {
 public:
  void configure(const search::SearchFeatures& features) {
    endgame_knowledge_ = features.endgame_knowledge;
  }
  int evaluate(const Position& pos) const { return chess::evaluate(pos, endgame_knowledge_); }

 private:
  bool endgame_knowledge_ = false;
};

struct ChessGame {
  using Position = chess::Position;
  using Move = chess::Move;
  using MoveList = chess::MoveList;
  using Referee = chess::Referee;  // The rules of a game played out (engine/core/referee.h).
  using Evaluation = chess::Evaluation;

  static constexpr std::string_view kName = "chess";
  // cutechess's name for the game, in match results and a PGN's Variant tag; other names a
  // --game, --variant or Variant tag may use.
  static constexpr std::string_view kVariantName = "standard";
  static constexpr std::array<std::string_view, 3> kOtherNames = {"standard", "normal",
                                                                  "from position"};
  // The UCI_Variant to give an engine: none, chess is every UCI engine's default.
  static constexpr std::string_view kUciVariant = "";
  static constexpr std::string_view kStartFen = chess::kStartFen;
  // The openings `match` plays by default (bench/book/splitlab_book.epd, compiled in).
  static constexpr std::string_view kDefaultOpenings = "splitlab_book.epd";

  // The default search: each technique accepted by an SPRT in chess against the search
  // without it, and the parameters SPSA found (entry 23, accepted with history-lmr); see
  // experiments/strength/log.md. A technique can pay in one game and not in the other, so each
  // game decides for itself. The UCI options' defaults, --features' and --tune's, and what
  // every search starts with (Searcher).
  static constexpr std::string_view kDefaultSearchFeatures =
      "futility,lmp,razoring,iir,history-lmr,counter-moves,singular-extension,qsearch-checks,"
      "smart-time-2";
  static constexpr search::SearchTuning kDefaultSearchTuning{57, 165, 2393};
  // `splitlab bench`'s positions (bench_positions.h).
  static constexpr std::span<const BenchPosition> bench_positions() { return kBenchPositions; }
  // The parallel experiments' default positions (`scale`, `overhead`, `simulate`, `predictor
  // --suite scaling`): 160 middlegames from real games (scaling_suite.h), enough to resolve a
  // few points of overhead where the 32 bench positions gave about +-10.
  static std::span<const BenchPosition> scaling_positions() { return kScalingSuite; }
  // `splitlab scale`'s defaults: the depth of an equal-depth run, and the reference engines
  // (Glaurung, YBWC, and Stockfish, Lazy SMP).
  static constexpr int kScaleDepth = 12;
  static constexpr std::string_view kScaleReferences = "glaurung,stockfish";

  // Its opening books are Polyglot's (polyglot.h): the book (OwnBook, `book probe`), a
  // position's key in it, and a book made from games (`book make`).
  using Book = polyglot::Book;
  static uint64_t book_key(const Position& pos) { return polyglot::key(pos); }
  static bool make_book(const std::vector<book::BookGame>& games, int max_plies, int min_games,
                        std::vector<book::Entry>& entries, std::string& error) {
    std::vector<polyglot::GameForBook> own;
    own.reserve(games.size());
    for (const book::BookGame& g : games) own.push_back({g.start_fen, g.moves, g.result});
    return polyglot::make_book(own, max_plies, min_games, entries, error);
  }

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
  static std::string move_to_text(Move m) { return move_to_uci(m); }
  static Move parse_move(const Position& pos, std::string_view text, std::string& error) {
    return parse_uci_move(pos, text, error);
  }
  // Standard algebraic notation, for EPD's bm and am (engine/core/game.h).
  static Move parse_san(const Position& pos, std::string_view text, std::string& error) {
    return chess::parse_san(pos, text, error);
  }
  static std::string move_to_san(const Position& pos, Move m) { return chess::move_to_san(pos, m); }

  // What the search needs beyond the rules (engine/search/search_game.h).
  static void generate_tactical(const Position& pos, MoveList& list) {
    generate<GenType::kTactical>(pos, list);
  }
  static bool is_tactical(const Position& pos, Move m) { return pos.is_capture_or_promotion(m); }
  // The quiet moves that give check (quiescence's first ply, never in check), found without
  // generating the other quiet moves.
  static void generate_quiet_checks(Position& pos, MoveList& list) {
    chess::generate_quiet_checks(pos, list);
  }
  static int see(const Position& pos, Move m) { return chess::see(pos, m); }
  // The type of the piece `m` captures (en passant: a pawn), or kNoPieceType.
  static PieceType victim_of(const Position& pos, Move m) {
    return m.kind() == Move::kEnPassant ? kPawn : type_of(pos.piece_on(m.to()));
  }
  // see(pos, m) >= 0, without playing out the exchange when the victim is worth at least the
  // capturer: the most the mover can lose is the capturer, so the exchange cannot come out
  // below zero (promotions change the capturer's value and always take the full exchange).
  static bool see_non_negative(const Position& pos, Move m) {
    if (m.kind() != Move::kPromotion) {
      const PieceType victim = victim_of(pos, m);
      if (victim != kNoPieceType &&
          kSeeValue[victim] >= kSeeValue[type_of(pos.piece_on(m.from()))])
        return true;
    }
    return chess::see(pos, m) >= 0;
  }
  // What a tactical move wins if nothing recaptures: the victim, plus a promotion's gain.
  static int tactical_gain(const Position& pos, Move m) {
    const PieceType victim = victim_of(pos, m);
    return (victim == kNoPieceType ? 0 : kSeeValue[victim]) +
           (m.kind() == Move::kPromotion ? kSeeValue[m.promoted()] - kSeeValue[kPawn] : 0);
  }
  // Most valuable victim, then least valuable attacker.
  static int mvv_lva(const Position& pos, Move m) {
    const PieceType victim = victim_of(pos, m);
    const int promotion = m.kind() == Move::kPromotion ? kSeeValue[m.promoted()] : 0;
    return (victim == kNoPieceType ? 0 : kSeeValue[victim] * 8) + promotion -
           int(type_of(pos.piece_on(m.from())));
  }
  static void make_null(Position& pos) { pos.make_null_move(); }
  static void unmake_null(Position& pos) { pos.unmake_null_move(); }
  // Null move is unsound in zugzwang, which needs few pieces: allow it only with a piece left,
  // and verify its cutoffs when little material remains.
  static bool null_move_allowed(const Position& pos) {
    return non_pawn_material(pos, pos.side_to_move()) > 0;
  }
  static bool low_material(const Position& pos) {
    return non_pawn_material(pos, pos.side_to_move()) <= 500;
  }
  // Draw by rule at a node inside the search: any repetition, fifty moves, or dead material.
  static bool is_rule_draw(const Position& pos) {
    if (pos.rule50_count() >= 100 && !(pos.in_check() && count_legal_moves(pos) == 0))
      return true;
    return pos.repetitions() > 0 || pos.has_insufficient_material();
  }
  static bool rule_score(const Position& pos, Score& score) {
    score = kDrawScore;
    return is_rule_draw(pos);
  }
  static constexpr bool kNoLegalMoveLoses = false;  // Stalemate is a draw.
  static uint16_t move_to_bits(Move m) { return m.bits(); }
  static Move move_from_bits(uint16_t bits) { return Move::from_bits(bits); }
  static int side_index(const Position& pos) { return pos.side_to_move(); }
  static constexpr int kHistorySize = kPieceCodes * 64;
  static int history_index(const Position& pos, Move m) {
    return pos.piece_on(m.from()) * 64 + m.to();
  }
};

static_assert(Game<ChessGame>);

}  // namespace splitlab::chess
