#include "engine/protocol/pgn.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <memory>
#include <sstream>

#include "engine/games/game_info.h"

namespace splitlab::protocol {

namespace {

constexpr std::array<std::string_view, 7> kSevenTagRoster = {"Event", "Site",  "Date",  "Round",
                                                             "White", "Black", "Result"};
// The standard's values for an unknown tag of the roster.
constexpr std::array<std::string_view, 7> kRosterDefaults = {"?", "?", "????.??.??", "?",
                                                             "?", "?", "*"};
// Export format keeps lines under 80 characters.
constexpr size_t kMaxLineLength = 79;

bool is_result(std::string_view token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

bool is_roster_tag(std::string_view name) {
  return std::find(kSevenTagRoster.begin(), kSevenTagRoster.end(), name) != kSevenTagRoster.end();
}

bool is_symbol_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

const std::string* find_tag(const std::vector<std::pair<std::string, std::string>>& tags,
                            std::string_view name) {
  for (const auto& [tag, value] : tags)
    if (tag == name) return &value;
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Writing

bool check_tag(const std::string& name, const std::string& value, std::string& error) {
  if (name.empty() || !std::all_of(name.begin(), name.end(), is_symbol_char)) {
    error = "tag name '" + name + "' is not a PGN symbol (letters, digits, '_')";
    return false;
  }
  for (char c : value)
    if (static_cast<unsigned char>(c) < 0x20) {
      error = "tag " + name + " has a control character (a tag value is one line)";
      return false;
    }
  return true;
}

void append_tag(std::string_view name, std::string_view value, std::string& out) {
  out += '[';
  out += name;
  out += " \"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += "\"]\n";
}

// Adds "{text}" to `units` word by word, so that a long comment can wrap; whitespace inside
// collapses to single spaces, which is all a reader sees of it anyway.
bool append_comment(std::string_view text, std::vector<std::string>& units, std::string& error) {
  if (text.find('}') != std::string_view::npos) {
    error = "comment '" + std::string(text) + "' holds '}', which would end it early";
    return false;
  }
  std::istringstream words{std::string(text)};
  std::vector<std::string> comment;
  for (std::string word; words >> word;) comment.push_back(word);
  if (comment.empty()) return true;
  comment.front().insert(0, "{");
  comment.back() += '}';
  units.insert(units.end(), comment.begin(), comment.end());
  return true;
}

// Joins units with single spaces into lines of at most kMaxLineLength characters. A unit longer
// than a line (only a very long comment word can be) is cut.
void append_wrapped(const std::vector<std::string>& units, std::string& out) {
  std::string line;
  for (std::string_view unit : units) {
    if (!line.empty() && line.size() + 1 + unit.size() > kMaxLineLength) {
      out += line + '\n';
      line.clear();
    }
    while (unit.size() > kMaxLineLength) {
      if (!line.empty()) out += line + '\n';
      line.clear();
      out += std::string(unit.substr(0, kMaxLineLength)) + '\n';
      unit.remove_prefix(kMaxLineLength);
    }
    if (!line.empty()) line += ' ';
    line += unit;
  }
  if (!line.empty()) out += line + '\n';
}

// ---------------------------------------------------------------------------------------------
// Reading

// A square: a file letter a..i and a rank of one or two digits (xiangqi's 1..10 or 0..9).
size_t coordinate_square_length(std::string_view text) {
  if (text.size() < 2 || text[0] < 'a' || text[0] > 'i' || !std::isdigit((unsigned char)text[1]))
    return 0;
  return text.size() > 2 && std::isdigit(static_cast<unsigned char>(text[2])) ? 3 : 2;
}

bool is_coordinate_move(std::string_view token) {
  const size_t from = coordinate_square_length(token);
  if (from == 0) return false;
  const size_t to = coordinate_square_length(token.substr(from));
  return to != 0 && from + to == token.size();
}

class PgnReader {
 public:
  explicit PgnReader(std::string_view text) : text_(text) {
    if (text_.starts_with("\xEF\xBB\xBF")) text_.remove_prefix(3);  // A UTF-8 byte-order mark.
  }

  bool read_all(std::vector<PgnLine>& games, std::string& error) {
    games.clear();
    for (;;) {
      skip_space();
      if (at_end()) return true;
      ++game_number_;
      PgnLine game;
      if (!read_tags(game, error) || !read_movetext(game, error)) return false;
      games.push_back(std::move(game));
    }
  }

 private:
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }

  void advance() {
    if (text_[pos_] == '\n') ++line_;
    ++pos_;
  }

  bool fail(std::string what, std::string& error) const {
    error = "game " + std::to_string(game_number_) + " (line " + std::to_string(token_line_) +
            "): " + what;
    return false;
  }

  // Whitespace (CR included) and `%` escape lines, which reach to the end of their line.
  void skip_space() {
    while (!at_end()) {
      const char c = peek();
      if (c == '%' && (pos_ == 0 || text_[pos_ - 1] == '\n')) {
        while (!at_end() && peek() != '\n') advance();
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        advance();
      } else {
        break;
      }
    }
    token_line_ = line_;
  }

  bool read_tags(PgnLine& game, std::string& error) {
    while (!at_end() && peek() == '[') {
      advance();
      while (!at_end() && (peek() == ' ' || peek() == '\t')) advance();
      std::string name;
      while (!at_end() && is_symbol_char(peek())) {
        name += peek();
        advance();
      }
      if (name.empty()) return fail("a tag pair '[' without a tag name", error);
      while (!at_end() && (peek() == ' ' || peek() == '\t')) advance();
      if (at_end() || peek() != '"') return fail("tag " + name + " has no quoted value", error);
      advance();
      std::string value;
      for (;;) {
        if (at_end() || peek() == '\n' || peek() == '\r')
          return fail("tag " + name + " has an unterminated value (no closing '\"')", error);
        const char c = peek();
        advance();
        if (c == '"') break;
        if (c == '\\' && !at_end() && (peek() == '"' || peek() == '\\')) {
          value += peek();
          advance();
        } else {
          value += c;
        }
      }
      while (!at_end() && (peek() == ' ' || peek() == '\t')) advance();
      if (at_end() || peek() != ']') return fail("tag " + name + " is not closed by ']'", error);
      advance();
      game.tags.emplace_back(std::move(name), std::move(value));
      skip_space();
    }
    return set_up_start(game, error);
  }

  bool set_up_start(PgnLine& game, std::string& error) {
    game.game = kDefaultGame;
    if (const std::string* variant = find_tag(game.tags, "Variant")) {
      std::string lower = *variant;
      for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
      std::string why;
      if (!parse_game(lower, game.game, why))
        return fail("variant '" + *variant + "' is not supported (" + game_names() + ")", error);
    }
    referee_ = make_referee(game.game);
    const std::string* fen = find_tag(game.tags, "FEN");
    if (!referee_->has_san()) {
      // No SAN in this game: the moves are kept as written, for the caller to play.
      if (!fen)
        return fail("a " + std::string(game_info(game.game).name) + " game needs a FEN tag",
                    error);
      game.start_fen = *fen;
      return true;
    }
    std::string why;
    if (!referee_->reset(fen ? std::string_view(*fen) : referee_->standard_start(), why))
      return fail("bad FEN tag \"" + *fen + "\": " + why, error);
    if (fen) game.start_fen = *fen;
    return true;
  }

  // Moves up to the result, the next tag section or the end of the text.
  bool read_movetext(PgnLine& game, std::string& error) {
    game.result = "*";
    int variation_depth = 0;
    int variation_line = 0;
    for (;;) {
      skip_space();
      if (at_end()) break;
      const char c = peek();
      if (c == '[' && variation_depth == 0) {
        // Comments before the first tag belong to this game's tag section, not to a game of
        // their own.
        if (!game.tags.empty() || !game.uci_moves.empty()) break;
        if (!read_tags(game, error)) return false;
        continue;
      }
      if (c == '[') {
        token_line_ = variation_line;
        return fail("a variation '(' is never closed", error);
      }
      if (c == '{') {
        while (!at_end() && peek() != '}') advance();
        if (at_end()) return fail("a comment '{' is never closed", error);
        advance();
      } else if (c == ';') {
        while (!at_end() && peek() != '\n') advance();
      } else if (c == '(') {
        if (variation_depth++ == 0) variation_line = line_;
        advance();
      } else if (c == ')') {
        if (variation_depth == 0) return fail("')' without a variation to close", error);
        --variation_depth;
        advance();
      } else if (c == '}') {
        return fail("'}' without a comment to close", error);
      } else if (c == '$') {
        advance();
        if (at_end() || !std::isdigit(static_cast<unsigned char>(peek())))
          return fail("'$' without a NAG number", error);
        while (!at_end() && std::isdigit(static_cast<unsigned char>(peek()))) advance();
      } else {
        const std::string token = read_token();
        if (variation_depth > 0) continue;  // Variations are read over, not played.
        if (is_result(token)) {
          game.result = token;
          return true;
        }
        if (!play_token(token, game, error)) return false;
      }
    }
    if (variation_depth > 0) {
      token_line_ = variation_line;
      return fail("a variation '(' is never closed", error);
    }
    return true;
  }

  std::string read_token() {
    std::string token;
    while (!at_end()) {
      const char c = peek();
      if (std::isspace(static_cast<unsigned char>(c)) ||
          std::string_view("{}();[$").find(c) != std::string_view::npos)
        break;
      token += c;
      advance();
    }
    return token;
  }

  // A move, possibly behind its number ("12.e4"), or a number or annotation glyph alone.
  bool play_token(std::string_view token, PgnLine& game, std::string& error) {
    const std::string_view whole = token;
    size_t digits = 0;
    while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits])))
      ++digits;
    if (digits == token.size()) return true;  // A move number written without its period.
    if (digits > 0 && token[digits] == '.') token.remove_prefix(digits);
    while (!token.empty() && token.front() == '.') token.remove_prefix(1);
    if (token.empty() || token.find_first_not_of("!?") == std::string_view::npos) return true;
    if (token == "--" || token == "Z0" || token == "@@@@")
      return fail("null move '" + std::string(whole) + "' is not supported", error);
    if (!referee_->has_san()) {
      if (!is_coordinate_move(token))
        return fail("'" + std::string(whole) + "' is not a coordinate move (like h3e3)", error);
      game.uci_moves.emplace_back(token);
      return true;
    }
    if (token.ends_with("e.p.")) token.remove_suffix(4);
    std::string why;
    const std::string move = referee_->move_of_san(token, why);
    if (move.empty() || !referee_->play(move))
      return fail("move " + std::to_string(referee_->move_number()) +
                      (referee_->side_to_move() == 0 ? ". " : "... ") + std::string(whole) +
                      ": " + (why.empty() ? "not legal here" : why),
                  error);
    game.uci_moves.push_back(move);
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
  int line_ = 1;
  int token_line_ = 1;  // Where the token being read began, for errors.
  int game_number_ = 0;
  // The game being read, by its rules: its moves are read from SAN by playing them, unless
  // the game has no SAN (its moves are then kept in coordinates, as written).
  std::unique_ptr<GameReferee> referee_;
};

}  // namespace

