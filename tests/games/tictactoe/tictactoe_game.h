// Tic-tac-toe as a Splitlab game: a test-only game, small enough that every answer is known by
// brute force (its perft counts, the value of any position), and unlike chess and xiangqi in
// every way the generic code must not assume: three-by-three, no captures, no checks, a side
// that cannot move has either lost (the other side has three in a row) or drawn (the board is
// full). It proves that a game needs only its folder and one registry line (issue 72 item 2).
//
// Squares a1..c3 (files a-c, ranks 1-3), numbered a1 = 0 ... c3 = 8 (index = 3 * rank + file).
// X moves first. A position is written FEN-like: ranks 3 to 1 separated by '/', 'x' and 'o' for
// the marks and a digit for a run of empty squares, then the side to move ('x' or 'o'):
// "3/3/3 x" is the start.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/bench_position.h"
#include "engine/core/game.h"
#include "engine/core/referee.h"
#include "engine/core/score.h"
#include "engine/search/search_features.h"
#include "engine/search/search_tuning.h"

namespace splitlab::tictactoe {

inline constexpr std::string_view kStartFen = "3/3/3 x";
inline constexpr int kSquares = 9;

class Move {
 public:
  constexpr Move() = default;
  static constexpr Move none() { return Move(); }
  static constexpr Move at(int square) { return from_bits(uint16_t(square + 1)); }
  static constexpr Move from_bits(uint16_t bits) {
    Move m;
    m.bits_ = bits <= kSquares ? bits : 0;
    return m;
  }
  constexpr uint16_t bits() const { return bits_; }
  constexpr int square() const { return bits_ - 1; }
  constexpr bool is_none() const { return bits_ == 0; }
  constexpr explicit operator bool() const { return bits_ != 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  uint16_t bits_ = 0;
};

class MoveList {
 public:
  static constexpr int kCapacity = kSquares;
  void push_back(Move m) { moves_[size_++] = m; }
  void clear() { size_ = 0; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  Move& operator[](int i) { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  Move* begin() { return moves_.data(); }
  Move* end() { return moves_.data() + size_; }

 private:
  std::array<Move, kCapacity> moves_{};
  int size_ = 0;
};

// The eight lines of three, as masks of squares.
inline constexpr std::array<uint16_t, 8> kLines = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

inline bool has_line(uint16_t marks) {
  for (uint16_t line : kLines)
    if ((marks & line) == line) return true;
  return false;
}

// Zobrist keys: a fixed SplitMix64 sequence, one per mark per square and one for O to move.
inline uint64_t zobrist(int index) {
  uint64_t z = 0x9e3779b97f4a7c15ULL * uint64_t(index + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

inline std::string square_name(int square) {
  return std::string{char('a' + square % 3), char('1' + square / 3)};
}

class Position {
 public:
  // Reads the FEN-like text above; false with `error` naming the fault.
  static bool parse_fen(std::string_view text, Position& out, std::string& error) {
    Position pos;
    const size_t space = text.find(' ');
    if (space == std::string_view::npos) {
      error = "tic-tac-toe position '" + std::string(text) + "' has no side to move";
      return false;
    }
    const std::string_view board = text.substr(0, space), side = text.substr(space + 1);
    int rank = 2, file = 0;
    for (char c : board) {
      if (c == '/') {
        if (file != 3 || rank == 0) return bad(text, "a rank of other than three squares", error);
        --rank;
        file = 0;
      } else if (c >= '1' && c <= '3') {
        file += c - '0';
      } else if (c == 'x' || c == 'o') {
        if (file > 2) return bad(text, "a rank of more than three squares", error);
        pos.place(c == 'x' ? 0 : 1, 3 * rank + file);
        ++file;
      } else {
        return bad(text, std::string("the character '") + c + "'", error);
      }
      if (file > 3) return bad(text, "a rank of more than three squares", error);
    }
    if (rank != 0 || file != 3) return bad(text, "other than three ranks of three", error);
    if (side != "x" && side != "o") return bad(text, "a side other than x or o", error);
    const int xs = std::popcount(pos.marks_[0]), os = std::popcount(pos.marks_[1]);
    if (xs - os != (side == "o" ? 1 : 0))
      return bad(text, "marks that do not fit the side to move (X moves first)", error);
    if (has_line(pos.marks_[0]) && has_line(pos.marks_[1]))
      return bad(text, "three in a row for both sides", error);
    if (side == "o") pos.flip_side();
    pos.ply_ = xs + os;
    out = pos;
    return true;
  }

  std::string fen() const {
    std::string text;
    for (int rank = 2; rank >= 0; --rank) {
      int empty = 0;
      for (int file = 0; file < 3; ++file) {
        const int square = 3 * rank + file;
        const int owner = owner_of(square);
        if (owner < 0) {
          ++empty;
          continue;
        }
        if (empty) text += char('0' + empty);
        empty = 0;
        text += owner == 0 ? 'x' : 'o';
      }
      if (empty) text += char('0' + empty);
      if (rank) text += '/';
    }
    return text + (side_ == 0 ? " x" : " o");
  }

  int side_to_move() const { return side_; }
  uint64_t key() const { return key_; }
  bool in_check() const { return lost(); }
  int plies() const { return ply_; }
  // Plies since the game's start (the protocol's BookDepth): every mark is one.
  int game_ply() const { return ply_; }
  int owner_of(int square) const {
    return (marks_[0] >> square) & 1 ? 0 : (marks_[1] >> square) & 1 ? 1 : -1;
  }
  // The side to move has lost: the other side has three in a row.
  bool lost() const { return has_line(marks_[side_ ^ 1]); }
  bool full() const { return (marks_[0] | marks_[1]) == 0777; }

  void generate(MoveList& list) const {
    list.clear();
    if (lost()) return;
    for (int square = 0; square < kSquares; ++square)
      if (owner_of(square) < 0) list.push_back(Move::at(square));
  }
  void make(Move m) {
    place(side_, m.square());
    flip_side();
    ++ply_;
  }
  void unmake(Move m) {
    flip_side();
    place(side_, m.square());  // Toggles the mark off.
    --ply_;
  }
  void flip_side() {
    side_ ^= 1;
    key_ ^= zobrist(18);
  }

 private:
  static bool bad(std::string_view text, const std::string& what, std::string& error) {
    error = "tic-tac-toe position '" + std::string(text) + "' has " + what;
    return false;
  }
  void place(int side, int square) {
    marks_[side] ^= uint16_t(1u << square);
    key_ ^= zobrist(side * kSquares + square);
  }

  std::array<uint16_t, 2> marks_{};
  int side_ = 0;
  int ply_ = 0;
  uint64_t key_ = 0;
};

// The rules of a game played out, for `match`: the side to move loses when the other has three
// in a row, and the game is drawn when the board is full.
class Referee final : public GameReferee {
 public:
  explicit Referee(const RefereeRules& = {}) {}
  bool reset(std::string_view fen, std::string& error) override {
    if (!Position::parse_fen(fen, position_, error)) return false;
    start_fen_ = position_.fen();
    moves_.clear();
    return true;
  }
  bool play(std::string_view move, bool* irreversible = nullptr) override {
    MoveList legal;
    position_.generate(legal);
    for (Move m : legal) {
      if (square_name(m.square()) != move) continue;
      if (irreversible) *irreversible = true;  // A mark is never taken back.
      moves_.emplace_back(move);
      position_.make(m);
      return true;
    }
    return false;
  }
  std::optional<Outcome> outcome() const override {
    const int mover = position_.side_to_move();
    if (position_.lost())
      return win_for(1 - mover, color_name(1 - mover) + " makes three in a row",
                     Termination::kNormal);
    if (position_.full()) return draw_by("Draw by a full board", Termination::kNormal);
    return std::nullopt;
  }
  int side_to_move() const override { return position_.side_to_move(); }
  std::string fen() const override { return position_.fen(); }
  std::string_view standard_start() const override { return kStartFen; }

 private:
  Position position_;
};

// No evaluation beyond the rules: an unfinished position is worth nothing to either side.
class Evaluation {
 public:
  void configure(const search::SearchFeatures&) {}
  int evaluate(const Position&) const { return 0; }
};

inline constexpr std::array<BenchPosition, 4> kBenchPositions = {{
    {"start", "3/3/3 x"},
    {"corner", "3/3/x2 o"},
    {"fork", "o2/1x1/2x o"},
    {"late", "xo1/1x1/o2 x"},
}};

struct TicTacToeGame {
  using Position = tictactoe::Position;
  using Move = tictactoe::Move;
  using MoveList = tictactoe::MoveList;
  using Referee = tictactoe::Referee;
  using Evaluation = tictactoe::Evaluation;

  static constexpr std::string_view kName = "tictactoe";
  static constexpr std::string_view kVariantName = "tictactoe";
  static constexpr std::array<std::string_view, 1> kOtherNames = {"noughts-and-crosses"};
  static constexpr std::string_view kUciVariant = "tictactoe";
  static constexpr std::string_view kStartFen = tictactoe::kStartFen;
  static constexpr int kEpdPositionFields = 2;  // "3/3/3 x": the board and the side to move
  static constexpr std::string_view kDefaultSearchFeatures = "none";
  static constexpr search::SearchTuning kDefaultSearchTuning{};
  static constexpr std::span<const BenchPosition> bench_positions() { return kBenchPositions; }

  static bool parse_fen(std::string_view fen, Position& pos, std::string& error) {
    return Position::parse_fen(fen, pos, error);
  }
  static std::string fen(const Position& pos) { return pos.fen(); }
  static void generate_legal(const Position& pos, MoveList& list) { pos.generate(list); }
  static int count_legal(const Position& pos) {
    MoveList list;
    pos.generate(list);
    return list.size();
  }
  static void make(Position& pos, Move m) { pos.make(m); }
  static void unmake(Position& pos, Move m) { pos.unmake(m); }
  static uint64_t key(const Position& pos) { return pos.key(); }
  // "In check": the side to move has lost, so that a side without moves is mated, not drawn.
  static bool in_check(const Position& pos) { return pos.lost(); }
  static std::string move_to_text(Move m) { return m.is_none() ? "" : square_name(m.square()); }
  static Move parse_move(const Position& pos, std::string_view text, std::string& error) {
    MoveList legal;
    pos.generate(legal);
    for (Move m : legal)
      if (square_name(m.square()) == text) return m;
    error = "'" + std::string(text) + "' is not a legal tic-tac-toe move here (" + pos.fen() + ")";
    return Move::none();
  }

  // What the search needs beyond the rules: no captures, no checks, no null move.
  static void generate_tactical(const Position&, MoveList& list) { list.clear(); }
  static bool is_tactical(const Position&, Move) { return false; }
  static void generate_quiet_checks(Position&, MoveList&) {}
  static int see(const Position&, Move) { return 0; }
  static bool see_non_negative(const Position&, Move) { return true; }
  static int tactical_gain(const Position&, Move) { return 0; }
  static int mvv_lva(const Position&, Move) { return 0; }
  static void make_null(Position& pos) { pos.flip_side(); }
  static void unmake_null(Position& pos) { pos.flip_side(); }
  static bool null_move_allowed(const Position&) { return false; }
  static bool low_material(const Position&) { return false; }
  static bool rule_score(const Position&, Score&) { return false; }
  static constexpr bool kNoLegalMoveLoses = false;  // A full board without a line is a draw.
  static uint16_t move_to_bits(Move m) { return m.bits(); }
  static Move move_from_bits(uint16_t bits) { return Move::from_bits(bits); }
  static int side_index(const Position& pos) { return pos.side_to_move(); }
  static constexpr int kHistorySize = 2 * kSquares;
  static int history_index(const Position& pos, Move m) {
    return pos.side_to_move() * kSquares + m.square();
  }
};

static_assert(Game<TicTacToeGame>);

}  // namespace splitlab::tictactoe
