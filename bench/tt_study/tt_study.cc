#include "bench/tt_study/tt_study.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "bench/build_commit.h"
#include "bench/cpu_features.h"
#include "bench/json_writer.h"
#include "bench/ranks/work_queue.h"
#include "bench/resumable_csv.h"
#include "bench/run_metadata.h"
#include "bench/tt_study/series_search.h"
#include "engine/games/game_hooks.h"
#include "engine/search/search_features.h"
#include "engine/search/searcher.h"
#include "engine/util/files.h"
#include "engine/util/progress.h"
#include "engine/util/text.h"
#include "hashing/tt.h"

namespace splitlab::bench {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr char kResultsFile[] = "results.csv";
constexpr char kConfigFile[] = "config.txt";
constexpr char kSummaryFile[] = "summary.txt";
constexpr char kRunFile[] = "run.json";

// Keys of config.txt that describe a run without deciding its node counts: not compared.
const std::set<std::string> kInformationalKeys = {"games_file", "commit"};

// Every switchable technique off, whatever the defaults: the plain search prunes nothing.
search::SearchFeatures no_features() {
  search::SearchFeatures features;
  for (auto name : search::kSearchFeatureNames) *search::search_feature(features, name) = false;
  return features;
}

std::string hex(uint64_t value) {
  char text[20];
  std::snprintf(text, sizeof text, "%016llx", (unsigned long long)value);
  return text;
}

// "key=value" lines, comments (#) and blank lines skipped.
std::map<std::string, std::string> parse_config_text(const std::string& text) {
  std::map<std::string, std::string> values;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t eq = line.find('=');
    if (eq != std::string::npos) values[line.substr(0, eq)] = line.substr(eq + 1);
  }
  return values;
}

// Empty when `stored` and `current` describe the same measurements, else what differs.
std::string config_differences(const std::string& stored, const std::string& current) {
  const auto before = parse_config_text(stored), now = parse_config_text(current);
  std::set<std::string> keys;
  for (const auto& [k, v] : before) keys.insert(k);
  for (const auto& [k, v] : now) keys.insert(k);
  std::string differences;
  for (const auto& k : keys) {
    if (kInformationalKeys.count(k)) continue;
    const auto a = before.find(k), b = now.find(k);
    const std::string there = a == before.end() ? "(none)" : a->second;
    const std::string here = b == now.end() ? "(none)" : b->second;
    if (there != here)
      differences +=
          (differences.empty() ? "" : "; ") + k + " " + there + " there, " + here + " here";
  }
  return differences;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A results.csv that is not tt-study's (its first line that is not a comment is none of its
// headers, today's or an older build's) is refused rather than appended to.
bool refuse_foreign_results(const std::string& path, std::string& error) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line) && !line.empty() && line[0] == '#') {
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (line.empty() || line == kTtStudyCsvHeader || line == kTtStudyCsvHeaderWithoutBuild ||
      line == kTtStudyCsvHeaderWithoutMachine)
    return true;
  error = "'" + path + "' is not a tt-study results file (its first line is not '" +
          std::string(kTtStudyCsvHeader) + "')";
  return false;
}

// The rows of the study, in the order they are measured: every rank builds the same from the
// same command line, so that an index names one row on all of them.
std::vector<TtStudyRow> study_grid(const TtStudyConfig& config) {
  std::vector<TtStudyRow> grid;
  for (auto search : config.searches)
    for (auto table : config.tables)
      for (int log2 = config.min_log2; log2 <= config.max_log2; ++log2)
        for (auto policy : config.policies) {
          TtStudyRow row;
          row.search = search;
          row.table = table;
          row.policy = policy;
          row.log2_entries = log2;
          grid.push_back(row);
        }
  return grid;
}

