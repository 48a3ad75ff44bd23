// Search techniques that can be switched on one at a time, so that each is tested in games
// against the same build without it (experiments/strength/log.md) before it becomes part of
// the default search. UCI option "SearchFeatures" and the --features flag of bench and epd take
// a comma-separated list of names ("futility,lmp"), or "none".
#pragma once

#include <array>
#include <string>
#include <string_view>

namespace splitlab::search {

struct SearchFeatures {
  bool futility = false;         // Quiet moves near the leaves that cannot lift a low eval.
  bool late_move_pruning = false;  // Quiet moves ordered late at low depth.
  bool see_pruning = false;      // Moves that lose material by SEE, at low depth.
  bool razoring = false;         // Low depth, eval far below alpha: ask quiescence.
  bool iir = false;              // Internal iterative reduction: no table move, one ply less.
  bool history_lmr = false;      // Reduce moves with bad history more, good history less.
  bool safe_check_extension = false;  // Extend only checks that do not lose material by SEE.
  bool smart_time = false;       // Spend more time when the best move changes or the score falls.
  bool counter_moves = false;    // Order the last refutation of the opponent's move after killers.
  bool time_reserve = false;     // On a low clock, spend less than the increment (time_manager.h).
  bool continuation_history = false;  // Order quiets by how they did after the last two moves.
  bool singular_extension = false;  // Extend a table move that alone holds the table's score.
  // Chess evaluation: scale drawish endgames towards 0 (engine/chess/endgame.h). Not a search
  // technique, but switched the same way so that it is tested the same way.
  bool endgame_knowledge = false;
  // Speed only: after each move, start loading the child's table bucket, so that the probe at the
  // child's entry waits less for memory. The same tree to a fixed depth.
  bool tt_prefetch = false;
  // With an increment, plan the clock down to a floor of 4 margins instead of to the Move
  // Overhead, and let no move take it below half the floor (time_manager.h). With both set,
  // time-floor is the clock policy and time-reserve is ignored.
  bool time_floor = false;
  // Quiescence probes the table (a cutoff only in a null window; the table move first) and
  // stores what it finds at depth 0.
  bool qsearch_tt = false;
  // A node whose static eval is above the one two plies up (the same side's last node) is
  // "improving": reverse futility prunes it with a ply less of margin, and late-move pruning
  // waits twice as long for it as for a node that is not.
  bool improving = false;
  // Quiescence skips a capture that could not lift alpha even if it won its victim outright
  // and 200 more (not in check; a promotion counts what it gains).
  bool delta_pruning = false;
  // The null move's reduction grows by a ply per 200 of static eval above beta (at most 3):
  // the further ahead, the less a shallow refutation search needs to see.
  bool null_move_eval = false;
  // Quiescence's first ply also tries the quiet moves that give check and lose nothing by SEE
  // (their replies, in check, try every evasion): mates and forks just past the horizon.
  bool qsearch_checks = false;
  // smart-time's second form (time_manager.h): the same trend of best-move changes and score
  // drops, with the best move's share of the root's nodes in place of the count of stable
  // iterations: a move that took nearly all of the effort ends the search sooner, one that
  // shared it with rivals gets more time. Takes precedence over smart-time when both are set.
  bool smart_time_2 = false;
  // Parallel search only (one thread searches the same tree): at a split node, a move whose
  // first search beats alpha while a sibling's re-search is under way there waits for it and is
  // searched again at the alpha it leaves, as one thread would (SplitPoint::deferred).
  bool deferred_researches = false;
  // Not a technique but a form of the whole search, named "classic" in a list: a 1990s
  // full-width search such as the Cray Blitz of Hyatt's DTS figures, for reproducing them
  // (issue 71): no late-move reductions and no reverse futility pruning, which are otherwise
  // always on. With no technique listed beside it, nothing is pruned or reduced but by the null
  // move; checks are still extended. Not in kSearchFeatureNames, so lists of every technique
  // leave it out.
  bool classic = false;

  bool operator==(const SearchFeatures&) const = default;
};

// Names as the option and flag spell them, in the struct's order.
inline constexpr std::array<std::string_view, 22> kSearchFeatureNames = {
    "futility",   "lmp",           "see-pruning", "razoring",
    "iir",        "history-lmr",   "safe-check-extension",
    "smart-time", "counter-moves", "time-reserve",
    "continuation-history", "singular-extension", "endgame-knowledge",
    "tt-prefetch", "time-floor", "qsearch-tt", "improving", "delta-pruning",
    "null-move-eval", "qsearch-checks", "smart-time-2", "deferred-researches"};

// The name of SearchFeatures::classic in a list.
inline constexpr std::string_view kClassicSearchName = "classic";

// The field of the feature `name` (or of the form "classic") in `f`; null if there is none.
bool* search_feature(SearchFeatures& f, std::string_view name);

// Parses "none" or a comma-separated list of names; false with `error` naming a bad one.
bool parse_search_features(std::string_view text, SearchFeatures& out, std::string& error);

// A game's default list (G::kDefaultSearchFeatures, which each game's traits carry: the
// features accepted by SPRT in that game, experiments/strength/log.md). The list must parse;
// engine/games/games_test checks that every game's does.
SearchFeatures search_features_of(std::string_view text);

template <typename G>
SearchFeatures default_search_features() {
  return search_features_of(G::kDefaultSearchFeatures);
}

// "none" or the names of the features switched on, comma-separated.
std::string describe_search_features(const SearchFeatures& f);

}  // namespace splitlab::search
