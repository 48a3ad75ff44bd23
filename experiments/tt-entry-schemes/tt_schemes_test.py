#!/usr/bin/env python3
"""Tests of bench/tt_schemes.py's parsing and judging, on made-up benchmark and bench output.

Run from anywhere: python3 experiments/tt-entry-schemes/tt_schemes_test.py
"""

import importlib.util
import os
import unittest

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
_spec = importlib.util.spec_from_file_location(
    "tt_schemes", os.path.join(REPO_ROOT, "bench", "tt_schemes.py"))
tt_schemes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tt_schemes)


def run(name, threads, ns_per_op_per_thread, **extra):
    """One repetition as Google Benchmark writes it: items per second over all threads."""
    entry = {"name": f"{name}/real_time/threads:{threads}", "run_type": "iteration",
             "threads": threads, "items_per_second": threads * 1e9 / ns_per_op_per_thread}
    entry.update(extra)
    return entry


def document(times_1gib, threads=(1, 2), baseline_ns=25.0):
    """A document with the memory baseline and probe+store of each scheme on the 1GiB table."""
    benchmarks = []
    for t in threads:
        benchmarks.append(run("BM_MemoryBaselineRandomLineRmw/1GiB", t, baseline_ns))
        for scheme, ns in times_1gib.items():
            benchmarks.append(run(f"BM_ProbeStore/{scheme}/1GiB", t, ns, hit_rate=0.5,
                                  torn_accepted=0.0))
    return {"benchmarks": benchmarks}


def verdicts_of(doc, threads=(1, 2)):
    rows = tt_schemes.summarize_micro(tt_schemes.collect_runs(doc))
    return dict(tt_schemes.judge(rows, list(threads))), rows


class MicrobenchTest(unittest.TestCase):
    def test_names(self):
        parse = tt_schemes.parse_benchmark_name
        self.assertEqual(parse("BM_ProbeStore/xor/1GiB/real_time/threads:2"),
                         ("probe+store", "xor", "1GiB"))
        self.assertEqual(parse("BM_ProbeStorePrefetched/bracket/1GiB/real_time/threads:1"),
                         ("ps+prefetch", "bracket", "1GiB"))
        self.assertEqual(parse("BM_Probe/raw/256KiB/real_time/threads:1"),
                         ("probe", "raw", "256KiB"))
        self.assertEqual(parse("BM_MemoryBaselineRandomLineRmw/1GiB/real_time/threads:1"),
                         ("baseline", "memory", "1GiB"))
        self.assertIsNone(parse("BM_Clear/xor/1GiB/min_time:0.5"))

    def test_per_thread_time_undoes_the_aggregate_throughput(self):
        # 2 threads, 10 ns per operation each: 200 M operations per second together.
        self.assertAlmostEqual(tt_schemes.ns_per_op_per_thread(run("BM_Probe/xor/1GiB", 2, 10.0)),
                               10.0)

    def test_targets_pass_and_fail_at_their_limits(self):
        # raw 28 ns; xor 28.8 (raw/xor = 0.972, 1.152 x baseline): both targets pass;
        # bracket 29 (0.966 x raw): fails the raw target; locked 30.5 (1.22 x baseline) fails the
        # baseline target.
        verdicts, rows = verdicts_of(document({"xor": 28.8, "bracket": 29.0, "locked": 30.5,
                                               "raw": 28.0}))
        expected_failures = {
            "bracket probe+store 1GiB 1 thread(s): throughput >= 0.97 x raw",
            "bracket probe+store 1GiB 2 thread(s): throughput >= 0.97 x raw",
            "locked probe+store 1GiB 1 thread(s): time <= 1.2 x memory baseline",
            "locked probe+store 1GiB 2 thread(s): time <= 1.2 x memory baseline",
        }
        self.assertEqual({t for t, v in verdicts.items() if v != "PASS"}, expected_failures)
        self.assertEqual(len(verdicts), 2 * (2 + 4))  # per thread count: 2 raw, 4 baseline targets
        xor = next(r for r in rows if r["scheme"] == "xor" and r["threads"] == 2)
        self.assertAlmostEqual(xor["throughput_vs_raw"], 28.0 / 28.8)
        self.assertAlmostEqual(xor["time_vs_baseline"], 28.8 / 25.0)

    def test_a_missing_measurement_is_not_a_pass(self):
        verdicts, _ = verdicts_of(document({"xor": 25.0, "bracket": 25.0, "locked": 25.0}))
        self.assertEqual(verdicts["xor probe+store 1GiB 1 thread(s): throughput >= 0.97 x raw"],
                         "MISSING")
        self.assertEqual(
            verdicts["raw probe+store 1GiB 1 thread(s): time <= 1.2 x memory baseline"], "MISSING")

    def test_in_cache_rows_are_not_judged(self):
        doc = {"benchmarks": [run("BM_MemoryBaselineRandomLineRmw/256KiB", 1, 2.0),
                              run("BM_ProbeStore/raw/256KiB", 1, 20.0),
                              run("BM_ProbeStore/xor/256KiB", 1, 40.0)]}
        rows = tt_schemes.summarize_micro(tt_schemes.collect_runs(doc))
        self.assertTrue(all("raw_target" not in r and "baseline_target" not in r for r in rows))

    def test_median_of_repetitions_and_aggregates_ignored(self):
        doc = {"benchmarks": [run("BM_ProbeStore/raw/1GiB", 1, ns) for ns in (30.0, 10.0, 20.0)]}
        doc["benchmarks"].append(dict(run("BM_ProbeStore/raw/1GiB", 1, 99.0), run_type="aggregate"))
        (row,) = tt_schemes.summarize_micro(tt_schemes.collect_runs(doc))
        self.assertAlmostEqual(row["ns_per_op_per_thread"], 20.0)
        self.assertEqual(row["repetitions"], 3)

    def test_a_benchmark_error_fails_the_run(self):
        doc = {"benchmarks": [dict(run("BM_ProbeStore/raw/1GiB", 1, 10.0), error_occurred=True,
                                   error_message="cannot allocate")]}
        with self.assertRaises(tt_schemes.Failure):
            tt_schemes.collect_runs(doc)