namespace {

// Where a coordinate game's (xiangqi's) move numbers start: from its FEN's side and move
// number fields.
struct CoordinateStart {
  bool black_first = false;
  int first_number = 1;
};

// The tag section: the Seven Tag Roster in its order (defaults for those not given), SetUp and
// FEN for a game from another start, then the other tags; with the blank line after it.
bool write_tags(const PgnGame& game, const GameReferee& referee, std::string& text,
                std::string& error) {
  for (size_t i = 0; i < kSevenTagRoster.size(); ++i) {
    const std::string* value = find_tag(game.tags, kSevenTagRoster[i]);
    if (kSevenTagRoster[i] == "Result") {
      if (value && *value != game.result) {
        error = "the Result tag '" + *value + "' differs from the result '" + game.result + "'";
        return false;
      }
      value = &game.result;
    }
    if (value && !check_tag(std::string(kSevenTagRoster[i]), *value, error)) return false;
    append_tag(kSevenTagRoster[i], value ? std::string_view(*value) : kRosterDefaults[i], text);
  }
  if (!game.start_fen.empty()) {
    append_tag("SetUp", "1", text);
    append_tag("FEN", game.coordinate_moves ? game.start_fen : referee.start_fen(), text);
  }
  for (const auto& [name, value] : game.tags) {
    if (is_roster_tag(name) || name == "FEN" || name == "SetUp") continue;
    if (!check_tag(name, value, error)) return false;
    append_tag(name, value, text);
  }
  text += '\n';
  return true;
}

// The movetext's units: a move and its number form one unit, so that a line never ends between
// them; each move's comment follows it. Moves are checked and written in SAN by `referee`, or
// (coordinate moves) as given.
bool move_units(const PgnGame& game, GameReferee& referee, const CoordinateStart& start,
                std::vector<std::string>& units, std::string& error) {
  bool after_comment = false;
  // One comment after the last move, as cutechess writes it ("{+M1/127 0.00s, White mates}"):
  // two in a row there is legal PGN, but chess.js rejects it, and with it the whole game.
  const bool final_joins_last = !game.final_comment.empty() && !game.moves.empty() &&
                                !game.moves.back().comment.empty();
  const auto comment_of = [&](size_t ply) {
    const std::string& own = game.moves[ply].comment;
    return final_joins_last && ply + 1 == game.moves.size() ? own + ", " + game.final_comment
                                                            : own;
  };
  for (size_t ply = 0; ply < game.moves.size(); ++ply) {
    const PgnMove& pgn_move = game.moves[ply];
    std::string why, unit, move_text;
    int move_number = 0;
    bool white = false;
    if (game.coordinate_moves) {
      const size_t count = ply + (start.black_first ? 1 : 0);  // Plies from a White move.
      move_number = start.first_number + int(count / 2);
      white = count % 2 == 0;
      if (pgn_move.uci.empty() ||
          pgn_move.uci.find_first_of(" \t{}()[];.\"") != std::string::npos) {
        error = "ply " + std::to_string(ply + 1) + ": '" + pgn_move.uci +
                "' is not a coordinate move";
        return false;
      }
      move_text = pgn_move.uci;
    } else {
      move_text = referee.san_of(pgn_move.uci, why);
      move_number = referee.move_number();
      white = referee.side_to_move() == 0;
      if (move_text.empty() || !referee.play(pgn_move.uci)) {
        error = "ply " + std::to_string(ply + 1) + " '" + pgn_move.uci + "': " +
                (why.empty() ? "not legal here" : why);
        return false;
      }
    }
    if (white)
      unit = std::to_string(move_number) + ". ";
    else if (ply == 0 || after_comment)
      unit = std::to_string(move_number) + "... ";
    units.push_back(unit + move_text);
    const size_t units_before = units.size();
    if (!append_comment(comment_of(ply), units, why)) {
      error = "ply " + std::to_string(ply + 1) + " '" + pgn_move.uci + "': " + why;
      return false;
    }
    after_comment = units.size() != units_before;
  }
  return final_joins_last || append_comment(game.final_comment, units, error);
}

}  // namespace

