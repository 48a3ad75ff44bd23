#include "cli/predictor_command.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string_view>

#include "bench/run_metadata.h"
#include "cli/configure_parallel.h"
#include "cli/flags.h"
#include "cli/search_flags.h"
#include "cli/predictor_run.h"
#include "engine/games/game_hooks.h"
#include "engine/protocol/epd.h"
#include "engine/search/searcher.h"
#include "engine/util/errors.h"
#include "hashing/tt.h"
#include "engine/util/files.h"
#include "engine/util/progress.h"
#include "parallel/options.h"
#include "parallel/report.h"

namespace splitlab::cli {
namespace predictor_detail {

using search::kDraftBuckets;
using search::kNodeTypes;
using search::NodeType;

int fail(const std::string& message) { return util::command_error("predictor", message); }

// Commas and quotes would break the CSV files that name positions by id.
std::string csv_safe(std::string text) {
  for (char& c : text)
    if (c == ',' || c == '"' || c == '\n') c = '_';
  return text;
}

// The game's bench or scaling positions, or an EPD file of positions of the game.
bool load_suite(GameId game_id, const std::string& suite, std::vector<SuitePosition>& positions,
                std::string& error) {
  const GameInfo& game = game_info(game_id);
  if (suite == "bench") {
    for (const auto& p : game.bench_positions)
      positions.push_back({std::string(p.id), std::string(p.fen)});
  } else if (suite == "scaling") {
    for (const auto& p : game.scaling_positions())
      positions.push_back({std::string(p.id), std::string(p.fen)});
  } else {
    std::vector<protocol::EpdRecord> records;
    if (!protocol::read_epd_file(suite, records, error, game.epd_position_fields)) return false;
    for (const auto& r : records) {
      const auto* id = r.find("id");
      positions.push_back(
          {csv_safe(id && !id->operands.empty() ? id->operands[0]
                                                : "line" + std::to_string(r.line_number)),
           r.fen});
      std::string fen;
      if (!game.normalise_fen(r.fen, fen, error)) {
        error = suite + ":" + std::to_string(r.line_number) + ": " + error;
        return false;
      }
    }
  }
  if (positions.empty()) {
    error = "the suite '" + suite + "' has no positions";
    return false;
  }
  return true;
}

// ---- position_counts.csv: every nonzero counter of a position, one per row, so that a resumed
// run can add up the positions an earlier run finished.

constexpr const char* kCountsHeader = "position,counter,draft,predicted,outcome,count";
constexpr const char* kSplitOutcomeNames[] = {"made", "PV", "Cut", "All", "abandoned", "wasted"};

uint64_t& split_counter(search::SplitOutcomes& o, int outcome) {
  switch (outcome) {
    case 0:
      return o.made;
    case 1:
    case 2:
    case 3:
      return o.finished_as[outcome - 1];
    case 4:
      return o.abandoned;
    default:
      return o.wasted;
  }
}

std::string counts_rows(int position, PredictorCounts counts) {
  std::ostringstream out;
  auto row = [&](const char* counter, int bucket, int predicted, const char* outcome,
                 uint64_t count) {
    if (count)
      out << position << ',' << counter << ',' << search::draft_bucket_name(bucket) << ','
          << search::node_type_name(NodeType(predicted)) << ',' << outcome << ',' << count << '\n';
  };
  for (int b = 0; b < kDraftBuckets; ++b)
    for (int p = 0; p < kNodeTypes; ++p) {
      for (int a = 0; a < kNodeTypes; ++a)
        row("nodes", b, p, search::node_type_name(NodeType(a)),
            counts.node_types.counts_by_draft[b][p][a]);
      row("first_move_cuts", b, p, "Cut", counts.node_types.first_move_cuts[b][p]);
      for (int o = 0; o < 6; ++o)
        row("splits", b, p, kSplitOutcomeNames[o], split_counter(counts.splits[b][p], o));
    }
  return out.str();
}

std::vector<std::string> split_fields(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  std::string field;
  while (std::getline(in, field, ',')) fields.push_back(field);
  return fields;
}

int index_of_name(const std::string& name, int count, const auto& name_of) {
  for (int i = 0; i < count; ++i)
    if (name == name_of(i)) return i;
  return -1;
}

// Adds one row of position_counts.csv to `counts`; false if the row is not one this command
// writes.
bool add_counts_row(const std::vector<std::string>& f, PredictorCounts& counts) {
  if (f.size() != 6) return false;
  const int bucket = index_of_name(f[2], kDraftBuckets, search::draft_bucket_name);
  auto type_name = [](int t) { return std::string(search::node_type_name(NodeType(t))); };
  const int predicted = index_of_name(f[3], kNodeTypes, type_name);
  uint64_t count = 0;
  try {
    count = std::stoull(f[5]);
  } catch (...) {
    return false;
  }
  if (bucket < 0 || predicted < 0) return false;
  if (f[1] == "nodes") {
    const int actual = index_of_name(f[4], kNodeTypes, type_name);
    if (actual < 0) return false;
    counts.node_types.counts_by_draft[bucket][predicted][actual] += count;
    counts.node_types.counts[predicted][actual] += count;
  } else if (f[1] == "first_move_cuts" && f[4] == "Cut") {
    counts.node_types.first_move_cuts[bucket][predicted] += count;
  } else if (f[1] == "splits") {
    const int outcome = index_of_name(f[4], 6, [](int o) { return kSplitOutcomeNames[o]; });
    if (outcome < 0) return false;
    split_counter(counts.splits[bucket][predicted], outcome) += count;
  } else {
    return false;
  }
  return true;
}

// ---- The tables, as text and CSV.

double percent(uint64_t part, uint64_t whole) {
  return whole ? 100.0 * double(part) / double(whole) : 0.0;
}

// The drafts a table shows: 1 up to the deepest with a counted node or a split.
int drafts_shown(const PredictorCounts& c) {
  int deepest = c.node_types.deepest_bucket();
  for (int b = 0; b < kDraftBuckets; ++b)
    for (const auto& o : c.splits[b])
      if (o.made || o.finished() || o.abandoned) deepest = std::max(deepest, b);
  return deepest + 1;
}

std::string node_types_csv(const PredictorCounts& c) {
  std::ostringstream out;
  out << "draft,predicted,actual,nodes,percent_of_predicted\n";
  for (int b = 0; b < drafts_shown(c); ++b)
    for (int p = 0; p < kNodeTypes; ++p) {
      const auto& row = c.node_types.counts_by_draft[b][p];
      for (int a = 0; a < kNodeTypes; ++a) {
        char share[32];
        std::snprintf(share, sizeof share, "%.3f", percent(row[a], row[0] + row[1] + row[2]));
        out << search::draft_bucket_name(b) << ',' << search::node_type_name(NodeType(p)) << ','
            << search::node_type_name(NodeType(a)) << ',' << row[a] << ',' << share << '\n';
      }
    }
  return out.str();
}

std::string first_move_cuts_csv(const PredictorCounts& c) {
  std::ostringstream out;
  out << "draft,predicted,cut_nodes,first_move_cuts,later_cuts,first_move_cut_percent\n";
  for (int b = 0; b < drafts_shown(c); ++b)
    for (int p = 0; p < kNodeTypes; ++p) {
      const uint64_t cuts = c.node_types.counts_by_draft[b][p][int(NodeType::kCut)];
      const uint64_t first = c.node_types.first_move_cuts[b][p];
      char share[32];
      std::snprintf(share, sizeof share, "%.3f", percent(first, cuts));
      out << search::draft_bucket_name(b) << ',' << search::node_type_name(NodeType(p)) << ','
          << cuts << ',' << first << ',' << cuts - first << ',' << share << '\n';
    }
  return out.str();
}

std::string splits_csv(const PredictorCounts& c) {
  std::ostringstream out;
  out << "draft,predicted,made,finished_pv,finished_cut,finished_all,abandoned,wasted,"
         "wasted_percent\n";
  for (int b = 0; b < drafts_shown(c); ++b)
    for (int p = 0; p < kNodeTypes; ++p) {
      const auto& o = c.splits[b][p];
      char share[32];
      std::snprintf(share, sizeof share, "%.3f", percent(o.wasted, o.made));
      out << search::draft_bucket_name(b) << ',' << search::node_type_name(NodeType(p)) << ','
          << o.made << ',' << o.finished_as[0] << ',' << o.finished_as[1] << ',' << o.finished_as[2]
          << ',' << o.abandoned << ',' << o.wasted << ',' << share << '\n';
    }
  return out.str();
}

// The readable report: printed at the end and written as summary.txt.
std::string report_text(const std::string& settings, size_t positions, size_t suite_size,
                        uint64_t nodes, double seconds, const PredictorCounts& c) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof line,
                "%zu of %zu positions, %llu nodes, %.1f s of search, %.0f nodes/s\n", positions,
                suite_size, (unsigned long long)nodes, seconds, seconds > 0 ? nodes / seconds : 0);
  out << "Settings: " << settings << '\n' << line;
  out << "Draft = the remaining depth of a node, as stored in its table entry; only nodes whose\n"
         "moves were searched are counted (not those answered by the table, the null move or\n"
         "the pruning at entry). Actual: PV = exact score, Cut = fail high, All = fail low.\n";
  out << "\nNode types, every draft (all threads):\n" << c.node_types.table();
  out << "\nBy draft (right: the share of each predicted type that was that type; fail high: "
         "the Cut nodes;\nfirst move: the share of them that cut on the first move searched):\n"
      << c.node_types.by_draft_summary();
  out << "\nSplits by draft and the split node's type as predicted on entry (a predicted Cut "
         "node is split\nonce its first move failed to cut off); wasted = cut off while helpers "
         "still worked:\n"
      << parallel::split_draft_table(c.splits);
  out << "\nEach draft's table:\n";
  for (int b = 0; b <= c.node_types.deepest_bucket(); ++b) out << c.node_types.draft_table(b);
  return out.str();
}

