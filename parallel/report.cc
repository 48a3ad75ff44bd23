#include "parallel/report.h"

#include <cstdio>

namespace splitlab::parallel {
namespace {

double percent(double part, double whole) { return whole > 0 ? 100.0 * part / whole : 0.0; }

std::string types(const std::array<uint64_t, search::kNodeTypes>& t) {
  return std::to_string(t[0]) + "/" + std::to_string(t[1]) + "/" + std::to_string(t[2]);
}

std::string row(const std::string& name, const ThreadReport& r) {
  char line[384];
  const auto& s = r.stats;
  std::snprintf(line, sizeof line,
                "%-6s %12llu %7llu %7llu %-16s %-16s %6llu %6llu %7.1f%% %6llu %6llu %6llu "
                "%6.1f%% %6.2f%% %6.2f%% %6llu %7llu\n",
                name.c_str(), (unsigned long long)r.nodes, (unsigned long long)s.splits,
                (unsigned long long)s.failed_splits, types(s.splits_predicted).c_str(),
                types(s.splits_actual).c_str(), (unsigned long long)s.wasted_splits,
                (unsigned long long)s.aborts, percent(double(s.aborted_nodes), double(r.nodes)),
                (unsigned long long)s.joins, (unsigned long long)s.help_requests,
                (unsigned long long)s.adoptions, percent(s.idle_seconds, s.total_seconds),
                percent(s.lock_wait_seconds, s.total_seconds),
                percent(s.split_seconds, s.total_seconds),
                (unsigned long long)s.iterations_taken_over, (unsigned long long)s.postponed_moves);
  return line;
}

}  // namespace

std::string thread_table(const std::vector<ThreadReport>& threads) {
  std::string out =
      "thread        nodes  splits  failed predicted PV/C/A  actual PV/C/A    wasted aborts "
      "aborted  joins   help  adopt   idle    lock   split  taken put-off\n";
  ThreadReport total;
  for (size_t i = 0; i < threads.size(); ++i) {
    out += row(std::to_string(i), threads[i]);
    total.nodes += threads[i].nodes;
    total.stats += threads[i].stats;
  }
  out += row("all", total);
  return out;
}

std::string split_draft_table(const search::SplitOutcomesByDraft& splits) {
  std::string out =
      "draft  predicted      made  fin. PV   fin. Cut   fin. All  abandoned     wasted  wasted\n";
  auto line = [&out](const std::string& draft, int type, const search::SplitOutcomes& o) {
    char text[200];
    std::snprintf(text, sizeof text, "%-6s %-9s %9llu %8llu %10llu %10llu %10llu %10llu %6.1f%%\n",
                  draft.c_str(), search::node_type_name(search::NodeType(type)),
                  (unsigned long long)o.made, (unsigned long long)o.finished_as[0],
                  (unsigned long long)o.finished_as[1], (unsigned long long)o.finished_as[2],
                  (unsigned long long)o.abandoned, (unsigned long long)o.wasted,
                  percent(double(o.wasted), double(o.made)));
    out += text;
  };
  std::array<search::SplitOutcomes, search::kNodeTypes> every_draft{};
  bool any = false;
  for (int b = 0; b < search::kDraftBuckets; ++b)
    for (int t = 0; t < search::kNodeTypes; ++t) {
      const search::SplitOutcomes& o = splits[b][t];
      if (o.made == 0 && o.finished() == 0 && o.abandoned == 0 && o.wasted == 0) continue;
      line(search::draft_bucket_name(b), t, o);
      every_draft[t] += o;
      any = true;
    }
  if (!any) return out + "(no splits)\n";
  for (int t = 0; t < search::kNodeTypes; ++t) line("all", t, every_draft[t]);
  return out;
}

std::vector<std::string> thread_info_lines(const std::vector<ThreadReport>& threads) {
  std::vector<std::string> lines;
  for (size_t i = 0; i < threads.size(); ++i) {
    const auto& s = threads[i].stats;
    char line[512];
    std::snprintf(
        line, sizeof line,
        "info string thread %zu nodes %llu splits %llu (PV/Cut/All predicted %s, "
        "actual %s) failed splits %llu wasted %llu aborts %llu (%.1f%% of nodes) "
        "re-searches at a raised alpha %llu joins %llu help %llu idle %.1f%% lock %.2f%% split "
        "%.2f%% iterations taken over %llu moves put off %llu (searched later %llu) cutoff checks "
        "%llu (decided %llu)",
        i, (unsigned long long)threads[i].nodes, (unsigned long long)s.splits,
        types(s.splits_predicted).c_str(), types(s.splits_actual).c_str(),
        (unsigned long long)s.failed_splits, (unsigned long long)s.wasted_splits,
        (unsigned long long)s.aborts, percent(double(s.aborted_nodes), double(threads[i].nodes)),
        (unsigned long long)s.stale_window_researches, (unsigned long long)s.joins,
        (unsigned long long)s.help_requests, percent(s.idle_seconds, s.total_seconds),
        percent(s.lock_wait_seconds, s.total_seconds), percent(s.split_seconds, s.total_seconds),
        (unsigned long long)s.iterations_taken_over, (unsigned long long)s.postponed_moves,
        (unsigned long long)s.postponed_searched, (unsigned long long)s.cutoff_checks,
        (unsigned long long)s.cutoff_check_hits);
    lines.push_back(line);
  }
  return lines;
}

}  // namespace splitlab::parallel
