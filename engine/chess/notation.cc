#include "engine/chess/notation.h"

#include "engine/chess/movegen.h"

namespace splitlab::chess {

namespace {
constexpr std::string_view kPieceLetters = "PNBRQK";

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }
}  // namespace

std::string square_to_string(Square s) { return {char('a' + file_of(s)), char('1' + rank_of(s))}; }

Square parse_square(std::string_view text) {
  if (text.size() != 2 || !is_file(text[0]) || !is_rank(text[1])) return kNoSquare;
  return make_square(text[0] - 'a', text[1] - '1');
}

std::string move_to_uci(Move m) {
  if (m.is_none()) return "0000";
  std::string out = square_to_string(m.from()) + square_to_string(m.to());
  if (m.kind() == Move::kPromotion) out += "nbrq"[m.promoted() - kKnight];
  return out;
}

Move parse_uci_move(const Position& pos, std::string_view text, std::string& error) {
  if (text.size() < 4 || text.size() > 5 || parse_square(text.substr(0, 2)) == kNoSquare ||
      parse_square(text.substr(2, 2)) == kNoSquare ||
      (text.size() == 5 && std::string_view("nbrq").find(text[4]) == std::string_view::npos)) {
    error = "'" + std::string(text) + "' is not a move in UCI notation (like e2e4 or e7e8q)";
    return Move::none();
  }
  MoveList legal;
  generate<GenType::kAll>(pos, legal);
  for (Move m : legal)
    if (move_to_uci(m) == text) return m;
  error = "'" + std::string(text) + "' is not a legal move in " + pos.fen();
  return Move::none();
}

std::string move_to_san(const Position& pos, Move m) {
  std::string out;
  const PieceType moving = type_of(pos.piece_on(m.from()));
  if (m.kind() == Move::kCastling) {
    out = m.to() > m.from() ? "O-O" : "O-O-O";
  } else {
    if (moving == kPawn) {
      if (pos.is_capture(m)) out += char('a' + file_of(m.from()));
    } else {
      out += kPieceLetters[moving];
      // Disambiguate by file, else rank, else both, among same-type pieces reaching `to`.
      MoveList legal;
      generate<GenType::kAll>(pos, legal);
      bool clash = false, same_file = false, same_rank = false;
      for (Move other : legal) {
        if (other == m || other.to() != m.to() || other.from() == m.from()) continue;
        if (type_of(pos.piece_on(other.from())) != moving) continue;
        clash = true;
        same_file |= file_of(other.from()) == file_of(m.from());
        same_rank |= rank_of(other.from()) == rank_of(m.from());
      }
      if (clash) {
        if (!same_file)
          out += char('a' + file_of(m.from()));
        else if (!same_rank)
          out += char('1' + rank_of(m.from()));
        else
          out += square_to_string(m.from());
      }
    }
    if (pos.is_capture(m)) out += 'x';
    out += square_to_string(m.to());
    if (m.kind() == Move::kPromotion) {
      out += '=';
      out += kPieceLetters[m.promoted()];
    }
  }
  Position after = pos;
  after.make_move(m);
  if (after.in_check()) {
    MoveList replies;
    generate<GenType::kAll>(after, replies);
    out += replies.empty() ? '#' : '+';
  }
  return out;
}

Move parse_san(const Position& pos, std::string_view text, std::string& error) {
  std::string san(text);
  while (!san.empty() && std::string_view("+#!?").find(san.back()) != std::string_view::npos)
    san.pop_back();
  MoveList legal;
  generate<GenType::kAll>(pos, legal);

  if (san == "O-O" || san == "0-0" || san == "O-O-O" || san == "0-0-0") {
    const bool king_side = san.size() == 3;
    for (Move m : legal)
      if (m.kind() == Move::kCastling && (m.to() > m.from()) == king_side) return m;
    error = "castling '" + std::string(text) + "' is not legal in " + pos.fen();
    return Move::none();
  }

  // Shape: [piece] [from-file] [from-rank] [x] to-square [=promotion].
  PieceType piece = kPawn;
  PieceType promotion = kNoPieceType;
  size_t i = 0;
  if (!san.empty() && std::string_view("NBRQK").find(san[0]) != std::string_view::npos) {
    piece = PieceType(kPieceLetters.find(san[0]));
    i = 1;
  }
  std::string body = san.substr(i);
  const size_t eq = body.find('=');
  if (eq != std::string::npos || (!body.empty() && piece == kPawn &&
                                  std::string_view("NBRQ").find(body.back()) != std::string_view::npos)) {
    const char letter = eq != std::string::npos && eq + 1 < body.size() ? body[eq + 1] : body.back();
    const size_t t = kPieceLetters.find(letter);
    if (t == std::string_view::npos || t == kPawn || t == kKing) {
      error = "'" + std::string(text) + "' has a bad promotion piece";
      return Move::none();
    }
    promotion = PieceType(t);
    body = body.substr(0, eq != std::string::npos ? eq : body.size() - 1);
  }
  std::erase(body, 'x');
  std::erase(body, '-');
  if (body.size() < 2 || body.size() > 4 || parse_square(body.substr(body.size() - 2)) == kNoSquare) {
    error = "'" + std::string(text) + "' is not a move in SAN (like Nf3, exd5, O-O, e8=Q)";
    return Move::none();
  }
  const Square to = parse_square(body.substr(body.size() - 2));
  const std::string from_hint = body.substr(0, body.size() - 2);
  int from_file = -1, from_rank = -1;
  for (char c : from_hint) {
    if (is_file(c))
      from_file = c - 'a';
    else if (is_rank(c))
      from_rank = c - '1';
    else {
      error = "'" + std::string(text) + "' is not a move in SAN (like Nf3, exd5, O-O, e8=Q)";
      return Move::none();
    }
  }

  Move found = Move::none();
  int matches = 0;
  for (Move m : legal) {
    if (m.to() != to || type_of(pos.piece_on(m.from())) != piece) continue;
    if (m.kind() == Move::kCastling) continue;
    if (from_file >= 0 && file_of(m.from()) != from_file) continue;
    if (from_rank >= 0 && rank_of(m.from()) != from_rank) continue;
    const PieceType promoted = m.kind() == Move::kPromotion ? m.promoted() : kNoPieceType;
    if (promoted != promotion) continue;
    found = m;
    ++matches;
  }
  if (matches == 1) return found;
  error = "'" + std::string(text) + (matches == 0 ? "' is not a legal move in "
                                                  : "' is ambiguous in ") + pos.fen();
  return Move::none();
}

}  // namespace splitlab::chess