constexpr const char* kPositionsHeader =
    "position,id,completed_depth,score,bestmove,nodes,seconds,counted_nodes,right_percent,"
    "cut_nodes,first_move_cut_percent,splits,wasted_splits,fen";

// Reads positions.csv and position_counts.csv of an earlier run, if any. Refuses a folder
// whose run had other settings or another suite; drops the counts of a position whose row in
// positions.csv was never written (the run stopped in between), rewriting the file without them.
bool read_earlier_run(const std::string& dir, const std::string& settings_line,
                      const std::vector<SuitePosition>& suite, EarlierRun& earlier,
                      std::string& error) {
  const std::string positions_path = dir + "/positions.csv";
  // A row cut short by a kill is dropped, as if never written.
  if (!util::cut_partial_last_line(positions_path, error) ||
      !util::cut_partial_last_line(dir + "/position_counts.csv", error))
    return false;
  std::ifstream positions_in(positions_path);
  if (!positions_in) return true;
  std::string line;
  bool settings_seen = false;
  while (std::getline(positions_in, line)) {
    if (line.rfind("# settings: ", 0) == 0) {
      if (line != settings_line) {
        error = "'" + dir + "' holds a run with other settings (" + line.substr(2) +
                "); resume it with those, or choose another --out";
        return false;
      }
      settings_seen = true;
      continue;
    }
    if (line.empty() || line[0] == '#' || line == kPositionsHeader) continue;
    const auto f = split_fields(line);
    int position = 0;
    try {
      position = f.size() >= 7 ? std::stoi(f[0]) : 0;
      if (position >= 1 && size_t(position) <= suite.size()) {
        earlier.nodes += std::stoull(f[5]);
        earlier.seconds += std::stod(f[6]);
      }
    } catch (...) {
      position = 0;
    }
    if (position < 1 || size_t(position) > suite.size() || f[1] != suite[position - 1].id) {
      error = positions_path + ": line '" + line + "' is not a position of this suite";
      return false;
    }
    earlier.positions.insert(position);
  }
  if (!earlier.positions.empty() && !settings_seen) {
    error = positions_path + " has no '# settings:' line: choose another --out";
    return false;
  }

  const std::string counts_path = dir + "/position_counts.csv";
  std::ifstream counts_in(counts_path);
  std::string kept;
  bool dropped = false;
  int line_number = 0;
  while (std::getline(counts_in, line)) {
    ++line_number;
    if (line.empty() || line[0] == '#' || line == kCountsHeader) {
      kept += line + '\n';
      continue;
    }
    const auto f = split_fields(line);
    int position = 0;
    try {
      position = f.empty() ? 0 : std::stoi(f[0]);
    } catch (...) {
    }
    if (!earlier.positions.count(position)) {
      dropped = true;
      continue;
    }
    if (!add_counts_row(f, earlier.counts)) {
      error = counts_path + ":" + std::to_string(line_number) + ": malformed row '" + line + "'";
      return false;
    }
    kept += line + '\n';
  }
  if (dropped && !util::write_file_atomically(counts_path, kept, error)) return false;
  return true;
}

}  // namespace predictor_detail

