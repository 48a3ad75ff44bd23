#include "bench/match/results_json.h"

#include "bench/json_writer.h"
#include "engine/games/game_info.h"

namespace splitlab::bench::match {

namespace {

const char* decision_name(SprtDecision d) {
  switch (d) {
    case SprtDecision::kAcceptH0:
      return "H0";
    case SprtDecision::kAcceptH1:
      return "H1";
    case SprtDecision::kContinue:
      break;
  }
  return "continue";
}

void write_elo(JsonWriter& json, const std::string& key, const EloSummary& e) {
  json.begin_object(key)
      .number("score", e.score)
      .number("elo", e.elo)
      .number("elo_error", e.elo_error)
      .number("nelo", e.nelo)
      .number("nelo_error", e.nelo_error)
      .number("los_percent", e.los)
      .number("draw_ratio_percent", e.draw_ratio)
      .end_object();
}

void write_time_control(JsonWriter& json, const TimeControl& tc) {
  json.begin_object("time_control")
      .string("tc", tc.to_string())
      .integer("moves_per_period", tc.moves_per_period)
      .integer("base_ms", tc.base_ms)
      .integer("increment_ms", tc.increment_ms)
      .integer("move_time_ms", tc.move_time_ms)
      .integer("nodes", tc.nodes)
      .integer("depth", tc.depth)
      .integer("margin_ms", tc.margin_ms)
      .end_object();
}

void write_config(JsonWriter& json, const MatchConfig& c, size_t opening_count,
                  const std::vector<EngineIdentity>* identities) {
  json.begin_object("config");
  json.begin_array("command_line");
  for (const auto& a : c.command_line) json.string("", a);
  json.end_array();
  json.begin_array("engines");
  for (size_t i = 0; i < c.engines.size(); ++i) {
    const EngineConfig& e = c.engines[i];
    json.begin_object().string("name", e.name).string("cmd", e.command);
    if (identities && i < identities->size()) {
      const EngineIdentity& id = (*identities)[i];
      json.string("id_name", id.id_name)
          .string("binary", id.binary)
          .string("binary_sha256", id.binary_sha256);
      // Binaries that played earlier games under this name (a resumed match): their games and
      // this binary's are mixed in the results below.
      json.begin_array("earlier_binary_sha256");
      for (const auto& digest : id.earlier_sha256) json.string("", digest);
      json.end_array();
    }
    json.begin_array("args");
    for (const auto& a : e.args) json.string("", a);
    json.end_array();
    json.begin_object("options");
    for (const auto& [name, value] : e.options) json.string(name, value);
    json.end_object();
    write_time_control(json, e.time_control);
    json.end_object();
  }
  json.end_array();
  json.string("variant", std::string(game_info(c.variant).variant_name));
  if (game_info(c.variant).has_chase_rule) json.boolean("chase_rule", c.chase_rule);
  json.string("tournament", c.tournament == TournamentKind::kGauntlet ? "gauntlet" : "round-robin")
      .integer("rounds", c.rounds)
      .integer("games", c.games_per_encounter)
      .boolean("repeat", c.repeat);
  json.begin_object("openings")
      .string("file", c.openings.file.empty() ? "(default book)" : c.openings.file)
      .string("format", c.openings.format)
      .string("order", c.openings.random_order ? "random" : "sequential")
      .integer("plies", c.openings.plies)
      .integer("start", c.openings.start)
      .integer("count", int64_t(opening_count))
      .end_object();
  json.integer("concurrency", c.concurrency)
      .string("pgnout", c.pgn_out)
      .integer("ratinginterval", c.rating_interval);
  const auto& a = c.adjudication;
  if (a.draw)
    json.begin_object("draw")
        .integer("movenumber", a.draw_move_number)
        .integer("movecount", a.draw_move_count)
        .integer("score", a.draw_score_cp)
        .end_object();
  if (a.resign)
    json.begin_object("resign")
        .integer("movecount", a.resign_move_count)
        .integer("score", a.resign_score_cp)
        .boolean("twosided", a.resign_two_sided)
        .end_object();
  json.integer("maxmoves", a.max_moves);
  if (c.sprt)
    json.begin_object("sprt")
        .number("elo0", c.sprt->elo0)
        .number("elo1", c.sprt->elo1)
        .number("alpha", c.sprt->alpha)
        .number("beta", c.sprt->beta)
        .string("model", c.sprt->model == SprtModel::kLogistic ? "logistic" : "normalized")
        .end_object();
  json.end_object();
}

// What this run of the runner cost: its ranks and games, wall and CPU time.
void write_runner(JsonWriter& json, const MatchSummary& s) {
  json.begin_object("runner")
      .integer("ranks", s.ranks)
      .integer("games_this_run", s.games_this_run)
      .number("wall_seconds", s.runner_wall_seconds)
      .number("cpu_seconds", s.runner_cpu_seconds)
      .number("main_thread_cpu_seconds", s.main_thread_cpu_seconds)
      .number("game_threads_cpu_seconds", s.game_threads_cpu_seconds)
      .end_object();
}

// Each pairing's games and Elo; with --repeat also its game pairs (pentanomial).
void write_pairings(JsonWriter& json, const MatchSummary& s) {
  const auto& engines = s.config->engines;
  json.begin_array("pairings");
  for (size_t p = 0; p < s.pairings.size(); ++p) {
    const PairingTally& t = s.tally->pairing(int(p));
    json.begin_object()
        .string("first", engines[size_t(s.pairings[p].first)].name)
        .string("second", engines[size_t(s.pairings[p].second)].name)
        .integer("games", t.games.wins + t.games.draws + t.games.losses)
        .integer("wins", t.games.wins)
        .integer("draws", t.games.draws)
        .integer("losses", t.games.losses);
    write_elo(json, "trinomial", elo_from_games(t.games));
    if (s.config->repeat) {
      json.begin_array("pentanomial");
      for (int64_t c : t.pairs) json.integer("", c);
      json.end_array();
      if (t.pair_count() > 0) write_elo(json, "pentanomial_elo", elo_from_pairs(t.pairs, t.games));
    }
    json.end_object();
  }
  json.end_array();
}

void write_game(JsonWriter& json, const GameRecord& g) {
  json.begin_object()
      .integer("index", g.index)
      .integer("round", g.round)
      .integer("pair", g.pair)
      .integer("opening_index", g.opening_index)
      .string("opening_id", g.opening_id)
      .string("opening_fen", g.opening_fen)
      .string("white", g.white)
      .string("black", g.black)
      .string("result", g.result)
      .string("termination", g.reason)
      .string("termination_tag", g.termination)
      .integer("plies", g.plies)
      .integer("white_time_ms", g.time_used_ms[0])
      .integer("black_time_ms", g.time_used_ms[1])
      .integer("white_engine_reported_ms", g.engine_reported_ms[0])
      .integer("black_engine_reported_ms", g.engine_reported_ms[1])
      .integer("white_lowest_clock_ms", g.lowest_clock_ms[0])
      .integer("black_lowest_clock_ms", g.lowest_clock_ms[1])
      .integer("white_largest_unseen_delay_ms", g.largest_unseen_delay_ms[0])
      .integer("black_largest_unseen_delay_ms", g.largest_unseen_delay_ms[1])
      .integer("forfeit_clock_ms", g.forfeit_clock_ms)
      .integer("forfeit_move_ms", g.forfeit_move_ms)
      .integer("forfeit_engine_ms", g.forfeit_engine_ms)
      .number("wall_ms", g.wall_ms)
      .number("setup_ms", g.setup_ms)
      .number("think_ms", g.think_ms)
      .string("host", g.host)
      .string("cpus", g.cpus)
      .end_object();
}

}  // namespace

double runner_overhead_percent(const std::vector<GameRecord>& games) {
  double wall = 0, think = 0;
  for (const auto& g : games) {
    wall += g.wall_ms - g.setup_ms;
    think += g.think_ms;
  }
  return wall > 0 ? 100.0 * (wall - think) / wall : 0.0;
}

std::string results_json(const MatchSummary& s) {
  JsonWriter json;
  json.begin_object();
  write_run_metadata(json, *s.metadata);
  write_config(json, *s.config, s.opening_count, s.identities);
  json.boolean("oversubscribed", s.oversubscribed)
      .integer("total_games", s.total_games)
      .integer("finished_games", int64_t(s.games->size()))
      .boolean("complete", s.complete)
      .number("runner_overhead_percent", runner_overhead_percent(*s.games));
  write_runner(json, s);
  if (s.sprt)
    json.begin_object("sprt_status")
        .number("llr", s.sprt->llr)
        .number("lower", s.sprt->lower)
        .number("upper", s.sprt->upper)
        .string("decision", decision_name(s.sprt->decision))
        .end_object();
  write_pairings(json, s);
  json.begin_array("games");
  for (const auto& g : *s.games) write_game(json, g);
  json.end_array();
  json.end_object();
  return json.text();
}

}  // namespace splitlab::bench::match
