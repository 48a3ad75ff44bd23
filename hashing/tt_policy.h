// Internal to the transposition table (included by tt.cc only): the replacement policies,
// written once against the slot accessors of tt_slots.h. tt.h states the rules in prose; the
// functions here are that prose in code. The caller holds the bucket's guard around each call.
#pragma once

#include <cstddef>
#include <cstdint>

#include "hashing/tt_entry.h"
#include "hashing/tt_options.h"
#include "hashing/tt_stats.h"

namespace splitlab::hashing::tt_internal {

// What is written over an entry of the same position: the new data, keeping the stored move when
// the new search found none (a fail-low node has no best move, yet the old one still orders
// moves well), and for `bigall` with the two subtree sizes added up.
constexpr TtDataWord merge_same_position(TtDataWord fresh, TtDataWord stored,
                                         TtReplacePolicy policy) {
  if (fresh.move() == 0) fresh = fresh.with_move(stored.move());
  if (policy == TtReplacePolicy::BigAll) {
    const uint64_t nodes =
        min_nodes_of_log2_size(fresh.log2_size()) + min_nodes_of_log2_size(stored.log2_size());
    fresh = fresh.with_log2_size(log2_subtree_size(nodes));
  }
  return fresh;
}

template <typename Slots>
bool probe_slots(const Slots& slots, size_t first_slot, int ways, uint64_t key, TtDataWord& data) {
  for (int i = 0; i < ways; ++i) {
    if (slots.read_if_key(first_slot + i, key, data)) return true;
  }
  return false;
}

// One slot per key: deep, new, old, big1, bigall.
template <typename Slots>
void store_one_level(const Slots& slots, size_t slot, uint64_t key, TtDataWord fresh,
                     TtReplacePolicy policy, TtStats& stats) {
  TtDataWord stored;
  if (slots.read_if_key(slot, key, stored)) {
    slots.write(slot, key, merge_same_position(fresh, stored, policy));
    return;
  }
  stored = slots.read_data(slot);
  if (!stored.occupied()) {
    slots.write(slot, key, fresh);
    return;
  }
  bool replace = false;
  switch (policy) {
    case TtReplacePolicy::Deep:
      replace = fresh.depth() >= stored.depth();
      break;
    case TtReplacePolicy::New:
      replace = true;
      break;
    case TtReplacePolicy::Big1:
    case TtReplacePolicy::BigAll:
      replace = fresh.log2_size() >= stored.log2_size();
      break;
    default:  // Old
      replace = false;
      break;
  }
  if (replace) {
    slots.write(slot, key, fresh);
    ++stats.replacements;
  } else {
    ++stats.skipped_stores;
  }
}

// Two slots per key, the first holding the deeper (or bigger) entry: twodeep, twobig1.
template <typename Slots>
void store_two_level(const Slots& slots, size_t first, uint64_t key, TtDataWord fresh,
                     TtReplacePolicy policy, TtStats& stats) {
  const size_t second = first + 1;
  TtDataWord stored;
  if (slots.read_if_key(first, key, stored)) {
    slots.write(first, key, merge_same_position(fresh, stored, policy));
    return;
  }
  // A copy of this position in the second slot is overwritten below either way (by the new entry
  // or by the demoted first), so the table never holds the position twice.
  const bool second_holds_key = slots.read_if_key(second, key, stored);
  if (second_holds_key) fresh = merge_same_position(fresh, stored, policy);

  const TtDataWord first_data = slots.read_data(first);
  if (!first_data.occupied()) {
    slots.write(second_holds_key ? second : first, key, fresh);
    return;
  }
  const bool beats_first = policy == TtReplacePolicy::TwoBig1
                               ? fresh.log2_size() >= first_data.log2_size()
                               : fresh.depth() >= first_data.depth();
  if (!second_holds_key && slots.read_data(second).occupied()) ++stats.replacements;
  if (beats_first) {
    slots.copy(first, second);
    slots.write(first, key, fresh);
  } else {
    slots.write(second, key, fresh);
  }
}

// A whole bucket per key: bucket, depth-age.
template <typename Slots>
void store_four_way(const Slots& slots, size_t first, uint64_t key, TtDataWord fresh,
                    TtReplacePolicy policy, uint8_t current_age, TtStats& stats) {
  constexpr int kWays = 4;
  TtDataWord data[kWays];
  for (int i = 0; i < kWays; ++i) {
    if (slots.read_if_key(first + i, key, data[i])) {
      slots.write(first + i, key, merge_same_position(fresh, data[i], policy));
      return;
    }
  }
  for (int i = 0; i < kWays; ++i) {
    data[i] = slots.read_data(first + i);
    if (!data[i].occupied()) {
      slots.write(first + i, key, fresh);
      return;
    }
  }
  int victim = 0;
  if (policy == TtReplacePolicy::Bucket) {
    // The shallowest entry of an older search if there is one, else the shallowest entry.
    bool victim_is_old = data[0].age() != current_age;
    for (int i = 1; i < kWays; ++i) {
      const bool is_old = data[i].age() != current_age;
      if (is_old && !victim_is_old) {
        victim = i;
        victim_is_old = true;
      } else if (is_old == victim_is_old && data[i].depth() < data[victim].depth()) {
        victim = i;
      }
    }
  } else {  // DepthAge
    auto worth = [&](int i) { return data[i].depth() - 8 * data[i].age_distance(current_age); };
    for (int i = 1; i < kWays; ++i) {
      if (worth(i) < worth(victim)) victim = i;
    }
  }
  slots.write(first + victim, key, fresh);
  ++stats.replacements;
}

template <typename Slots>
void store_slots(const Slots& slots, size_t first_slot, uint64_t key, TtDataWord fresh,
                 TtReplacePolicy policy, uint8_t current_age, TtStats& stats) {
  switch (tt_policy_ways(policy)) {
    case 1:
      store_one_level(slots, first_slot, key, fresh, policy, stats);
      break;
    case 2:
      store_two_level(slots, first_slot, key, fresh, policy, stats);
      break;
    default:
      store_four_way(slots, first_slot, key, fresh, policy, current_age, stats);
      break;
  }
}

}  // namespace splitlab::hashing::tt_internal