using predictor_detail::fail;

const util::CommandSpec& predictor_spec() {
  static const util::CommandSpec spec = [] {
    util::CommandSpec c;
    c.name = "predictor";
    c.brief = "how well the node-type predictor predicts, by draft";
    c.summary =
        "How well the Fruit-style node-type predictor predicts: every node's predicted type "
        "against the type its search turned out to have, by draft, on a suite of positions "
        "(resumable counts and a 3x3 table per draft)";
    c.flags = {game_flag(),
               util::path_flag("suite", "NAME|FILE.epd",
                               "the positions: bench (the game's bench positions), scaling "
                               "(scale's default positions), or an EPD file",
                               util::PathKind::kInputFile, "bench"),
               util::int_flag("depth", "N", "the depth of each search", 1, kMaxPly - 1, 10),
               util::int_flag("movetime", "MS", "a time for each search instead of a depth", 1,
                              24LL * 3600 * 1000, 0),
               util::path_flag("out", "DIR", "the results folder (a rerun resumes it)",
                               util::PathKind::kOutputDir, "results/predictor")};
    c.flags[1].path_names = {"bench", "scaling"};
    c.flags[3].default_text = "";
    util::add_flags(c.flags, table_flags(16));
    util::add_flags(c.flags, parallel_flags());
    return c;
  }();
  return spec;
}

