#include "bench/match/openings.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <memory>
#include <sstream>

#include "bench/book/default_book.h"
#include "engine/games/game_info.h"
#include "engine/protocol/epd.h"
#include "engine/protocol/pgn.h"

namespace splitlab::bench::match {

namespace {

bool read_file(const std::string& path, std::string& text, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read openings file '" + path + "'";
    return false;
  }
  std::ostringstream contents;
  contents << in.rdbuf();
  text = contents.str();
  return true;
}

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// SplitMix64: a tiny generator whose output is fixed by its definition, so a seed means the
// same order everywhere.
uint64_t split_mix(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

bool parse_opening_settings(const std::vector<std::string>& words, OpeningSettings& out,
                            std::string& error) {
  for (const auto& word : words) {
    const size_t eq = word.find('=');
    const std::string key = word.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : word.substr(eq + 1);
    auto read_int = [&](int min, int& field) {
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), field);
      if (ec == std::errc() && end == value.data() + value.size() && field >= min) return true;
      error =
          "bad value '" + word + "' in --openings: expected an integer from " + std::to_string(min);
      return false;
    };
    if (eq == std::string::npos || value.empty()) {
      error = "bad word '" + word + "' in --openings: expected key=value";
      return false;
    }
    if (key == "file") {
      out.file = value;
    } else if (key == "format") {
      if (value != "epd" && value != "pgn") {
        error = "bad value '" + word + "' in --openings: format is epd or pgn";
        return false;
      }
      out.format = value;
    } else if (key == "order") {
      if (value != "sequential" && value != "random") {
        error = "bad value '" + word + "' in --openings: order is sequential or random";
        return false;
      }
      out.random_order = value == "random";
    } else if (key == "plies") {
      if (!read_int(0, out.plies)) return false;
    } else if (key == "start") {
      if (!read_int(1, out.start)) return false;
    } else if (key == "policy") {
      if (value != "default") {
        error = "unsupported '" + word + "' in --openings: only policy=default";
        return false;
      }
    } else {
      error = "unknown word '" + word + "' in --openings (file, format, order, plies, start)";
      return false;
    }
  }
  if (out.file.empty() && !out.format.empty()) {
    error = "--openings format= needs file=";
    return false;
  }
  return true;
}

bool parse_epd_openings(std::string_view text, const std::string& source,
                        std::vector<Opening>& openings, std::string& error, GameId variant) {
  openings.clear();
  int line_number = 0;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(begin, end - begin);
    begin = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '#') continue;
    protocol::EpdRecord record;
    std::string fen;
    bool ok = protocol::parse_epd_line(line, record, error,
                                      game_info(variant).epd_position_fields);
    if (ok) {
      ok = game_info(variant).normalise_fen(record.fen, fen, error);
    }
    if (!ok) {
      error = source + ":" + std::to_string(line_number) + ": " + error;
      return false;
    }
    const auto* id = record.find("id");
    openings.push_back(
        {id && !id->operands.empty() ? id->operands[0] : std::to_string(openings.size() + 1),
         fen,
         {}});
  }
  if (openings.empty()) {
    error = source + ": no positions";
    return false;
  }
  return true;
}

bool parse_pgn_openings(std::string_view text, const std::string& source, int plies,
                        std::vector<Opening>& openings, std::string& error, GameId variant) {
  openings.clear();
  std::vector<protocol::PgnLine> games;
  if (!protocol::read_pgn(text, games, error)) {
    error = source + ": " + error;
    return false;
  }
  const std::unique_ptr<GameReferee> referee = make_referee(variant);
  for (const auto& game : games) {
    Opening opening;
    opening.id = std::to_string(openings.size() + 1);
    if (game.game != variant) {
      error = source + ": game " + opening.id + " is a " + std::string(game_info(game.game).name) +
              " game, not " + std::string(game_info(variant).name);
      return false;
    }
    if (!referee->reset(game.start_fen.empty() ? referee->standard_start()
                                               : std::string_view(game.start_fen),
                        error)) {
      error = source + ": game " + opening.id + ": " + error;
      return false;
    }
    opening.fen = referee->start_fen();
    const size_t count =
        plies < 0 ? game.uci_moves.size() : std::min(game.uci_moves.size(), size_t(plies));
    opening.moves.assign(game.uci_moves.begin(), game.uci_moves.begin() + count);
    openings.push_back(std::move(opening));
  }
  if (openings.empty()) {
    error = source + ": no games";
    return false;
  }
  return true;
}

bool load_openings(const OpeningSettings& settings, std::vector<Opening>& openings,
                   std::string& error, GameId variant) {
  const GameInfo& game = game_info(variant);
  if (settings.file.empty()) {
    const std::string_view book = compiled_book_epd(game.default_openings);
    if (book.empty()) {
      error = "no default openings for " + std::string(game.name) + ": give --openings file=";
      return false;
    }
    return parse_epd_openings(book, std::string(game.default_openings), openings, error,
                              variant);
  }
  const std::string format = !settings.format.empty()           ? settings.format
                             : ends_with(settings.file, ".pgn") ? "pgn"
                                                                : "epd";
  if (format == "pgn" && !make_referee(variant)->has_san()) {
    error = settings.file + ": PGN openings are for games with SAN moves (" +
            game_names_with(game_has_san) + "); give " + std::string(game.name) +
            " openings as EPD";
    return false;
  }
  std::string text;
  if (!read_file(settings.file, text, error)) return false;
  if (format == "pgn")
    return parse_pgn_openings(text, settings.file, settings.plies, openings, error, variant);
  return parse_epd_openings(text, settings.file, openings, error, variant);
}

std::vector<size_t> opening_order(size_t count, bool random_order, uint64_t seed, int start) {
  std::vector<size_t> order(count);
  for (size_t i = 0; i < count; ++i) order[i] = i;
  if (random_order) {
    uint64_t state = seed;
    for (size_t i = count; i > 1; --i) std::swap(order[i - 1], order[split_mix(state) % i]);
  }
  if (count > 0) {
    const size_t offset = size_t(start - 1) % count;
    std::rotate(order.begin(), order.begin() + offset, order.end());
  }
  return order;
}

}  // namespace splitlab::bench::match