// A rank other than 0: measures the rows rank 0 hands it (by their index in the grid) and
// sends each back as its results line.
int run_tt_study_rank(const TtStudyConfig& config, ranks::World& world, std::string& error) {
  const std::vector<TtStudyRow> grid = study_grid(config);
  const MachineInfo machine = machine_info();
  const bool done = ranks::take_work(
      world,
      [&](const std::string& item, std::string& answer, std::string& why) {
        int64_t index = 0;
        if (!util::parse_int(item, 0, int64_t(grid.size()) - 1, index)) {
          why = "a row it cannot read ('" + item + "'): are all ranks the same build?";
          return false;
        }
        TtStudyRow row = grid[size_t(index)];
        if (!measure_tt_study_row(
                config.series, config.depth_of(row.search), config.scheme, row, [](int) {}, why))
          return false;
        row.host = machine.hostname;
        row.cpu_model = machine.cpu_model;
        row.commit = build_commit();
        row.isa = compiled_isa_level();
        answer = to_csv(row);
        return true;
      },
      error);
  return done ? 0 : 2;
}

struct RunState {
  RunMetadata metadata;
  std::string previous_commit;  // Of the rows an earlier run measured, when not this one.
  int rows_total = 0;
  int rows_done = 0;
  bool complete = false;
};

std::string run_json(const TtStudyConfig& config, const RunState& state) {
  JsonWriter json;
  json.begin_object();
  write_run_metadata(json, state.metadata);
  json.string("updated", utc_now());
  if (!state.previous_commit.empty()) json.string("commit_of_earlier_rows", state.previous_commit);
  json.begin_object("config")
      .string("games_file", config.games_path)
      .integer("first_move", config.selection.first_move)
      .integer("positions_per_game", config.selection.positions_per_game)
      .integer("max_games", config.selection.max_games)
      .integer("games", int64_t(config.series.size()))
      .integer("positions", int64_t(position_count(config.series)))
      .string("positions_fingerprint", hex(series_fingerprint(config.series)))
      .integer("depth", config.depth)
      .integer("plain_depth", config.plain_depth)
      .integer("min_log2_entries", config.min_log2)
      .integer("max_log2_entries", config.max_log2)
      .string("tt_entry", std::string(hashing::tt_entry_scheme_name(config.scheme)))
      .integer("threads", 1)
      .string("full_search_features",
              search::describe_search_features(features_of(StudySearch::Full, config.selection.game)));
  json.begin_array("policies");
  for (auto p : config.policies) json.string("", std::string(hashing::tt_replace_policy_name(p)));
  json.end_array();
  json.begin_array("searches");
  for (auto s : config.searches) json.string("", std::string(study_search_name(s)));
  json.end_array();
  json.begin_array("tables");
  for (auto t : config.tables) json.string("", std::string(study_table_name(t)));
  json.end_array();
  json.end_object();
  json.begin_array("series");
  for (const auto& s : config.series)
    json.begin_object()
        .integer("game", s.game_number)
        .string("label", s.label)
        .string("first_fen", s.positions.front().fen)
        .integer("positions", int64_t(s.positions.size()))
        .end_object();
  json.end_array();
  json.integer("rows_total", state.rows_total)
      .integer("rows_done", state.rows_done)
      .boolean("complete", state.complete);
  json.end_object();
  return json.text() + "\n";
}

}  // namespace

// The full search is the game's default search.
search::SearchFeatures features_of(StudySearch search, GameId game) {
  return search == StudySearch::Plain
             ? no_features()
             : search::search_features_of(game_info(game).default_search_features);
}


std::string tt_study_config_text(const TtStudyConfig& config, const std::string& commit) {
  std::string text =
      "# splitlab tt-study: what the rows of results.csv were measured on. A rerun into this\n"
      "# folder must match every line but games_file and commit.\n";
  auto line = [&text](const std::string& key, const std::string& value) {
    text += key + "=" + value + "\n";
  };
  line("positions_fingerprint", hex(series_fingerprint(config.series)));
  line("positions", std::to_string(position_count(config.series)));
  line("games", std::to_string(config.series.size()));
  line("first_move", std::to_string(config.selection.first_move));
  line("positions_per_game", std::to_string(config.selection.positions_per_game));
  line("depth", std::to_string(config.depth));
  line("plain_depth", std::to_string(config.plain_depth));
  line("tt_entry", std::string(hashing::tt_entry_scheme_name(config.scheme)));
  line("threads", "1");
  line("full_search_features", search::describe_search_features(features_of(StudySearch::Full, config.selection.game)));
  line("games_file", config.games_path);
  line("commit", commit);
  return text;
}