BENCH_OUTPUT = """bench: depth 10, threads 2, strategy ybwc
position  1/4  depth 10  score cp 20  nodes 100  bestmove e2e4  fen
Table: 1037882 probes, 19.7% hits, 62685 cutoffs, 456744 stores, 0 replacements; \
all threads: 404060 hits, 3 torn accepted
Total time (ms) : 859
Nodes searched: 5258101
Nodes/second: 6122233
"""


class SearchOutputTest(unittest.TestCase):
    def test_parses_the_bench_summary(self):
        values = tt_schemes.parse_bench_output(BENCH_OUTPUT)
        self.assertEqual(values["nodes"], 5258101)
        self.assertEqual(values["nps"], 6122233)
        self.assertEqual(values["time_ms"], 859)
        self.assertEqual(values["main_thread_probes"], 1037882)
        self.assertEqual(values["hits_all_threads"], 404060)
        self.assertEqual(values["torn_accepted"], 3)
        self.assertAlmostEqual(values["torn_per_million_hits"], 3e6 / 404060)

    def test_a_bench_without_the_audit_is_refused(self):
        old = BENCH_OUTPUT.replace("; all threads: 404060 hits, 3 torn accepted", "")
        with self.assertRaises(tt_schemes.Failure):
            tt_schemes.parse_bench_output(old)

    def test_search_summary_adds_up_torn_entries_over_runs(self):
        rows = [dict(scheme="raw", threads=2, nodes=n, nps=p, hits_all_threads=1000,
                     torn_accepted=t) for n, p, t in ((10, 100, 1), (30, 300, 0), (20, 200, 2))]
        (summary,) = tt_schemes.summarize_searches(rows)
        self.assertEqual(summary["median_nodes"], 20)
        self.assertEqual(summary["median_nps"], 200)
        self.assertEqual(summary["torn_accepted"], 3)
        self.assertAlmostEqual(summary["torn_per_million_hits"], 1000.0)


if __name__ == "__main__":
    unittest.main()
