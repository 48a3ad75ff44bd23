#include "engine/chess/position.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "engine/chess/movegen.h"
#include "hashing/zobrist.h"

namespace splitlab::chess {

namespace {

using Zobrist = hashing::ChessZobrist;

constexpr std::string_view kPieceChars = "PNBRQK";

// Castling rights lost when a piece moves from or to each square.
constexpr std::array<uint8_t, 64> make_castling_loss() {
  std::array<uint8_t, 64> loss{};
  loss[make_square(4, 0)] = kWhiteKingSide | kWhiteQueenSide;
  loss[make_square(7, 0)] = kWhiteKingSide;
  loss[make_square(0, 0)] = kWhiteQueenSide;
  loss[make_square(4, 7)] = kBlackKingSide | kBlackQueenSide;
  loss[make_square(7, 7)] = kBlackKingSide;
  loss[make_square(0, 7)] = kBlackQueenSide;
  return loss;
}
constexpr std::array<uint8_t, 64> kCastlingLoss = make_castling_loss();

char piece_char(Piece p) {
  char c = kPieceChars[type_of(p)];
  return color_of(p) == kWhite ? c : char(c - 'A' + 'a');
}

std::string square_name(Square s) {
  return {char('a' + file_of(s)), char('1' + rank_of(s))};
}

bool parse_count(const std::string& field, int max_value, int& value) {
  if (field.empty() || field.size() > 6) return false;
  value = 0;
  for (char c : field) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + (c - '0');
  }
  return value <= max_value;
}

// Material plus piece-square value of each piece on each square, White's positive, Black's
// negative (Black's squares mirrored), from the evaluation's weights.
struct MaterialAndSquares {
  Score2 value[16][64] = {};
  constexpr MaterialAndSquares() {
    for (int t = kPawn; t <= kKing; ++t)
      for (int s = 0; s < 64; ++s) {
        Score2 white = kEvalParams.material[t];
        white += kEvalParams.piece_square[t][s];
        Score2 black = kEvalParams.material[t];
        black += kEvalParams.piece_square[t][s ^ 56];
        value[make_piece(kWhite, PieceType(t))][s] = white;
        value[make_piece(kBlack, PieceType(t))][s] = black * -1;
      }
  }
};
constexpr MaterialAndSquares kMaterialAndSquares;

}  // namespace

void Position::put_piece(Piece p, Square s) {
  material_and_squares_ += kMaterialAndSquares.value[p][s];
  board_[s] = p;
  by_type_[type_of(p)] |= square_bb(s);
  by_color_[color_of(p)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
  Piece p = board_[s];
  material_and_squares_ -= kMaterialAndSquares.value[p][s];
  by_type_[type_of(p)] ^= square_bb(s);
  by_color_[color_of(p)] ^= square_bb(s);
  board_[s] = kNoPiece;
}

void Position::move_piece(Square from, Square to) {
  Piece p = board_[from];
  Bitboard from_to = square_bb(from) | square_bb(to);
  material_and_squares_ += kMaterialAndSquares.value[p][to];
  material_and_squares_ -= kMaterialAndSquares.value[p][from];
  by_type_[type_of(p)] ^= from_to;
  by_color_[color_of(p)] ^= from_to;
  board_[from] = kNoPiece;
  board_[to] = p;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(kBlack, s) & pieces(kWhite, kPawn)) |
         (pawn_attacks(kWhite, s) & pieces(kBlack, kPawn)) |
         (knight_attacks(s) & pieces(kKnight)) | (king_attacks(s) & pieces(kKing)) |
         (bishop_attacks(s, occupied) & pieces(kBishop, kQueen)) |
         (rook_attacks(s, occupied) & pieces(kRook, kQueen));
}