bool measure_tt_study_row(const std::vector<GameSeries>& series, int depth,
                          hashing::TtEntryScheme scheme, TtStudyRow& row,
                          const std::function<void(int)>& searched, std::string& error) {
  hashing::TranspositionTable table;
  table.set_scheme(scheme);
  if (!table.resize_log2_entries(row.log2_entries, &error)) return false;
  table.set_policy(row.policy);
  row.depth = depth;
  row.nodes = 0;
  row.positions = 0;
  const auto start = Clock::now();
  if (!series.empty())
    PerGame<SeriesSearchHook>::of(series.front().game)(series, depth, table, row, searched);
  row.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return true;
}

namespace {

// One run of the study on rank 0 (or this process alone): its files, its grid and its rows.
struct StudyRun {
  const TtStudyConfig& config;
  TtStudyOutcome& outcome;
  RunState state;
  bool over_ranks = false;
  std::string results_path, json_path;
  ResumableCsv results;
  std::map<std::string, TtStudyRow> done;  // Rows already in results.csv, by key.
  std::vector<TtStudyRow> grid;            // Every row, in the order it is measured.
  std::vector<std::optional<TtStudyRow>> measured;  // By grid index: this run's rows.
  int positions = 0;
  double total_work = 0, work_done = 0;  // In positions searched.
  util::Progress progress{"tt-study"};
};

std::string row_label(const TtStudyRow& row) {
  return std::string(study_search_name(row.search)) + " " +
         std::string(study_table_name(row.table)) + " " +
         std::string(hashing::tt_replace_policy_name(row.policy)) + " 2^" +
         std::to_string(row.log2_entries);
}

// results.csv through the resumable CSV that scale, overhead and simulate share
// (bench/resumable_csv.h): a new file opens with the run's metadata, a resumed one gets the
// resuming run's above its first new row, and an older build's rows (before rows named their
// machine and build) are rewritten under today's header. The rows already there are read into
// `done`.
bool open_results(StudyRun& run, std::string& error) {
  if (!refuse_foreign_results(run.results_path, error)) return false;
  ResumableCsv::Form form;
  form.header = std::string(kTtStudyCsvHeader);
  form.header_prefix = "search,table,policy,log2_entries,";
  form.upgrade = [](std::string& line) {
    TtStudyRow row;
    if (!from_csv(line, row)) return false;
    line = to_csv(row);
    return true;
  };
  if (!run.results.open(run.results_path, form, run.state.metadata, error)) return false;
  for (const std::string& line : run.results.rows()) {
    TtStudyRow row;
    if (from_csv(line, row)) run.done.emplace(row.key(), row);
  }
  return true;
}

// The folder's configuration: this one (written to a new folder), or a refusal naming what
// differs. A folder measured by another commit is only warned about.
bool check_folder(StudyRun& run, std::string& error) {
  const TtStudyConfig& config = run.config;
  const std::string config_path = config.out_dir + "/" + kConfigFile;
  const std::string& commit = run.state.metadata.commit;
  const std::string config_text = tt_study_config_text(config, commit);
  if (fs::exists(config_path)) {
    const std::string stored = read_file(config_path);
    const std::string differences = config_differences(stored, config_text);
    if (!differences.empty()) {
      error = "'" + config.out_dir + "' holds results of another configuration (" + differences +
              "): rerun with the same settings, or choose another --out";
      return false;
    }
    const auto before = parse_config_text(stored);
    const auto stored_commit = before.find("commit");
    if (stored_commit != before.end() && stored_commit->second != commit) {
      run.state.previous_commit = stored_commit->second;
      std::fprintf(stderr,
                   "tt-study: warning: the rows already in %s were measured by commit %s, this "
                   "is %s; if the search changed between them, they do not compare\n",
                   run.results_path.c_str(), run.state.previous_commit.c_str(), commit.c_str());
    }
    return true;
  }
  if (fs::exists(run.results_path)) {
    error = "'" + run.results_path + "' has no " + kConfigFile +
            " beside it, so what it measured is unknown: choose another --out";
    return false;
  }
  return util::write_file_atomically(config_path, config_text, error);
}

// A row as it is measured: written and flushed, printed, counted, and run.json brought up to
// date.
bool record(StudyRun& run, size_t index, const TtStudyRow& row, std::string& error) {
  if (!run.results.append(to_csv(row))) {
    error = "cannot write '" + run.results_path + "'";
    return false;
  }
  std::printf("%-28s %14llu nodes %9.2f s%s\n", row_label(row).c_str(),
              (unsigned long long)row.nodes, row.seconds,
              run.over_ranks ? ("  (" + row.host + ")").c_str() : "");
  std::fflush(stdout);
  run.measured[index] = row;
  ++run.outcome.rows_measured;
  ++run.state.rows_done;
  return util::write_file_atomically(run.json_path, run_json(run.config, run.state), error);
}

// Every row not yet in results.csv: measured here, or (over ranks) made into work items, the
// row's grid index.
bool measure_here_or_plan(StudyRun& run, std::vector<std::string>& items,
                          std::vector<size_t>& item_rows, std::string& error) {
  const TtStudyConfig& config = run.config;
  for (size_t index = 0; index < run.grid.size(); ++index) {
    TtStudyRow row = run.grid[index];
    if (run.done.count(row.key())) continue;
    if (run.over_ranks) {
      items.push_back(std::to_string(index));
      item_rows.push_back(index);
      continue;
    }
    const std::string label = row_label(row);
    const bool ok = measure_tt_study_row(
        config.series, config.depth_of(row.search), config.scheme, row,
        [&](int searched) {
          run.progress.update(run.work_done + searched, run.total_work,
                              label + " (" + std::to_string(searched) + "/" +
                                  std::to_string(run.positions) + " positions)");
        },
        error);
    if (!ok) return false;
    run.work_done += run.positions;
    row.host = run.state.metadata.machine.hostname;
    row.cpu_model = run.state.metadata.machine.cpu_model;
    row.commit = run.state.metadata.commit;
    row.isa = compiled_isa_level();
    if (!record(run, index, row, error)) return false;
  }
  return true;
}

// Rank 0 hands the rows out and records each answer. Every other rank waits for work: it is
// told there is none even when nothing is left.
bool hand_out_rows(StudyRun& run, const std::vector<std::string>& items,
                   const std::vector<size_t>& item_rows, std::string& error) {
  std::fprintf(stderr,
               "tt-study: %zu rows over %d measuring rank(s); rank 0 hands them out and writes "
               "the files\n",
               items.size(), run.config.world->size() - 1);
  return ranks::hand_out(
      *run.config.world, items,
      [&](size_t item, const std::string& answer, int rank, std::string& why) {
        TtStudyRow row;
        const TtStudyRow& asked = run.grid[item_rows[item]];
        if (!from_csv(answer, row) || row.key() != asked.key()) {
          why = "rank " + std::to_string(rank) + " answered " + row_label(asked) + " with '" +
                answer + "'";
          return false;
        }
        if (!record(run, item_rows[item], row, why)) return false;
        run.work_done += run.positions;
        run.progress.update(run.work_done, run.total_work,
                            row_label(row) + " (rank " + std::to_string(rank) + ", " +
                                row.host + ")");
        return true;
      },
      error);
}

// The summary's heading: the run's metadata and settings, and where the rows were measured
// when more than one kind of machine measured them (nodes do not depend on the machine; the
// seconds do).
std::string summary_heading(const StudyRun& run) {
  const TtStudyConfig& config = run.config;
  const std::string header =
      run_metadata_comments(run.state.metadata) + "splitlab tt-study: depth " +
      std::to_string(config.depth) + " (full search), " + std::to_string(config.plain_depth) +
      " (plain search); " + std::to_string(run.positions) + " positions (" +
      std::to_string(config.series.size()) + " games, " +
      std::to_string(config.selection.positions_per_game) +
      " consecutive positions each from move " + std::to_string(config.selection.first_move) +
      ") of " + config.games_path + "; entry scheme " +
      std::string(hashing::tt_entry_scheme_name(config.scheme)) + ", 1 thread; sizes 2^" +
      std::to_string(config.min_log2) + " to 2^" + std::to_string(config.max_log2) +
      " entries (16 bytes each, 4 to a 64-byte bucket)\n";
  std::map<std::string, std::pair<int, std::set<std::string>>> by_model;
  for (const auto& row : run.outcome.rows) {
    auto& [count, hosts] = by_model[row.cpu_model];
    ++count;
    if (!row.host.empty()) hosts.insert(row.host);
  }
  if (by_model.size() <= 1) return header;
  std::string machines = "rows measured on " + std::to_string(by_model.size()) +
                         " CPU models (nodes are the same on any; seconds are not):\n";
  for (const auto& [model, measured_there] : by_model) {
    std::string hosts;
    for (const auto& h : measured_there.second) hosts += (hosts.empty() ? "" : ", ") + h;
    machines += "  " + (model.empty() ? std::string("not recorded") : model) + ": " +
                std::to_string(measured_there.first) + " rows" +
                (hosts.empty() ? "" : " (" + hosts + ")") + "\n";
  }
  return header + machines;
}

}  // namespace

