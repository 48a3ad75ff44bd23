#include "engine/chess/movegen.h"

#include "engine/chess/bitboard.h"
#include "engine/chess/position.h"

namespace splitlab::chess {
namespace {

// The pieces, of either colour, that each stand alone between `king` and a slider of colour
// `sliders` on its line: pinned pieces when the sliders are the enemy's, pieces that would
// check by discovery when they are ours.
inline Bitboard lone_blockers(const Position& pos, Square king, Color sliders, Bitboard occupied) {
  Bitboard result = 0;
  Bitboard snipers = (rook_attacks(king, 0) & pos.pieces(sliders, kRook, kQueen)) |
                     (bishop_attacks(king, 0) & pos.pieces(sliders, kBishop, kQueen));
  while (snipers) {
    const Square sniper = pop_lsb(snipers);
    const Bitboard blockers = between_bb(king, sniper) & occupied & ~square_bb(sniper);
    if (blockers && !more_than_one(blockers)) result |= blockers;
  }
  return result;
}

// Receives generated moves: ListSink writes them out, CountSink only counts them.
struct ListSink {
  Move* cursor;

  void add(Square from, Bitboard targets) {
    while (targets) *cursor++ = Move(from, pop_lsb(targets));
  }
  template <int Delta>
  void add_pawn_moves(Bitboard targets) {
    while (targets) {
      const Square to = pop_lsb(targets);
      *cursor++ = Move(to - Delta, to);
    }
  }
  template <int Delta>
  void add_promotions(Bitboard targets) {
    while (targets) {
      const Square to = pop_lsb(targets);
      for (PieceType t : {kQueen, kRook, kBishop, kKnight})
        *cursor++ = Move(to - Delta, to, Move::kPromotion, t);
    }
  }
  void add_move(Move m) { *cursor++ = m; }
};

struct CountSink {
  int count = 0;