bool Position::gives_check(Move m) const {
  const Color us = side_;
  const Square king = king_square(~us);
  const Square from = m.from(), to = m.to();
  // The board after the move: the mover's colour without the piece that left `from` (it is
  // counted at `to` below), and the occupancy with every square the move empties or fills.
  Bitboard ours = pieces(us) ^ square_bb(from);
  Bitboard occupied = (pieces() ^ square_bb(from)) | square_bb(to);
  Bitboard direct = 0;
  if (m.kind() == Move::kCastling) {
    const bool king_side = to > from;
    const Square rook_from = king_side ? to + 1 : to - 2;
    const Square rook_to = king_side ? to - 1 : to + 1;
    ours ^= square_bb(rook_from);
    occupied = (occupied ^ square_bb(rook_from)) | square_bb(rook_to);
    direct = rook_attacks(rook_to, occupied);
  } else {
    if (m.kind() == Move::kEnPassant) occupied ^= square_bb(us == kWhite ? to - 8 : to + 8);
    const PieceType moved = m.kind() == Move::kPromotion ? m.promoted() : type_of(board_[from]);
    direct = moved == kPawn ? pawn_attacks(us, to) : piece_attacks(moved, to, occupied);
  }
  if (direct & square_bb(king)) return true;
  // Discovered: only a slider's line can open; the other pieces were not checking before.
  return (bishop_attacks(king, occupied) & ours & pieces(kBishop, kQueen)) ||
         (rook_attacks(king, occupied) & ours & pieces(kRook, kQueen));
}

bool Position::attacked_by(Color by, Square s, Bitboard occupied) const {
  const Bitboard theirs = pieces(by);
  return (pawn_attacks(~by, s) & theirs & pieces(kPawn)) ||
         (knight_attacks(s) & theirs & pieces(kKnight)) ||
         (king_attacks(s) & theirs & pieces(kKing)) ||
         (bishop_attacks(s, occupied) & theirs & pieces(kBishop, kQueen)) ||
         (rook_attacks(s, occupied) & theirs & pieces(kRook, kQueen));
}

bool Position::en_passant_capturable(Square ep_square) const {
  return pawn_attacks(~side_, ep_square) & pieces(side_, kPawn);
}

void Position::make_move(Move m) {
  State next = state();
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece moving = board_[from];
  uint64_t key = next.key ^ Zobrist::side();

  if (next.en_passant != kNoSquare) {
    key ^= Zobrist::en_passant(file_of(next.en_passant));
    next.en_passant = kNoSquare;
  }
  ++next.rule50;
  ++next.plies_from_null;
  next.captured = kNoPiece;

  if (m.kind() == Move::kCastling) {
    const bool king_side = to > from;
    const Square rook_from = king_side ? to + 1 : to - 2;
    const Square rook_to = king_side ? to - 1 : to + 1;
    const Piece rook = board_[rook_from];
    move_piece(from, to);
    move_piece(rook_from, rook_to);
    key ^= Zobrist::piece(moving, from) ^ Zobrist::piece(moving, to) ^
           Zobrist::piece(rook, rook_from) ^ Zobrist::piece(rook, rook_to);
  } else {
    if (m.kind() == Move::kEnPassant) {
      const Square captured_square = us == kWhite ? to - 8 : to + 8;
      next.captured = board_[captured_square];
      remove_piece(captured_square);
      key ^= Zobrist::piece(next.captured, captured_square);
      next.rule50 = 0;
    } else if (board_[to] != kNoPiece) {
      next.captured = board_[to];
      remove_piece(to);
      key ^= Zobrist::piece(next.captured, to);
      next.rule50 = 0;
    }
    move_piece(from, to);
    key ^= Zobrist::piece(moving, from) ^ Zobrist::piece(moving, to);
    if (type_of(moving) == kPawn) {
      next.rule50 = 0;
      if ((to ^ from) == 16) {
        const Square ep = (from + to) / 2;
        if (pawn_attacks(us, ep) & pieces(them, kPawn)) {
          next.en_passant = ep;
          key ^= Zobrist::en_passant(file_of(ep));
        }
      } else if (m.kind() == Move::kPromotion) {
        const Piece promoted = make_piece(us, m.promoted());
        remove_piece(to);
        put_piece(promoted, to);
        key ^= Zobrist::piece(moving, to) ^ Zobrist::piece(promoted, to);
      }
    }
  }

  const uint8_t castling = next.castling & ~(kCastlingLoss[from] | kCastlingLoss[to]);
  if (castling != next.castling) {
    key ^= Zobrist::castling(next.castling) ^ Zobrist::castling(castling);
    next.castling = castling;
  }

  side_ = them;
  ++game_ply_;
  next.key = key;
  next.checkers = attackers_to(king_square(them), pieces()) & pieces(us);
  states_.push_back(next);
}