namespace predictor_detail {

// The files rewritten after each position, so that an interrupted run keeps everything
// finished.
bool write_results(const std::string& dir, const std::string& header, const std::string& settings,
                   size_t suite_size, const RunTotals& t, std::string& error) {
  return util::write_file_atomically(dir + "/node_types_by_draft.csv",
                                     header + node_types_csv(t.counts), error) &&
         util::write_file_atomically(dir + "/first_move_cuts_by_draft.csv",
                                     header + first_move_cuts_csv(t.counts), error) &&
         util::write_file_atomically(dir + "/splits_by_draft.csv", header + splits_csv(t.counts),
                                     error) &&
         util::write_file_atomically(
             dir + "/summary.txt",
             header + report_text(settings, t.positions_done, suite_size, t.nodes, t.seconds,
                                  t.counts),
             error);
}

// positions.csv's row of one position.
std::string position_row(int number, const SuitePosition& position,
                         const search::SearchResult& result, double seconds,
                         const PredictorCounts& counts) {
  char row[512];
  std::snprintf(
      row, sizeof row, "%d,%s,%d,%s,%s,%llu,%.4f,%llu,%.3f,%llu,%.3f,%llu,%llu,%s\n", number,
      position.id.c_str(), result.depth, score_to_uci(result.score).c_str(),
      result.best_move.c_str(), (unsigned long long)result.nodes, seconds,
      (unsigned long long)counts.node_types.total(), 100.0 * counts.node_types.accuracy(),
      (unsigned long long)counts.node_types.cut_nodes(),
      100.0 * counts.node_types.first_move_cut_share(), (unsigned long long)counts.splits_made(),
      (unsigned long long)counts.splits_wasted(), position.fen.c_str());
  return row;
}

// Opens positions.csv and position_counts.csv: new ones with the header, or (resuming) for
// appending, the run named above the rows it adds.
bool open_outputs(const std::string& dir, const std::string& header,
                  const bench::RunMetadata& metadata, bool fresh, std::ofstream& positions_csv,
                  std::ofstream& counts_csv, std::string& error) {
  const auto mode = fresh ? std::ios::trunc : std::ios::app;
  positions_csv.open(dir + "/positions.csv", std::ios::binary | mode);
  counts_csv.open(dir + "/position_counts.csv", std::ios::binary | mode);
  if (!positions_csv || !counts_csv) {
    error = "cannot write in the --out folder '" + dir + "': " + std::strerror(errno);
    return false;
  }
  if (fresh) {
    positions_csv << header << kPositionsHeader << '\n' << std::flush;
    counts_csv << header << kCountsHeader << '\n' << std::flush;
  } else {
    positions_csv << "# resumed: " << bench::shell_command(metadata.command_line) << " at "
                  << metadata.started << '\n';
  }
  return true;
}

// The settings a run is known by: printed, and written in every results file so that a resumed
// run can tell whether the folder's earlier run used the same ones.
// The settings line a resumed run must match. The game is named when it is not the default
// one, so that a chess run's line reads as it did before games were chosen.
std::string describe_settings(const Flags& flags, const std::string& suite_name, long long depth,
                              long long movetime_ms, std::string_view default_features) {
  const std::string limit = flags.has("movetime")
                                ? "movetime " + std::to_string(movetime_ms) + " ms"
                                : "depth " + std::to_string(depth);
  const std::string game = flags.has("game") && flags.get("game") !=
                                                    game_info(kDefaultGame).name
                               ? "game " + flags.get("game") + ", "
                               : "";
  return game + "suite " + suite_name + ", " + limit + ", hash " + flags.get("hash", "16") +
         " MB, " + flags.get("tt-entry", "xor") + " entries, " +
         flags.get("tt-replace", "bucket") + " replacement, " +
         describe_parallel(flags, default_features);
}

bool create_out_dir(const std::string& dir, std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir)) {
    error = "cannot create the --out folder '" + dir + "'" +
            (ec ? ": " + ec.message() : ": a file of that name is in the way");
    return false;
  }
  return true;
}

