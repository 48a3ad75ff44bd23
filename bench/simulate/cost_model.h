// What each unit of a search's work costs on a virtual CPU (virtual_cpus.h), in nanoseconds:
// the machine that `splitlab simulate` pretends to be. The defaults are this machine's,
// measured by `splitlab simulate --calibrate` (see kDefaultCostsSource); a user enters their
// machine's figures in a costs file, one "name value" line each (# starts a comment), and
// every result carries the costs it was made with in the same format.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace splitlab::parallel {

struct CostModel {
  // Work in the search, per unit.
  double interior_node = 0;    // A full-width node: move generation, making moves, bookkeeping.
  double quiescence_node = 0;  // A quiescence node, likewise.
  double evaluation = 0;       // A static evaluation.
  double probe_cached = 0;     // A table probe whose line is in this CPU's cache,
  double probe_uncached = 0;   // ... and one whose line is not (or another CPU wrote it).
  double store = 0;            // A table store (beyond the probe that brought its line in).
  // The split mechanism.
  double split = 0;          // Making a split point: booking, setting it up, the ordering copied.
  double join = 0;           // A helper joining one: its frame set up, the ordering copied.
  double copy_position = 0;  // One copy of a position (a split makes one, a join two).
  double lock = 0;           // A critical section of a split point's lock, held this long.
  // Waiting and waking (parallel/parker.h): a waiter spins for spin_window, then sleeps; a
  // ring wakes a spinner after wake_spinning and a sleeper after wake_sleeping, and costs the
  // ringer `ring` (plus ring_sleeper when it must wake a sleeper: a system call).
  double spin_window = 0;
  double wake_spinning = 0;
  double wake_sleeping = 0;
  double ring = 0;
  double ring_sleeper = 0;
  // The cache each CPU has for the table: this many 64-byte lines, direct-mapped.
  int64_t cache_lines = 0;
};

// This machine's costs (the defaults), and where they came from.
CostModel default_costs();
extern const char* const kDefaultCostsSource;

// Reads a costs file's text over `base` (a name not in the file keeps base's value). On a bad
// line returns false with `error` naming the line and what was wrong.
bool parse_costs(std::string_view text, CostModel& costs, std::string& error);
// The costs in the file format, every name, in a fixed order.
std::string format_costs(const CostModel& costs);

// A sensitivity run (issue 71): "GROUP=FACTOR,..." multiplies every cost of each group, over
// the measured ones, so that a report can show which of its conclusions depend on this
// machine. The groups: node (interior_node, quiescence_node, evaluation, probe_cached, store),
// split (split, copy_position, lock), join, wake (wake_spinning, wake_sleeping, ring,
// ring_sleeper) and cache_line (probe_uncached, a line another CPU wrote or this one lacks); a
// single cost's name is a group of one (cache_lines, the cache's size, too). False with `error`
// naming the bad item; `description` gets "node x0.5, split x2".
bool scale_costs(std::string_view spec, CostModel& costs, std::string& description,
                 std::string& error);

}  // namespace splitlab::parallel