  void add(Square, Bitboard targets) { count += popcount(targets); }
  template <int Delta>
  void add_pawn_moves(Bitboard targets) {
    count += popcount(targets);
  }
  template <int Delta>
  void add_promotions(Bitboard targets) {
    count += 4 * popcount(targets);
  }
  void add_move(Move) { ++count; }
};

// `target_mask` limits every pawn move (type, check and pin masks); `push_mask` limits pushes
// that promote (check and pin masks only: kTactical's type mask holds no empty squares, yet a
// promotion is tactical even when it captures nothing).
template <Color Us, GenType Type, typename Sink>
void generate_pawn_moves(const Position& pos, Bitboard pawns, Bitboard target_mask,
                         Bitboard push_mask, Sink& sink) {
  constexpr Color Them = ~Us;
  constexpr int Up = Us == kWhite ? 8 : -8;
  constexpr int UpWest = Us == kWhite ? 7 : -9;
  constexpr int UpEast = Us == kWhite ? 9 : -7;
  constexpr Bitboard kDoublePushRank = Us == kWhite ? kRank3 : kRank6;
  constexpr Bitboard kPromotionFrom = Us == kWhite ? kRank7 : kRank2;

  const Bitboard empty = ~pos.pieces();
  const Bitboard enemies = pos.pieces(Them) & target_mask;
  const Bitboard promoting = pawns & kPromotionFrom;
  const Bitboard others = pawns & ~kPromotionFrom;

  if constexpr (Type != GenType::kTactical) {
    const Bitboard single = shift<Up>(others) & empty;
    const Bitboard twice = shift<Up>(single & kDoublePushRank) & empty;
    sink.template add_pawn_moves<Up>(single & target_mask);
    sink.template add_pawn_moves<2 * Up>(twice & target_mask);
  }
  if constexpr (Type != GenType::kQuiet) {
    sink.template add_pawn_moves<UpWest>(shift<UpWest>(others) & enemies);
    sink.template add_pawn_moves<UpEast>(shift<UpEast>(others) & enemies);
    if (promoting) {
      sink.template add_promotions<Up>(shift<Up>(promoting) & empty & push_mask);
      sink.template add_promotions<UpWest>(shift<UpWest>(promoting) & enemies);
      sink.template add_promotions<UpEast>(shift<UpEast>(promoting) & enemies);
    }
  }
}

// En passant is checked in full (it removes two pieces from a line at once, so pins and
// discovered checks through the captured pawn need the real occupancy).
template <Color Us, typename Sink>
void generate_en_passant(const Position& pos, Square king, Sink& sink) {
  constexpr Color Them = ~Us;
  const Square ep = pos.en_passant_square();
  if (ep == kNoSquare) return;
  const Square captured = Us == kWhite ? ep - 8 : ep + 8;
  for (Bitboard capturers = pawn_attacks(Them, ep) & pos.pieces(Us, kPawn); capturers;) {
    const Square from = pop_lsb(capturers);
    const Bitboard occupied =
        (pos.pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
    const Bitboard attackers = pos.attackers_to(king, occupied) & pos.pieces(Them) &
                               ~square_bb(captured);
    if (!attackers) sink.add_move(Move(from, ep, Move::kEnPassant));
  }
}

template <Color Us, typename Sink>
void generate_castling(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  constexpr int Base = Us == kWhite ? 0 : 56;
  constexpr uint8_t KingSide = Us == kWhite ? kWhiteKingSide : kBlackKingSide;
  constexpr uint8_t QueenSide = Us == kWhite ? kWhiteQueenSide : kBlackQueenSide;
  const uint8_t rights = pos.castling_rights();
  const Bitboard occupied = pos.pieces();
  if ((rights & KingSide) && !(occupied & (square_bb(Base + 5) | square_bb(Base + 6))) &&
      !pos.attacked_by(Them, Base + 5, occupied) && !pos.attacked_by(Them, Base + 6, occupied))
    sink.add_move(Move(Base + 4, Base + 6, Move::kCastling));
  if ((rights & QueenSide) &&
      !(occupied & (square_bb(Base + 1) | square_bb(Base + 2) | square_bb(Base + 3))) &&
      !pos.attacked_by(Them, Base + 3, occupied) && !pos.attacked_by(Them, Base + 2, occupied))
    sink.add_move(Move(Base + 4, Base + 2, Move::kCastling));
}

template <Color Us, GenType Type, typename Sink>
void generate_legal(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  const Bitboard ours = pos.pieces(Us);
  const Bitboard occupied = pos.pieces();
  const Square king = pos.king_square(Us);
  const Bitboard checkers = pos.checkers();
  const Bitboard type_mask = Type == GenType::kAll      ? ~ours
                             : Type == GenType::kTactical ? pos.pieces(Them)
                                                          : ~occupied;

  // King: every target square is tested with the king lifted off the board, so that it cannot
  // hide behind itself on a slider's line.
  {
    Bitboard targets = king_attacks(king) & type_mask;
    const Bitboard without_king = occupied ^ square_bb(king);
    Bitboard safe = 0;
    while (targets) {
      const Square to = pop_lsb(targets);
      if (!pos.attacked_by(Them, to, without_king)) safe |= square_bb(to);
    }
    sink.add(king, safe);
  }
  if (more_than_one(checkers)) return;

  // Moves of the other pieces must capture the checker or block its line.
  const Bitboard check_mask = checkers ? between_bb(king, lsb(checkers)) : ~Bitboard(0);
  const Bitboard target = type_mask & check_mask;

  // A piece is pinned when it stands alone between our king and an enemy slider on its line.
  const Bitboard pinned = lone_blockers(pos, king, Them, occupied) & ours;

  for (Bitboard b = pos.pieces(Us, kKnight) & ~pinned; b;) {
    const Square s = pop_lsb(b);
    sink.add(s, knight_attacks(s) & target);
  }
  for (Bitboard b = pos.pieces(Us, kBishop) & ~pinned; b;) {
    const Square s = pop_lsb(b);
    sink.add(s, bishop_attacks(s, occupied) & target);
  }
  for (Bitboard b = pos.pieces(Us, kRook) & ~pinned; b;) {
    const Square s = pop_lsb(b);
    sink.add(s, rook_attacks(s, occupied) & target);
  }
  for (Bitboard b = pos.pieces(Us, kQueen) & ~pinned; b;) {
    const Square s = pop_lsb(b);
    sink.add(s, queen_attacks(s, occupied) & target);
  }
  generate_pawn_moves<Us, Type>(pos, pos.pieces(Us, kPawn) & ~pinned, target, check_mask, sink);

  // A pinned piece moves only along its pin line, and never helps against a check.
  if (pinned && !checkers) {
    for (Bitboard b = pinned & ~pos.pieces(kPawn); b;) {
      const Square s = pop_lsb(b);
      sink.add(s, piece_attacks(type_of(pos.piece_on(s)), s, occupied) & target &
                      line_bb(king, s));
    }
    for (Bitboard b = pinned & pos.pieces(kPawn); b;) {
      const Square s = pop_lsb(b);
      generate_pawn_moves<Us, Type>(pos, square_bb(s), target & line_bb(king, s),
                                    check_mask & line_bb(king, s), sink);
    }
  }

  if constexpr (Type != GenType::kQuiet) generate_en_passant<Us>(pos, king, sink);
  if constexpr (Type != GenType::kTactical) {
    if (!checkers && (pos.castling_rights() & (Us == kWhite ? 3 : 12)))
      generate_castling<Us>(pos, sink);
  }
}

template <GenType Type, typename Sink>
void dispatch(const Position& pos, Sink& sink) {
  if (pos.side_to_move() == kWhite)
    generate_legal<kWhite, Type>(pos, sink);
  else
    generate_legal<kBlack, Type>(pos, sink);
}

}  // namespace

template <GenType Type>
void generate(const Position& pos, MoveList& list) {
  ListSink sink{list.end()};
  dispatch<Type>(pos, sink);
  list.extend_to(sink.cursor);
}

template void generate<GenType::kAll>(const Position&, MoveList&);
template void generate<GenType::kTactical>(const Position&, MoveList&);
template void generate<GenType::kQuiet>(const Position&, MoveList&);

int count_legal_moves(const Position& pos) {
  CountSink sink;
  dispatch<GenType::kAll>(pos, sink);
  return sink.count;
}

namespace {

// Whether the quiet, non-castling move from -> to leaves the mover's king safe (the mover is not
// in check): the king must not step onto an attacked square, and another piece must not open a
// slider's line to it.
bool quiet_move_keeps_king_safe(const Position& pos, Square from, Square to) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  const Bitboard occupied = (pos.pieces() ^ square_bb(from)) | square_bb(to);
  if (from == king) return !pos.attacked_by(~us, to, occupied);
  return !(bishop_attacks(king, occupied) & pos.pieces(~us, kBishop, kQueen)) &&
         !(rook_attacks(king, occupied) & pos.pieces(~us, kRook, kQueen));
}

}  // namespace

void generate_quiet_checks(const Position& pos, MoveList& list) {
  const Color us = pos.side_to_move();
  const Square enemy_king = pos.king_square(~us);
  const Bitboard occupied = pos.pieces();
  const Bitboard empty = ~occupied;
  // Our pieces that alone stand between one of our sliders and the enemy king: any move of
  // theirs off that line checks by discovery.
  const Bitboard discoverers = lone_blockers(pos, enemy_king, us, occupied) & pos.pieces(us);
  auto add = [&](Square from, Square to) {
    const Move m(from, to);
    if (quiet_move_keeps_king_safe(pos, from, to) && pos.gives_check(m)) list.push_back(m);
  };
  // Pawns: single and double pushes that do not promote (promotions are tactical).
  const int push = us == kWhite ? 8 : -8;
  const Bitboard last_rank = us == kWhite ? kRank8 : kRank1;
  const Bitboard double_rank = us == kWhite ? kRank2 : kRank7;
  Bitboard pawns = pos.pieces(us, kPawn);
  const Bitboard pawn_checks = pawn_attacks(~us, enemy_king);
  while (pawns) {
    const Square from = pop_lsb(pawns);
    const Square one = from + push;
    if (!(empty & square_bb(one)) || (square_bb(one) & last_rank)) continue;
    const bool discoverer = discoverers & square_bb(from);
    if (discoverer || (pawn_checks & square_bb(one))) add(from, one);
    const Square two = one + push;
    if ((square_bb(from) & double_rank) && (empty & square_bb(two)) &&
        (discoverer || (pawn_checks & square_bb(two))))
      add(from, two);
  }
  // Knights, bishops, rooks, queens and the king: a discoverer may go anywhere (gives_check
  // drops a move along the line); the others only to squares that attack the king.
  for (PieceType type : {kKnight, kBishop, kRook, kQueen, kKing}) {
    const Bitboard checking_squares =
        type == kKing ? 0 : piece_attacks(type, enemy_king, occupied);
    Bitboard pieces = pos.pieces(us, type);
    while (pieces) {
      const Square from = pop_lsb(pieces);
      Bitboard targets = piece_attacks(type, from, occupied) & empty;
      if (!(discoverers & square_bb(from))) targets &= checking_squares;
      while (targets) add(from, pop_lsb(targets));
    }
  }
  // Castling: only when the castled rook would check, the full legality test (rare).
  const Square king_from = pos.king_square(us);
  const uint8_t rights = pos.castling_rights() &
                         (us == kWhite ? kWhiteKingSide | kWhiteQueenSide
                                       : kBlackKingSide | kBlackQueenSide);
  for (const bool king_side : {true, false}) {
    if (!(rights & (us == kWhite ? (king_side ? kWhiteKingSide : kWhiteQueenSide)
                                 : (king_side ? kBlackKingSide : kBlackQueenSide))))
      continue;
    const Move m(king_from, king_side ? king_from + 2 : king_from - 2, Move::kCastling);
    const Square rook_to = king_side ? king_from + 1 : king_from - 1;
    const Bitboard after = (occupied ^ square_bb(king_from)) | square_bb(m.to());
    if ((rook_attacks(rook_to, after) & square_bb(enemy_king)) && pos.is_legal(m) &&
        pos.gives_check(m))
      list.push_back(m);
  }
}

}  // namespace splitlab::chess