void Position::unmake_move(Move m) {
  const Piece captured = state().captured;
  states_.pop_back();
  side_ = ~side_;
  --game_ply_;
  const Color us = side_;
  const Square from = m.from(), to = m.to();

  if (m.kind() == Move::kCastling) {
    const bool king_side = to > from;
    const Square rook_from = king_side ? to + 1 : to - 2;
    const Square rook_to = king_side ? to - 1 : to + 1;
    move_piece(to, from);
    move_piece(rook_to, rook_from);
    return;
  }
  if (m.kind() == Move::kPromotion) {
    remove_piece(to);
    put_piece(make_piece(us, kPawn), to);
  }
  move_piece(to, from);
  if (captured != kNoPiece) {
    const Square captured_square =
        m.kind() == Move::kEnPassant ? (us == kWhite ? to - 8 : to + 8) : to;
    put_piece(captured, captured_square);
  }
}

void Position::make_null_move() {
  State next = state();
  next.key ^= Zobrist::side();
  if (next.en_passant != kNoSquare) {
    next.key ^= Zobrist::en_passant(file_of(next.en_passant));
    next.en_passant = kNoSquare;
  }
  ++next.rule50;
  next.plies_from_null = 0;
  next.captured = kNoPiece;
  next.checkers = 0;  // Null moves are never made in check, so the mover leaves no check behind.
  side_ = ~side_;
  ++game_ply_;
  states_.push_back(next);
}

void Position::unmake_null_move() {
  states_.pop_back();
  side_ = ~side_;
  --game_ply_;
}

int Position::repetitions() const {
  const State& now = state();
  const int reach = std::min<int>(now.rule50, now.plies_from_null);
  const int last = int(states_.size()) - 1;
  int count = 0;
  for (int back = 4; back <= reach && last - back >= 0; back += 2) {
    if (states_[last - back].key == now.key) ++count;
  }
  return count;
}

bool Position::has_insufficient_material() const {
  if (pieces(kPawn, kRook) | pieces(kQueen)) return false;
  const Bitboard minors = pieces(kKnight, kBishop);
  if (!more_than_one(minors)) return true;
  if (pieces(kKnight)) return false;
  constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;
  const Bitboard bishops = pieces(kBishop);
  return (bishops & kDarkSquares) == 0 || (bishops & ~kDarkSquares) == 0;
}

bool Position::is_legal(Move m) const {
  MoveList legal;
  generate<GenType::kAll>(*this, legal);
  for (Move candidate : legal)
    if (candidate == m) return true;
  return false;
}

uint64_t Position::compute_key() const {
  uint64_t key = 0;
  for (Square s = 0; s < 64; ++s)
    if (board_[s] != kNoPiece) key ^= Zobrist::piece(board_[s], s);
  key ^= Zobrist::castling(state().castling);
  if (state().en_passant != kNoSquare) key ^= Zobrist::en_passant(file_of(state().en_passant));
  if (side_ == kBlack) key ^= Zobrist::side();
  return key;
}

Score2 Position::compute_material_and_squares() const {
  Score2 sum;
  for (Square s = 0; s < 64; ++s)
    if (board_[s] != kNoPiece) sum += kMaterialAndSquares.value[board_[s]][s];
  return sum;
}