bool write_pgn(const PgnGame& game, std::string& out, std::string& error) {
  if (!is_result(game.result)) {
    error = "result '" + game.result + "' is not one of 1-0, 0-1, 1/2-1/2, *";
    return false;
  }
  const std::unique_ptr<GameReferee> referee = make_referee(game.game);
  CoordinateStart start;
  if (game.coordinate_moves) {
    // The game's own FEN reader says whose move it is (its side field need not be w or b); the
    // move number is the sixth field where the FEN has one (chess's and xiangqi's), else 1.
    if (game.start_fen.empty()) {
      error = "a coordinate game needs its start FEN";
      return false;
    }
    if (!referee->reset(game.start_fen, error)) {
      error = "bad start FEN '" + game.start_fen + "': " + error;
      return false;
    }
    start.black_first = referee->side_to_move() == 1;
    std::istringstream fields(game.start_fen);
    std::string skip;
    fields >> skip >> skip >> skip >> skip >> skip >> start.first_number;
    if (!fields || start.first_number < 1) start.first_number = 1;
  } else if (!referee->has_san()) {
    error = "a " + std::string(game_info(game.game).name) +
            " game has no SAN: its moves are written as coordinates (coordinate_moves)";
    return false;
  } else if (!referee->reset(game.start_fen.empty() ? referee->standard_start()
                                                      : std::string_view(game.start_fen),
                             error)) {
    error = "bad start FEN '" + game.start_fen + "': " + error;
    return false;
  }
  std::string text;
  if (!write_tags(game, *referee, text, error)) return false;
  std::vector<std::string> units;
  if (!move_units(game, *referee, start, units, error)) return false;
  units.push_back(game.result);
  append_wrapped(units, text);
  text += '\n';
  out += text;
  return true;
}

bool read_pgn(std::string_view text, std::vector<PgnLine>& games, std::string& error) {
  return PgnReader(text).read_all(games, error);
}

bool read_pgn_file(const std::string& path, std::vector<PgnLine>& games, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read PGN file '" + path + "'";
    return false;
  }
  std::ostringstream contents;
  contents << in.rdbuf();
  if (!read_pgn(contents.str(), games, error)) {
    error = path + ": " + error;
    return false;
  }
  return true;
}

}  // namespace splitlab::protocol