int run_tt_study(const TtStudyConfig& config, TtStudyOutcome& outcome, std::string& error) {
  outcome = TtStudyOutcome();
  if (config.world && config.world->rank() > 0)
    return run_tt_study_rank(config, *config.world, error);
  std::error_code ec;
  fs::create_directories(config.out_dir, ec);
  if (ec) {
    error = "cannot create '" + config.out_dir + "': " + ec.message();
    return 2;
  }
  StudyRun run{config, outcome};
  run.over_ranks = config.world && config.world->size() > 1;
  run.results_path = config.out_dir + "/" + kResultsFile;
  run.json_path = config.out_dir + "/" + kRunFile;
  // Nothing is drawn at random: the positions are chosen in file order, the search is
  // single-threaded and deterministic.
  run.state.metadata = collect_run_metadata(config.command_line, std::nullopt);
  if (!check_folder(run, error) || !open_results(run, error)) return 2;
  run.grid = study_grid(config);
  run.measured.resize(run.grid.size());
  run.state.rows_total = int(run.grid.size());
  for (const auto& row : run.grid) run.state.rows_done += run.done.count(row.key()) ? 1 : 0;
  outcome.rows_resumed = run.state.rows_done;
  if (!util::write_file_atomically(run.json_path, run_json(config, run.state), error)) return 2;
  run.positions = int(position_count(config.series));
  run.total_work = double(run.state.rows_total - run.state.rows_done) * run.positions;
  if (outcome.rows_resumed > 0)
    std::fprintf(stderr, "tt-study: %d of %d rows already in %s\n", outcome.rows_resumed,
                 run.state.rows_total, run.results_path.c_str());
  std::vector<std::string> items;
  std::vector<size_t> item_rows;
  if (!measure_here_or_plan(run, items, item_rows, error)) return 2;
  if (run.over_ranks && !hand_out_rows(run, items, item_rows, error)) return 2;
  for (size_t index = 0; index < run.grid.size(); ++index) {
    if (run.measured[index]) {
      outcome.rows.push_back(*run.measured[index]);
    } else if (auto it = run.done.find(run.grid[index].key()); it != run.done.end()) {
      outcome.rows.push_back(it->second);
    }
  }
  run.state.complete = true;
  outcome.summary = tt_study_summary(outcome.rows, config.policies, summary_heading(run));
  if (!util::write_file_atomically(config.out_dir + "/" + kSummaryFile, outcome.summary, error) ||
      !util::write_file_atomically(run.json_path, run_json(config, run.state), error))
    return 2;
  std::printf("\n%s", outcome.summary.c_str());
  std::fprintf(stderr, "tt-study: results in %s (results.csv, summary.txt, run.json)\n",
               config.out_dir.c_str());
  return 0;
}

}  // namespace splitlab::bench
