// The engine protocols: UCI for chess, UCCI for xiangqi (one class template over the game,
// with the dialect's words where they differ). Input is read on the caller's thread (run());
// searches run on one long-lived search thread that sleeps on a condition variable while the engine
// is idle, so "isready", "stop" and "ponderhit" are answered at once, also during a search. Bad
// input (an unknown command, a malformed FEN, an illegal move, a bad option value or go parameter)
// gets an "info string error: ..." line and the engine carries on.
//
// A GUI may send "stop" and then at once the next "position", "setoption" and "go", before the
// stopped search has printed its bestmove. Those commands are for the next search: "position"
// only sets the position the next "go" takes, and "setoption" and "go" first wait for the
// stopped search to print its bestmove (as Stockfish does), so every go gets exactly one
// bestmove, in order. Only a search that was not stopped makes them an error.
//
// Every search that ran answers, once: after stop, after its own limits, and before the process
// ends. "quit" stops the search as stop does (once its first iteration is complete, so the answer
// is always a searched move) and prints its bestmove before leaving; the end of input lets a
// search that ends by itself finish, stops one that would not, and likewise answers it.
#pragma once

#include <condition_variable>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/games/game_id.h"
#include "engine/protocol/dialect.h"
#include "engine/protocol/opening_book.h"
#include "engine/protocol/thread_provider.h"
#include "engine/protocol/uci_options.h"
#include "engine/util/errors.h"
#include "engine/search/clock_delay.h"
#include "engine/search/searcher.h"
#include "hashing/tt.h"

namespace splitlab::protocol {

// What the UCI front end (uci_front_end.h) needs of an engine, whatever its game.
class LineEngine {
 public:
  virtual ~LineEngine() = default;
  // Reads commands until "quit" or end of input.
  virtual void run(std::istream& in) = 0;
  // Handles one line; returns false after "quit".
  virtual bool handle(const std::string& line) = 0;
  // The input has ended: a search that ends by itself (depth, nodes, movetime, clock) runs to
  // its end, one that only stop ends (infinite, ponder) is stopped; its bestmove comes before
  // this returns (and UCCI's "bye").
  virtual void end_of_input() = 0;
  // The options and their current values.
  virtual const std::vector<UciOption>& options() const = 0;
};

// Under UCI the engine declares UCI_Variant (chess, xiangqi); this class only records its value,
// and the front end switches the game. Xiangqi over UCI numbers ranks 1..10 as Fairy-Stockfish
// does ("h3e3"), over UCCI 0..9 ("h2e2").
template <search::SearchGame G>
class GameEngine final : public LineEngine {
 public:
  // `parallel`: the strategies offered and the threads they make (supplied by the binary;
  // it must outlive the engine).
  GameEngine(std::ostream& out, const ParallelSearch& parallel, Dialect dialect = Dialect::kUci);
  ~GameEngine() override;

  void run(std::istream& in) override;
  bool handle(const std::string& line) override;
  void end_of_input() override;
  const std::vector<UciOption>& options() const override { return options_.all(); }

 private:
  void send(const std::string& line);
  // Move text as the dialect writes it, from and to Splitlab's own (the searcher's).
  std::string to_wire(const std::string& move) const;
  typename G::Move read_move(const typename G::Position& pos, const std::string& text,
                             std::string& error) const;
  // One protocol line, whatever the message quotes (util::one_line).
  void error(const std::string& message) { send("info string error: " + util::one_line(message)); }
  void cmd_uci();
  void cmd_setoption(const std::string& args);
  void cmd_position(const std::string& args);
  void cmd_go(const std::string& args);
  // Hands the search thread a search of the current position (or the book's move), once the
  // last search has ended. `received`: when its "go" arrived (the GUI's clock runs from there).
  void start_search(const search::SearchLimits& limits, bool ponder,
                    search::TimeManager::Clock::time_point received);
  // Ends the running search once its first iteration is complete (at once if it is); its
  // bestmove follows. Also what "quit" and the end of input do before the process ends.
  void cmd_stop();
  void cmd_ponderhit();
  // UCCI: moves the next search may not play (cleared by "position").
  void cmd_banmoves(const std::string& args);
  // UCCI: what the table holds for the current position ("pophash ...").
  void cmd_probe();
  void wait_for_search();
  // Waits for the running search to end (with its bestmove) and returns true: a stopped one, or
  // one that ends by itself (depth, nodes, movetime, clock), as Stockfish waits. Returns false
  // with an error naming `command` if the search runs until stop (go infinite, or pondering).
  bool wait_for_stopped_search(const std::string& command);
  bool apply_option(const std::string& name);
  // Loads the book of BookFile when OwnBook is on (an error line when it cannot), else drops it.
  void apply_book_options();
  // The book move for a "go" (Splitlab's move text), or "": OwnBook on, a book loaded, the
  // position within BookDepth plies of the game's start, not pondering or infinite, and the
  // move among searchmoves when those are given.
  std::string book_move(const search::SearchLimits& limits, bool ponder);
  // Gives the searcher the threads the parallel options ask for.
  void configure_threads();
  void search_thread_loop();
  void report(const search::SearchResult& r);

  std::ostream& out_;
  const Dialect dialect_;
  const ParallelSearch& parallel_;
  std::mutex out_mutex_;
  UciOptions options_;
  hashing::TranspositionTable table_;
  std::unique_ptr<search::Searcher<G>> searcher_;
  typename G::Position position_;
  std::vector<std::string> banned_;  // UCCI banmoves, for the next go.
  OpeningBook<G> book_;

  // Search thread hand-off.
  std::mutex mutex_;
  std::condition_variable wake_;
  bool has_job_ = false;         // GUARDED_BY(mutex_)
  bool searching_ = false;       // GUARDED_BY(mutex_)
  bool pondering_ = false;       // GUARDED_BY(mutex_): a "go ponder" not yet hit.
  bool infinite_ = false;        // GUARDED_BY(mutex_)
  bool stop_requested_ = false;  // GUARDED_BY(mutex_)
  bool quitting_ = false;        // GUARDED_BY(mutex_)
  search::SearchLimits job_limits_;
  std::string job_book_move_;  // Played at once, without a search, when not empty.
  typename G::Position job_position_;
  search::TimeManager::Clock::time_point job_received_;  // When its "go" arrived.
  int64_t job_margin_ms_ = 0;  // The clock margin it plans with (Move Overhead or more).
  // The GUI's clock against the engine's own, move by move: raises the margin on a loaded
  // machine. GUARDED_BY(mutex_)
  search::ClockDelayMonitor clock_delays_;
  int64_t reported_margin_ms_ = 0;  // The margin last announced by an info string.
  bool debug_ = false;              // "debug on": every measured delay is reported.
  std::thread search_thread_;
};

// The engine of each game (engine/games/game_hooks.h): game_engine_impl.h's make_engine_of<G>,
// registered by each game.
struct GameEngineHook {
  using Fn = std::unique_ptr<LineEngine> (*)(std::ostream& out, const ParallelSearch& parallel,
                                             Dialect dialect);
  static constexpr const char* kWhat = "protocol engine";
};

// An engine of the game `game` speaking `dialect`: every game speaks UCI; UCCI is for a game
// whose engines speak it (GameInfo::speaks_ucci: xiangqi).
std::unique_ptr<LineEngine> make_game_engine(GameId game, std::ostream& out,
                                             const ParallelSearch& parallel,
                                             Dialect dialect = Dialect::kUci);

}  // namespace splitlab::protocol