bool Position::is_consistent(std::string* why) const {
  auto fail = [&](const std::string& reason) {
    if (why) *why = reason;
    return false;
  };
  std::array<Bitboard, kNumPieceTypes> types{};
  std::array<Bitboard, 2> colors{};
  for (Square s = 0; s < 64; ++s) {
    Piece p = board_[s];
    if (p == kNoPiece) continue;
    if (type_of(p) >= kNumPieceTypes) return fail("bad piece code on " + square_name(s));
    types[type_of(p)] |= square_bb(s);
    colors[color_of(p)] |= square_bb(s);
  }
  if (types != by_type_ || colors != by_color_) return fail("bitboards disagree with the board");
  if (popcount(pieces(kWhite, kKing)) != 1 || popcount(pieces(kBlack, kKing)) != 1)
    return fail("each side must have exactly one king");
  if (compute_key() != key()) return fail("incremental key differs from the recomputed key");
  if (compute_material_and_squares() != material_and_squares())
    return fail("incremental material and piece-square sum differs from the recomputed one");
  const Bitboard checkers = attackers_to(king_square(side_), pieces()) & pieces(~side_);
  if (checkers != state().checkers) return fail("stored checkers are wrong");
  if (attacked_by(side_, king_square(~side_), pieces()))
    return fail("the side not to move is in check");
  return true;
}

bool Position::parse_placement(const std::string& placement, Position& out, std::string& error) {
  int rank = 7, file = 0;
  for (char c : placement) {
    if (c == '/') {
      if (file != 8) {
        error = "FEN rank " + std::to_string(rank + 1) + " does not have 8 squares";
        return false;
      }
      if (rank == 0) {
        error = "FEN placement has more than 8 ranks: '" + placement + "'";
        return false;
      }
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      if (file > 8) {
        error = "FEN rank " + std::to_string(rank + 1) + " has more than 8 squares";
        return false;
      }
    } else {
      const size_t t = kPieceChars.find(char(std::toupper(static_cast<unsigned char>(c))));
      if (t == std::string_view::npos) {
        error = std::string("FEN placement has an unknown piece letter '") + c + "'";
        return false;
      }
      if (file > 7) {
        error = "FEN rank " + std::to_string(rank + 1) + " has more than 8 squares";
        return false;
      }
      const Color color = std::isupper(static_cast<unsigned char>(c)) ? kWhite : kBlack;
      out.put_piece(make_piece(color, PieceType(t)), make_square(file, rank));
      ++file;
    }
  }
  if (rank != 0 || file != 8) {
    error = "FEN placement must describe 8 ranks of 8 squares: '" + placement + "'";
    return false;
  }
  for (Color c : {kWhite, kBlack}) {
    if (popcount(out.pieces(c, kKing)) != 1) {
      error = std::string("FEN must have exactly one ") + (c == kWhite ? "white" : "black") +
              " king";
      return false;
    }
  }
  if (out.pieces(kPawn) & (kRank1 | kRank8)) {
    error = "FEN has a pawn on the first or last rank";
    return false;
  }
  return true;
}

bool Position::parse_castling(const std::string& castling, const Position& out, State& st,
                              std::string& error) {
  if (castling == "-") return true;
  for (char c : castling) {
    const size_t i = std::string_view("KQkq").find(c);
    if (i == std::string_view::npos) {
      error = std::string("FEN castling field has an unknown letter '") + c + "'";
      return false;
    }
    const Color color = i < 2 ? kWhite : kBlack;
    const int back_rank = color == kWhite ? 0 : 7;
    const Square rook_square = make_square(i % 2 == 0 ? 7 : 0, back_rank);
    if (out.board_[make_square(4, back_rank)] != make_piece(color, kKing) ||
        out.board_[rook_square] != make_piece(color, kRook)) {
      error = std::string("FEN castling right '") + c + "' needs the king and rook on " +
              square_name(make_square(4, back_rank)) + " and " + square_name(rook_square);
      return false;
    }
    st.castling |= uint8_t(1 << i);
  }
  return true;
}

