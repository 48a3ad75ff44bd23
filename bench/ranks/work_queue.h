// Independent work items over a job's ranks, for the experiments that measure (scale: one
// position's searches; tt-study: one row of the grid). Rank 0 hands the items out, one at a time
// to each rank that asks, and records each answer as it arrives; it works on none itself, so
// that no search of its own shares a machine with a measurement (it sleeps between messages).
// A rank that dies ends the job, as MPI does, and every answer rank 0 recorded before is kept:
// the rerun resumes from it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "bench/ranks/ranks.h"

namespace splitlab::bench::ranks {

// MPI tags, apart from the match's (bench/match/rank_messages.h).
enum WorkTag : int {
  kWantWork = 101,    // rank -> 0: ""
  kWork = 102,        // 0 -> rank: index TAB item
  kAnswer = 103,      // rank -> 0: index TAB answer
  kNoMoreWork = 104,  // 0 -> rank: ""; the rank's part is over
  kWorkFailed = 105,  // rank -> 0: why (the job cannot go on: a reference engine will not start)
};

// Rank 0 of a job of two or more: hands out `items` in order and calls
// `answered(index, answer, rank)` on this thread as each answer arrives. Returns true once every
// item is answered and every other rank told there is no more; false with `error` set (naming
// the rank and its reason) when a rank failed, or when `answered` returns false (with `error`
// set by it): the caller then ends the job (World::abort).
bool hand_out(World& world, const std::vector<std::string>& items,
              const std::function<bool(size_t index, const std::string& answer, int rank,
                                       std::string& error)>& answered,
              std::string& error);

// Any other rank: asks rank 0 for items and answers each with `work(item, answer, error)` until
// rank 0 has none left (true). When `work` fails, rank 0 is told why and this returns false.
bool take_work(World& world,
               const std::function<bool(const std::string& item, std::string& answer,
                                        std::string& error)>& work,
               std::string& error);

// A rank that cannot work at all (its setup failed) says so when it would ask for work.
void refuse_work(World& world, const std::string& why);

}  // namespace splitlab::bench::ranks