void add_to_totals(const PositionSearch& searched, RunTotals& totals) {
  totals.counts += searched.counts;
  totals.nodes += searched.result.nodes;
  totals.seconds += searched.seconds;
  ++totals.positions_done;
}

void print_position_line(int number, size_t suite_size, const std::string& id,
                         const PositionSearch& searched) {
  const auto& result = searched.result;
  const auto& counts = searched.counts;
  std::printf(
      "position %3d/%zu  %-12s depth %2d  nodes %10llu  right %5.1f%%  first-move "
      "cuts %5.1f%%  splits %llu (%llu wasted)\n",
      number, suite_size, id.c_str(), result.depth, (unsigned long long)result.nodes,
      100.0 * counts.node_types.accuracy(), 100.0 * counts.node_types.first_move_cut_share(),
      (unsigned long long)counts.splits_made(), (unsigned long long)counts.splits_wasted());
  std::fflush(stdout);
}

// Appends a searched position's rows, then rewrites the tables with the new totals.
bool record_position(int number, const SuitePosition& position, const PositionSearch& searched,
                     size_t suite_size, const RunTotals& totals, RunOutput& out,
                     std::string& error) {
  out.counts_csv << counts_rows(number, searched.counts) << std::flush;
  out.positions_csv << position_row(number, position, searched.result, searched.seconds,
                                    searched.counts)
                    << std::flush;
  if (!out.counts_csv || !out.positions_csv) {
    error = "cannot write in the --out folder '" + out.dir + "': " + std::strerror(errno);
    return false;
  }
  return write_results(out.dir, out.header, out.settings, suite_size, totals, error);
}

}  // namespace predictor_detail

int predictor_command(const std::vector<std::string>& args) {
  Flags flags(predictor_spec().flags);
  std::string error;
  if (!flags.parse(args, error)) return fail(error);
  if (flags.has("depth") && flags.has("movetime"))
    return fail("--depth and --movetime exclude each other: give one");
  long long depth = 0, movetime_ms = 0;
  if (!flags.get_int("depth", depth, error) || !flags.get_int("movetime", movetime_ms, error))
    return fail(error);
  GameId game = kDefaultGame;
  if (flags.has("game") && !parse_game(flags.get("game"), game, error)) return fail(error);
  return PerGame<PredictorHook>::of(game)(flags, args, depth, movetime_ms);
}

}  // namespace splitlab::cli