bool Position::parse_en_passant(const std::string& ep, const Position& out, State& st,
                                std::string& error) {
  if (ep == "-") return true;
  const int ep_rank = out.side_ == kWhite ? 5 : 2;
  if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] != char('1' + ep_rank)) {
    error = "FEN en-passant square '" + ep + "' is not a square on rank " +
            std::to_string(ep_rank + 1);
    return false;
  }
  const Square ep_square = make_square(ep[0] - 'a', ep_rank);
  const Square pushed = out.side_ == kWhite ? ep_square - 8 : ep_square + 8;
  const Square origin = out.side_ == kWhite ? ep_square + 8 : ep_square - 8;
  if (out.board_[pushed] != make_piece(~out.side_, kPawn) || !out.empty(ep_square) ||
      !out.empty(origin)) {
    error = "FEN en-passant square '" + ep + "' does not follow a double pawn push";
    return false;
  }
  if (out.en_passant_capturable(ep_square)) st.en_passant = ep_square;
  return true;
}

bool Position::parse_fen(std::string_view fen, Position& out, std::string& error) {
  out = Position();
  std::istringstream in{std::string(fen)};
  std::string placement, side, castling, ep, halfmove = "0", fullmove = "1";
  if (!(in >> placement >> side >> castling >> ep)) {
    error = "FEN needs at least 4 fields (placement, side, castling, en passant): '" +
            std::string(fen) + "'";
    return false;
  }
  in >> halfmove >> fullmove;
  std::string extra;
  if (in >> extra) {
    error = "FEN has unexpected text after the move counters: '" + extra + "'";
    return false;
  }
  out.board_.fill(kNoPiece);
  if (!parse_placement(placement, out, error)) return false;
  if (side == "w") {
    out.side_ = kWhite;
  } else if (side == "b") {
    out.side_ = kBlack;
  } else {
    error = "FEN side to move must be 'w' or 'b', not '" + side + "'";
    return false;
  }
  State st;
  if (!parse_castling(castling, out, st, error) || !parse_en_passant(ep, out, st, error))
    return false;

  int rule50 = 0, fullmove_number = 1;
  if (!parse_count(halfmove, 9999, rule50)) {
    error = "FEN halfmove clock '" + halfmove + "' is not a number";
    return false;
  }
  if (!parse_count(fullmove, 99999, fullmove_number)) {
    error = "FEN fullmove number '" + fullmove + "' is not a number";
    return false;
  }
  st.rule50 = uint16_t(rule50);
  out.game_ply_ = 2 * (std::max(fullmove_number, 1) - 1) + (out.side_ == kBlack ? 1 : 0);

  if (out.attacked_by(out.side_, out.king_square(~out.side_), out.pieces())) {
    error = "FEN position is illegal: the side not to move is in check";
    return false;
  }
  st.checkers =
      out.attackers_to(out.king_square(out.side_), out.pieces()) & out.pieces(~out.side_);
  if (popcount(st.checkers) > 2) {
    error = "FEN position is illegal: more than two pieces give check";
    return false;
  }
  out.states_.reserve(256);
  out.states_.push_back(st);
  out.states_.back().key = out.compute_key();
  return true;
}

Position Position::from_fen(std::string_view fen) {
  Position pos;
  std::string error;
  if (!parse_fen(fen, pos, error)) {
    std::fprintf(stderr, "splitlab: built-in FEN rejected: %s\n", error.c_str());
    std::abort();
  }
  return pos;
}

std::string Position::fen() const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty_run = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = board_[make_square(file, rank)];
      if (p == kNoPiece) {
        ++empty_run;
        continue;
      }
      if (empty_run) out += char('0' + empty_run);
      empty_run = 0;
      out += piece_char(p);
    }
    if (empty_run) out += char('0' + empty_run);
    if (rank) out += '/';
  }
  out += side_ == kWhite ? " w " : " b ";
  const uint8_t castling = state().castling;
  if (!castling) out += '-';
  for (int i = 0; i < 4; ++i)
    if (castling & (1 << i)) out += "KQkq"[i];
  out += ' ';
  out += state().en_passant == kNoSquare ? "-" : square_name(state().en_passant);
  out += ' ' + std::to_string(state().rule50) + ' ' + std::to_string(1 + game_ply_ / 2);
  return out;
}

}  // namespace splitlab::chess
