// The protocol engine's definitions (GameEngine<G>, uci.h), for each game's registration to
// instantiate (cli/game_registration.h): the engine of a game is compiled once, in its own
// registration. Here: the commands, options, positions and the book; the search thread's part
// is search_thread_impl.h.
#pragma once

#include "engine/protocol/uci.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <iostream>
#include <sstream>
#include <type_traits>

#include "engine/games/game_info.h"
#include "engine/protocol/engine_declarations.h"
#include "engine/protocol/go_command.h"
#include "engine/protocol/search_thread_impl.h"
#include "engine/search/engine_options.h"
#include "engine/util/paths.h"
#include "engine/util/text.h"
#include "hashing/tt_options.h"

namespace splitlab::protocol {

namespace game_engine_detail {

template <search::SearchGame G>
typename G::Position start_position() {
  typename G::Position pos;
  std::string error;
  G::parse_fen(G::kStartFen, pos, error);
  return pos;
}

}  // namespace game_engine_detail

template <search::SearchGame G>
GameEngine<G>::GameEngine(std::ostream& out, const ParallelSearch& parallel, Dialect dialect)
    : out_(out),
      dialect_(dialect),
      parallel_(parallel),
      position_(game_engine_detail::start_position<G>()) {
  const GameInfo& game = game_info(game_id_named(G::kName));
  for (const UciOption& option : engine_declarations(game, parallel_, dialect_))
    options_.add(option);

  std::string err;
  table_.resize(size_t(search::engine_option("Hash").default_number), &err);
  table_.set_scheme(hashing::TtEntryScheme::Xor);
  table_.set_policy(hashing::TtReplacePolicy::Bucket);
  searcher_ = std::make_unique<search::Searcher<G>>(table_);
  // The search threads clear the table, each its own part (first touch, see tt.h).
  table_.set_part_runner([this](const hashing::TranspositionTable::PartBody& body) {
    searcher_->run_on_every_thread(body);
  });
  search_thread_ = std::thread([this] { search_thread_loop(); });
}

template <search::SearchGame G>
GameEngine<G>::~GameEngine() {
  {
    std::lock_guard lock(mutex_);
    quitting_ = true;
    stop_requested_ = true;
  }
  searcher_->abort();
  wake_.notify_all();
  search_thread_.join();
}

template <search::SearchGame G>
void GameEngine<G>::send(const std::string& line) {
  std::lock_guard lock(out_mutex_);
  out_ << line << '\n' << std::flush;
}

// A game whose engines also speak UCCI (xiangqi) writes its moves differently in the UCI
// dialect (engine/xiangqi/xiangqi_game.h); every other game's move text is the same in both.
template <typename G>
concept HasUciDialectMoves = requires(const typename G::Position& pos, std::string_view text,
                                      std::string& error) {
  { G::uci_dialect_move_text(text) } -> std::convertible_to<std::string>;
  { G::parse_uci_dialect_move(pos, text, error) } -> std::same_as<typename G::Move>;
};

template <search::SearchGame G>
std::string GameEngine<G>::to_wire(const std::string& move) const {
  if constexpr (HasUciDialectMoves<G>) {
    if (dialect_ == Dialect::kUci) {
      const std::string text = G::uci_dialect_move_text(move);
      if (!text.empty()) return text;
    }
  }
  return move;
}

template <search::SearchGame G>
typename G::Move GameEngine<G>::read_move(const typename G::Position& pos, const std::string& text,
                                          std::string& error) const {
  if constexpr (HasUciDialectMoves<G>) {
    if (dialect_ == Dialect::kUci) return G::parse_uci_dialect_move(pos, text, error);
  }
  return G::parse_move(pos, text, error);
}

template <search::SearchGame G>
void GameEngine<G>::run(std::istream& in) {
  std::string line;
  while (std::getline(in, line))
    if (!handle(line)) return;
  end_of_input();
}

template <search::SearchGame G>
void GameEngine<G>::end_of_input() {
  // Not "quit": a script that pipes "go depth 14" or "go movetime 1000" and ends its input
  // wants that search's answer, and no sleep should be needed to get it. Only a search that
  // would otherwise never end is stopped (Stockfish stops every search here).
  bool runs_until_stop = false;
  {
    std::lock_guard lock(mutex_);
    runs_until_stop = searching_ && !stop_requested_ && (infinite_ || pondering_);
  }
  if (runs_until_stop) cmd_stop();
  wait_for_search();
  if (dialect_ == Dialect::kUcci) send("bye");
}

template <search::SearchGame G>
bool GameEngine<G>::handle(const std::string& raw_line) {
  const std::string line = util::trim(raw_line);
  if (line.empty()) return true;
  const size_t space = line.find(' ');
  const std::string command = line.substr(0, space);
  const std::string args = space == std::string::npos ? "" : util::trim(line.substr(space + 1));

  const bool ucci = dialect_ == Dialect::kUcci;
  if (command == (ucci ? "ucci" : "uci")) {
    cmd_uci();
  } else if (command == "isready") {
    send("readyok");
  } else if (command == "setoption") {
    cmd_setoption(args);
  } else if (command == "ucinewgame") {
    cmd_stop();
    wait_for_search();
    table_.clear();
    searcher_->new_game();
    position_ = game_engine_detail::start_position<G>();
    banned_.clear();
    std::lock_guard lock(mutex_);
    clock_delays_.forget_move();
  } else if (command == "position") {
    cmd_position(args);
  } else if (command == "go") {
    cmd_go(args);
  } else if (command == "stop") {
    cmd_stop();
  } else if (command == "ponderhit") {
    cmd_ponderhit();
  } else if (command == "quit") {
    // As stop, and the answer comes before the process ends (Stockfish's behaviour: a script
    // that pipes "go" and ends its input reads a bestmove). A search cut before its first
    // iteration finishes that iteration first, so the answer is always a searched move.
    cmd_stop();
    wait_for_search();
    if (ucci) send("bye");
    return false;
  } else if (ucci && command == "banmoves") {
    cmd_banmoves(args);
  } else if (ucci && command == "probe") {
    cmd_probe();
  } else if (command == "debug" && (args == "on" || args == "off")) {
    debug_ = args == "on";
  } else if (command == "debug" || command == "register") {
    // Accepted and ignored, as the protocol allows.
  } else {
    error("unknown command '" + command + "'");
  }
  return true;
}

template <search::SearchGame G>
void GameEngine<G>::cmd_uci() {
  send("id name Splitlab");
  send("id author the Splitlab developers");
  if (dialect_ == Dialect::kUcci) {
    for (const auto& o : options_.all()) send(o.ucci_declaration());
    send("option usemillisec type check default true");  // Times are always milliseconds.
    send("option newgame type button");
    send("ucciok");
    return;
  }
  for (const auto& o : options_.all()) send(o.declaration());
  send("uciok");
}

template <search::SearchGame G>
void GameEngine<G>::cmd_setoption(const std::string& args) {
  std::istringstream in(args);
  std::string word, name, value;
  in >> word;
  if (dialect_ == Dialect::kUcci) {
    // setoption <name> [<value>]
    std::getline(in, value);
    value = util::trim(value);
    const std::string key = ucci_option_name(word);
    if (key == "usemillisec") {
      if (value != "true") error("setoption usemillisec: only milliseconds are supported");
      return;
    }
    if (key == "newgame") {
      handle("ucinewgame");
      return;
    }
    for (const auto& o : options_.all())
      if (ucci_option_name(o.name) == key) name = o.name;
    if (name.empty()) {
      error("setoption: unknown option '" + word + "'");
      return;
    }
  } else {
    // setoption name <name, may contain spaces> [value <value>]
    if (word != "name") {
      error("setoption needs 'name <option> [value <value>]'");
      return;
    }
    bool in_value = false;
    while (in >> word) {
      if (!in_value && word == "value") {
        in_value = true;
        continue;
      }
      std::string& target = in_value ? value : name;
      target += (target.empty() ? "" : " ") + word;
    }
  }
  if (!wait_for_stopped_search("setoption name " + name)) return;
  std::string message;
  if (!options_.set(name, value, message)) {
    error(message);
    return;
  }
  apply_option(options_.find(name)->name);
}

template <search::SearchGame G>
bool GameEngine<G>::apply_option(const std::string& name) {
  std::string message;
  if (name == "Hash") {
    if (!table_.resize(size_t(options_.spin("Hash")), &message)) error(message);
  } else if (name == "Clear Hash") {
    table_.clear();
  } else if (name == "SearchFeatures") {
    search::SearchFeatures& features = searcher_->shared_state().features;
    if (!search::parse_search_features(options_.text(name), features, message)) {
      error("setoption SearchFeatures: " + message);
      options_.set(name, search::describe_search_features(features), message);  // Unchanged.
    }
  } else if (search::find_tuning_parameter(name)) {
    search::SearchTuning tuning = searcher_->shared_state().tuning;
    // The option's range is the parameter's, so the value was checked as it was set.
    search::set_tuning_parameter(tuning, name, std::to_string(options_.spin(name)), message);
    searcher_->shared_state().set_tuning(tuning);
  } else if (name == "TTEntry") {
    table_.set_scheme(*hashing::parse_tt_entry_scheme(options_.text("TTEntry")));
  } else if (name == "TTReplace") {
    table_.set_policy(*hashing::parse_tt_replace_policy(options_.text("TTReplace")));
  } else if (name == "Threads") {
    configure_threads();
    // Fresh pages, first touched by the new threads (the table is cleared, as after Hash).
    if (!table_.reallocate(&message)) error(message);
  } else if (name == "SplitStrategy" || name == "SplitNodes" || name == "MinSplitDepth" ||
             name == "MaxHelpersPerSplit" || name == "OrderingMemory" || name == "SplitJoin" ||
             name == "SplitChoice" || name == "AbdadaForm" || name == "ThreadAffinity") {
    configure_threads();
  } else if (name == "OwnBook" || name == "BookFile") {
    apply_book_options();
  }
  return true;
}

template <search::SearchGame G>
void GameEngine<G>::apply_book_options() {
  book_.clear();
  if (!options_.check("OwnBook")) return;
  std::string message;
  // A folder, a missing, empty or unreadable file: named with the reason before the loader
  // reads it; what is inside is the loader's to refuse.
  if (!util::check_path(options_.text("BookFile"), util::PathKind::kInputFile, message) ||
      !book_.load(options_.text("BookFile"), message))
    error("OwnBook: BookFile " + message + "; playing without a book");
}

template <search::SearchGame G>
std::string GameEngine<G>::book_move(const search::SearchLimits& limits, bool ponder) {
  if (!book_.loaded() || !options_.check("OwnBook") || ponder || limits.infinite ||
      position_.game_ply() >= options_.spin("BookDepth"))
    return "";
  std::string note;
  const std::string move = book_.pick(position_, options_.text("BookMoves") == "random",
                                      uint64_t(options_.spin("BookSeed")), note);
  if (move.empty() || (!limits.searchmoves.empty() &&
                       std::find(limits.searchmoves.begin(), limits.searchmoves.end(), move) ==
                           limits.searchmoves.end()))
    return "";
  send("info string book move " + to_wire(move) + " (" + note + ")");
  return move;
}

template <search::SearchGame G>
void GameEngine<G>::configure_threads() {
  ThreadOptions threads;
  threads.threads = int(options_.spin("Threads"));
  threads.strategy = options_.text("SplitStrategy");
  threads.split_nodes = options_.text("SplitNodes");
  threads.min_split_depth = int(options_.spin("MinSplitDepth"));
  threads.max_helpers_per_split = int(options_.spin("MaxHelpersPerSplit"));
  threads.ordering_memory = options_.text("OrderingMemory");
  threads.split_join = options_.text("SplitJoin");
  threads.split_choice = options_.text("SplitChoice");
  threads.abdada_form = options_.text("AbdadaForm");
  threads.affinity = options_.text("ThreadAffinity");
  parallel_.of<G>().configure(*searcher_, threads);
}

template <search::SearchGame G>
void GameEngine<G>::cmd_position(const std::string& args) {
  std::istringstream in(args);
  std::string word;
  in >> word;
  typename G::Position pos;
  std::string message;
  if (word == "startpos") {
    pos = game_engine_detail::start_position<G>();
    in >> word;
  } else if (word == "fen") {
    std::string fen;
    while (in >> word && word != "moves") fen += (fen.empty() ? "" : " ") + word;
    if (!G::parse_fen(fen, pos, message)) {
      error("position: " + message);
      return;
    }
  } else {
    error("position needs 'startpos' or 'fen <FEN>', not '" + word + "'");
    return;
  }
  if (in && word == "moves") {
    while (in >> word) {
      const auto m = read_move(pos, word, message);
      if (m.is_none()) {
        error("position: " + message);
        return;
      }
      G::make(pos, m);
    }
  } else if (in && !word.empty() && word != "moves") {
    error("position: unexpected '" + word + "' (expected 'moves')");
    return;
  }
  position_ = pos;
  banned_.clear();
}

template <search::SearchGame G>
void GameEngine<G>::cmd_go(const std::string& args) {
  const auto received = search::TimeManager::Clock::now();  // The GUI's clock runs from here.
  GoCommand go;
  std::string message;
  if (!parse_go(args, dialect_, G::side_index(position_), go, message)) {
    error(message);
    return;
  }
  search::SearchLimits limits = go.limits;
  const bool ponder = go.ponder;
  for (const std::string& text : go.searchmoves) {
    const auto m = read_move(position_, text, message);
    if (m.is_none()) {
      error("go searchmoves: " + message);
      return;
    }
    limits.searchmoves.push_back(G::move_to_text(m));  // The searcher's own text.
  }
  if (!banned_.empty()) {
    // UCCI banmoves: the search chooses among the other legal moves.
    limits.searchmoves.clear();
    typename G::MoveList legal;
    G::generate_legal(position_, legal);
    for (const auto m : legal) {
      const std::string text = G::move_to_text(m);
      if (std::find(banned_.begin(), banned_.end(), text) == banned_.end())
        limits.searchmoves.push_back(text);
    }
    if (limits.searchmoves.empty()) {
      if (!wait_for_stopped_search("go")) return;
      send("nobestmove");  // Every legal move is banned.
      return;
    }
  }
  if (!wait_for_stopped_search("go")) return;
  start_search(limits, ponder, received);
}

template <search::SearchGame G>
void GameEngine<G>::cmd_banmoves(const std::string& args) {
  std::istringstream in(args);
  std::string word, message;
  std::vector<std::string> banned;
  while (in >> word) {
    const auto m = read_move(position_, word, message);
    if (m.is_none()) {
      error("banmoves: " + message);
      return;
    }
    banned.push_back(G::move_to_text(m));
  }
  banned_ = std::move(banned);
}

template <search::SearchGame G>
void GameEngine<G>::cmd_probe() {
  hashing::TtEntry entry;
  hashing::TtStats stats;
  std::string line = "pophash";
  if (table_.probe(G::key(position_), entry, stats)) {
    std::string message;
    const auto move = G::move_from_bits(entry.move);
    if (entry.move && !G::parse_move(position_, G::move_to_text(move), message).is_none())
      line += " bestmove " + G::move_to_text(move);
    const std::string value = std::to_string(hashing::score_from_tt(entry.score, 0));
    const std::string depth = std::to_string(entry.depth);
    if (entry.bound == hashing::TtBound::Lower || entry.bound == hashing::TtBound::Exact)
      line += " lowerbound " + value + " depth " + depth;
    if (entry.bound == hashing::TtBound::Upper || entry.bound == hashing::TtBound::Exact)
      line += " upperbound " + value + " depth " + depth;
  }
  send(line);
}

// The engine of the game G (uci.h's GameEngineHook), for each game's registration.
template <search::SearchGame G>
std::unique_ptr<LineEngine> make_engine_of(std::ostream& out, const ParallelSearch& parallel,
                                           Dialect dialect) {
  return std::make_unique<GameEngine<G>>(out, parallel, dialect);
}

}  // namespace splitlab::protocol
