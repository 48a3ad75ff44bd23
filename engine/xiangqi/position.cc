#include "engine/xiangqi/position.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

#include "engine/xiangqi/bitlines.h"
#include "engine/xiangqi/chase.h"
#include "engine/xiangqi/geometry.h"
#include "hashing/zobrist.h"

namespace splitlab::xiangqi {
namespace {

// 16 piece codes (colour << 3 | type; 7 and 15 unused) on 90 squares; no extras (xiangqi has
// no castling or en passant).
using ZobristKeys = hashing::ZobristKeys<kPieceCodes, kNumSquares, 0>;
constexpr ZobristKeys kZobrist = ZobristKeys::make(0x5EED'C4E5'5000'0002ULL);

constexpr uint64_t piece_key(Piece p, Square s) { return kZobrist.piece_square[p][s]; }

constexpr char kPieceChars[kNumPieceTypes + 1] = "kabnrcp";
constexpr int kMaxCount[kNumPieceTypes] = {1, 2, 2, 2, 2, 2, 5};
constexpr const char* kPieceNames[kNumPieceTypes] = {"general", "advisor", "elephant", "horse",
                                                     "chariot", "cannon",  "soldier"};

// FEN letters: the standard ones, and h/e, which some sources use for horse and elephant.
bool parse_piece(char ch, Piece& out) {
  const bool upper = ch >= 'A' && ch <= 'Z';
  const char lower = upper ? char(ch + ('a' - 'A')) : ch;
  const char* const at = lower ? std::strchr(kPieceChars, lower) : nullptr;
  PieceType type;
  if (at != nullptr) {
    type = PieceType(at - kPieceChars);
  } else if (lower == 'h' || lower == 'e') {
    type = lower == 'h' ? kHorse : kElephant;
  } else {
    return false;
  }
  out = make_piece(upper ? kRed : kBlack, type);
  return true;
}

// Ranks counted from `c`'s own back rank.
int relative_rank(Color c, int rank) { return c == kRed ? rank : kRanks - 1 - rank; }

// Whether a piece of kind `t` and colour `c` can ever stand on (file, rank) in a game.
bool reachable(Color c, PieceType t, int file, int rank) {
  const int rel = relative_rank(c, rank);
  switch (t) {
    case kKing:
      return in_palace(c, file, rank);
    case kAdvisor:
      return in_palace(c, file, rank) && (std::abs(file - 4) + std::abs(rel - 1)) % 2 == 0;
    case kElephant:
      return rel <= 4 && file % 2 == 0 && rel % 2 == 0 && (file / 2 + rel / 2) % 2 == 1;
    case kPawn:
      return rel >= 5 || (rel >= 3 && file % 2 == 0);
    default:
      return true;
  }
}

}  // namespace

bool Position::king_attacked(Color c) const {
  const Square king = kings_[c];
  return general_attacked_on_lines([this](Square s) { return board_[s]; },
                                   rank_bits_[rank_of(king)], file_bits_[file_of(king)], king, ~c);
}

bool Position::leaves_king_safe(Move m) const {
  const Square from = m.from(), to = m.to();
  const Piece mover = board_[from];
  const Color us = color_of(mover);
  const Square king = type_of(mover) == kKing ? to : kings_[us];
  // The king's rank and file as they would be after the move.
  const int kf = file_of(king), kr = rank_of(king);
  uint16_t rank_occupancy = rank_bits_[kr], file_occupancy = file_bits_[kf];
  if (rank_of(from) == kr) rank_occupancy &= uint16_t(~(1u << file_of(from)));
  if (file_of(from) == kf) file_occupancy &= uint16_t(~(1u << rank_of(from)));
  if (rank_of(to) == kr) rank_occupancy |= uint16_t(1u << file_of(to));
  if (file_of(to) == kf) file_occupancy |= uint16_t(1u << rank_of(to));
  return !general_attacked_on_lines(
      [&](Square s) { return s == to     ? mover
                             : s == from ? kNoPiece
                                         : board_[s]; },
      rank_occupancy, file_occupancy, king, ~us);
}

void Position::make_move(Move m) {
  const Square from = m.from(), to = m.to();
  const Piece mover = board_[from], captured = board_[to];
  State next = state();
  next.captured = captured;
  if (captured != kNoPiece) {
    next.key ^= piece_key(captured, to);
    --counts_[color_of(captured)][type_of(captured)];
    next.plies_since_capture = 0;
  } else {
    ++next.plies_since_capture;
  }
  next.key ^= piece_key(mover, from) ^ piece_key(mover, to) ^ kZobrist.side_to_move;
  next.move = m;
  board_[to] = mover;
  board_[from] = kNoPiece;
  toggle_line_bits(from);
  if (captured == kNoPiece) toggle_line_bits(to);
  if (type_of(mover) == kKing) kings_[side_] = to;
  side_ = ~side_;
  ++game_ply_;
  ++next.plies_from_null;
  next.checked = king_attacked(side_);
  states_.push_back(next);
}

void Position::unmake_move(Move m) {
  const Square from = m.from(), to = m.to();
  const Piece mover = board_[to], captured = state().captured;
  side_ = ~side_;
  --game_ply_;
  board_[from] = mover;
  board_[to] = captured;
  toggle_line_bits(from);
  if (captured == kNoPiece) toggle_line_bits(to);
  if (captured != kNoPiece) ++counts_[color_of(captured)][type_of(captured)];
  if (type_of(mover) == kKing) kings_[side_] = from;
  states_.pop_back();
}

void Position::make_null_move() {
  State next = state();
  next.captured = kNoPiece;
  next.move = Move::none();
  ++next.plies_since_capture;
  next.plies_from_null = 0;
  next.checked = false;  // A pass is never made in check, and it gives none.
  next.key ^= kZobrist.side_to_move;
  side_ = ~side_;
  ++game_ply_;
  states_.push_back(next);
}

void Position::unmake_null_move() {
  side_ = ~side_;
  --game_ply_;
  states_.pop_back();
}

Position::Repetition Position::repetition() const {
  const int now = int(states_.size()) - 1;
  const int window =
      std::min({int(state().plies_since_capture), int(state().plies_from_null), now});
  for (int back = 4; back <= window; back += 2) {
    if (states_[now - back].key != state().key) continue;
    // The cycle is the positions after now - back. In those with the side to move to move, it
    // was in check (the other side had just given check), and the other way round.
    bool they_always_checked = true, we_always_checked = true;
    for (int i = now - back + 1; i <= now; ++i) {
      if ((now - i) % 2 == 0) {
        they_always_checked = they_always_checked && states_[i].checked;
      } else {
        we_always_checked = we_always_checked && states_[i].checked;
      }
    }
    if (they_always_checked != we_always_checked)
      return they_always_checked ? Repetition::kWin : Repetition::kLoss;
    if (they_always_checked) return Repetition::kDraw;  // Both checked throughout.
    return chase_verdict(back);
  }
  return Repetition::kNone;
}

Position::Repetition Position::chase_verdict(int back) const {
  // Walks the cycle backwards from the last move, on a scratch copy (kept per thread, so that
  // its history is not allocated anew), following for each side the piece it chased with every
  // move (a chased piece that fled from `from` to `to` stood on `from` before). Most cycles chase
  // nothing: the walk stops once neither side's last moves chased anything.
  thread_local Position replay;
  replay = *this;
  const int now = int(states_.size()) - 1;
  SquareSet chased_by[2];  // [0]: their chases (of our pieces), [1]: ours.
  bool started[2] = {false, false};
  for (int k = back; k >= 1; --k) {
    const State& after = states_[now - back + k];
    const Move m = after.move;
    const int mover = (back - k) % 2 == 0 ? 0 : 1;
    const SquareSet chased = chased_by_last_move(replay, m, after.captured);
    chased_by[mover] = started[mover] ? chased_by[mover] & chased : chased;
    started[mover] = true;
    SquareSet& fled = chased_by[1 - mover];  // The other side's victims: the mover's pieces.
    if (fled[m.to()]) {
      fled.reset(m.to());
      fled.set(m.from());
    }
    if (started[0] && started[1] && chased_by[0].none() && chased_by[1].none())
      return Repetition::kDraw;
    replay.unmake_move(m);
  }
  const bool they_chase = chased_by[0].any(), we_chase = chased_by[1].any();
  if (they_chase == we_chase) return Repetition::kDraw;
  return they_chase ? Repetition::kWinByChase : Repetition::kLossByChase;
}

uint64_t Position::compute_key() const {
  uint64_t key = side_ == kBlack ? kZobrist.side_to_move : 0;
  for (Square s = 0; s < kNumSquares; ++s)
    if (board_[s] != kNoPiece) key ^= piece_key(board_[s], s);
  return key;
}

bool Position::parse_placement(const std::string& placement, Position& pos, std::string& error) {
  pos.board_.fill(kNoPiece);
  int rank = kRanks - 1, file = 0;
  for (const char ch : placement) {
    if (ch == '/') {
      if (file != kFiles)
        return error = "FEN rank " + std::to_string(rank) + " has " + std::to_string(file) +
                       " files, not 9",
               false;
      if (--rank < 0) return error = "FEN board has more than 10 ranks", false;
      file = 0;
    } else if (ch >= '1' && ch <= '9') {
      file += ch - '0';
      if (file > kFiles)
        return error = "FEN rank " + std::to_string(rank) + " has more than 9 files", false;
    } else {
      Piece p;
      if (!parse_piece(ch, p))
        return error = std::string("FEN board has an unknown piece '") + ch + "'", false;
      if (file >= kFiles)
        return error = "FEN rank " + std::to_string(rank) + " has more than 9 files", false;
      const Color c = color_of(p);
      const PieceType t = type_of(p);
      const std::string where = std::string(1, char('a' + file)) + std::to_string(rank);
      const std::string name = std::string(c == kRed ? "Red " : "Black ") + kPieceNames[t];
      if (!reachable(c, t, file, rank))
        return error = "FEN has a " + name + " on " + where + ", where it can never stand", false;
      if (++pos.counts_[c][t] > kMaxCount[t])
        return error = "FEN has more than " + std::to_string(kMaxCount[t]) + " " + name +
                       (kMaxCount[t] > 1 ? "s" : ""),
               false;
      const Square s = make_square(file, rank);
      pos.board_[s] = p;
      pos.toggle_line_bits(s);
      if (t == kKing) pos.kings_[c] = s;
      ++file;
    }
  }
  if (rank != 0 || file != kFiles)
    return error = "FEN board has " + std::to_string(kRanks - rank) +
                   " ranks or a short last rank; it needs 10 ranks of 9 files",
           false;
  for (const Color c : {kRed, kBlack})
    if (pos.counts_[c][kKing] != 1)
      return error = std::string("FEN has no ") + (c == kRed ? "Red" : "Black") + " general", false;
  return true;
}

bool Position::parse_fen(std::string_view fen, Position& out, std::string& error) {
  std::istringstream in{std::string(fen)};
  std::string placement, side, castling = "-", en_passant = "-", halfmove = "0", fullmove = "1";
  in >> placement >> side;
  if (placement.empty()) return error = "empty FEN", false;
  if (side.empty()) return error = "FEN '" + std::string(fen) + "' has no side to move", false;
  in >> castling >> en_passant >> halfmove >> fullmove;
  std::string extra;
  if (in >> extra) return error = "FEN has an unexpected field '" + extra + "'", false;

  Position pos;
  if (!parse_placement(placement, pos, error)) return false;

  if (side == "w" || side == "r") {
    pos.side_ = kRed;
  } else if (side == "b") {
    pos.side_ = kBlack;
  } else {
    return error = "FEN side to move '" + side + "' is not w, r or b", false;
  }
  if (castling != "-" || en_passant != "-")
    return error = "xiangqi FEN fields 3 and 4 must be '-', not '" + castling + "' '" + en_passant +
                   "'",
           false;
  char* end = nullptr;
  const long plies = std::strtol(halfmove.c_str(), &end, 10);
  if (*end != '\0' || plies < 0 || plies > 10000)
    return error = "FEN halfmove clock '" + halfmove + "' is not a count of plies", false;
  const long moves = std::strtol(fullmove.c_str(), &end, 10);
  if (*end != '\0' || moves < 1 || moves > 100000)
    return error = "FEN move number '" + fullmove + "' is not a positive number", false;
  if (pos.king_attacked(~pos.side_))
    return error =
               "FEN position is illegal: the side not to move is in check (or the generals "
               "face each other)",
           false;

  pos.game_ply_ = int(2 * (moves - 1) + (pos.side_ == kBlack ? 1 : 0));
  State st;
  st.key = pos.compute_key();
  st.plies_since_capture = uint16_t(plies);
  st.checked = pos.king_attacked(pos.side_);
  pos.states_.clear();
  pos.states_.reserve(256);
  pos.states_.push_back(st);
  out = std::move(pos);
  return true;
}

Position Position::from_fen(std::string_view fen) {
  Position pos;
  std::string error;
  if (!parse_fen(fen, pos, error)) {
    std::fprintf(stderr, "bad built-in xiangqi FEN '%.*s': %s\n", int(fen.size()), fen.data(),
                 error.c_str());
    std::abort();
  }
  return pos;
}

std::string Position::fen() const {
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int gap = 0;
    for (int file = 0; file < kFiles; ++file) {
      const Piece p = board_[make_square(file, rank)];
      if (p == kNoPiece) {
        ++gap;
        continue;
      }
      if (gap) out += char('0' + gap), gap = 0;
      const char ch = kPieceChars[type_of(p)];
      out += color_of(p) == kRed ? char(ch - 0x20) : ch;
    }
    if (gap) out += char('0' + gap);
    if (rank) out += '/';
  }
  out += side_ == kRed ? " w - - " : " b - - ";
  out += std::to_string(state().plies_since_capture) + " " + std::to_string(game_ply_ / 2 + 1);
  return out;
}

bool Position::is_consistent(std::string* why) const {
  auto fail = [why](const std::string& what) {
    if (why) *why = what;
    return false;
  };
  std::array<std::array<uint8_t, kNumPieceTypes>, 2> counts{};
  for (Square s = 0; s < kNumSquares; ++s) {
    const Piece p = board_[s];
    if (p == kNoPiece) continue;
    if (type_of(p) >= kNumPieceTypes) return fail("bad piece code on square " + std::to_string(s));
    ++counts[color_of(p)][type_of(p)];
    if (type_of(p) == kKing && kings_[color_of(p)] != s) return fail("general square is stale");
  }
  if (counts != counts_) return fail("piece counts differ from the board");
  for (Square s = 0; s < kNumSquares; ++s)
    if (bool(rank_bits_[rank_of(s)] >> file_of(s) & 1) != (board_[s] != kNoPiece) ||
        bool(file_bits_[file_of(s)] >> rank_of(s) & 1) != (board_[s] != kNoPiece))
      return fail("bit-rank or bit-file differs from the board on square " + std::to_string(s));
  if (compute_key() != key()) return fail("incremental key differs from the recomputed key");
  if (king_attacked(~side_)) return fail("the side not to move is in check");
  if (in_check() != king_attacked(side_)) return fail("the stored check flag is stale");
  return true;
}

}  // namespace splitlab::xiangqi
