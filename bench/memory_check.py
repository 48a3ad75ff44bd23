#!/usr/bin/env python3
"""Checks Splitlab's resident memory against the Hash size, and Hash changes without a restart.

The target: "resident memory during a search with Hash = 256 stays under 256 MB + 64 MB; Hash can
be changed between searches without a restart". One `splitlab` UCI process is started and, for each
Hash size in turn (default 256, then 64, then 512 MB; MB = MiB here, as Splitlab's Hash option and
/proc count them), all in that same process:

  1. `setoption name Hash value H`, then `isready`/`readyok`: the table is reallocated. The peak
     RSS of this step (the old and the new table may be resident together) and the RSS once it is
     done are recorded; the latter shows whether the old table's memory went back to the system.
  2. `setoption name Clear Hash`, `isready`/`readyok`: the whole table is written, so every page of
     it is resident from here on. A table touched lazily would make a search look smaller than the
     worst case; after the clear, the measured figure is that worst case. The RSS after the clear
     says whether the table is indeed all resident (RSS >= H).
  3. `position fen F`, `go movetime T` (default 3000 ms) up to `bestmove`.

RSS is VmRSS from /proc/PID/status, sampled every --interval seconds (default 0.05) by a thread of
this script. The peak of each step is also read exactly from VmHWM, which the script resets at the
start of each step by writing 5 to /proc/PID/clear_refs (Linux 4.0 and later); where that is not
allowed, the sampled peak is used alone. The figure judged for a Hash size is the peak from the
Clear Hash to the bestmove (steps 2 and 3); its limit is H + 64 MB (--slack). The reallocation peak
of step 1 is reported beside it, not judged: it happens between searches, not during one.

Exit status: 0 when the target size (--target-hash, default 256) stayed within its limit; 1 when it
did not, or the engine failed; 2 when the binary is missing or the arguments are wrong. The other
sizes are reported, and only warned about.

Python 3 standard library only. Example:
  bazel build -c opt //:splitlab && bench/memory_check.py --json /tmp/memory.json
"""

import argparse
import os
import platform
import sys
import threading
import time

# benchlib.py sits beside this script; said explicitly so that python3 -I or -m finds it too.
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import benchlib  # noqa: E402
from benchlib import Failure, progress  # noqa: E402

# sf-bench.2 (the first position of `splitlab bench`): a busy middlegame.
DEFAULT_FEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
MIB = 1024  # /proc/PID/status counts kB (KiB)


def read_status(pid):
    """Returns {field: kB} of the Vm*/Rss* lines of /proc/PID/status, or None if it is gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            text = status.read()
    except OSError:
        return None
    fields = {}
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.startswith(("Vm", "Rss")) and value.strip().endswith("kB"):
            fields[key] = int(value.split()[0])
    return fields


class Sampler(threading.Thread):
    """Samples VmRSS of a process every `interval` seconds; keeps the peak of the current step."""

    def __init__(self, pid, interval):
        super().__init__(daemon=True)
        self.pid = pid
        self.interval = interval
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.peak = 0
        self.samples = 0
        self.trace = []  # (seconds since start, step, VmRSS kB), for the JSON output
        self.step = "start"
        self.start_time = time.perf_counter()

    def begin(self, step):
        """Starts a new step: its peak starts from a sample taken now."""
        status = read_status(self.pid)
        with self.lock:
            self.step = step
            self.peak = status["VmRSS"] if status else 0
            self.samples = 1

    def end(self):
        """Returns (peak VmRSS kB, samples) of the step, including a last sample taken now."""
        self.sample()
        with self.lock:
            return self.peak, self.samples

    def sample(self):
        status = read_status(self.pid)
        if status is None or "VmRSS" not in status:
            return
        with self.lock:
            self.peak = max(self.peak, status["VmRSS"])
            self.samples += 1
            self.trace.append((round(time.perf_counter() - self.start_time, 3), self.step,
                               status["VmRSS"]))

    def run(self):
        while not self.stopping.wait(self.interval):
            self.sample()


class Splitlab(benchlib.UciEngine):
    """One splitlab UCI process kept open over a pipe; its stderr is kept in `errors`."""

    close_timeout = 10

    def __init__(self, path, timeout):
        super().__init__("splitlab", [path], timeout, who="splitlab", capture_stderr=True)
        self.wait_ready(60)

    def has_option(self, name):
        """Whether the engine declared the option with exactly this name (case included)."""
        return self.options.get(name.lower(), "").startswith(f"option name {name} type ")

    def wait_ready(self, timeout=None):
        """Returns the lines before `readyok`; fails on an error the engine reported."""
        lines = super().wait_ready(timeout)
        self.check(lines)
        return lines

    @staticmethod
    def check(lines):
        for line in lines:
            if line.startswith("info string error"):
                raise Failure(f"splitlab reported: {line[len('info string '):]}")


class PeakMeter:
    """Peak RSS of a step: VmHWM reset through clear_refs when allowed, and the sampled peak."""

    def __init__(self, pid, sampler):
        self.pid = pid
        self.sampler = sampler
        self.hwm_reset_works = None

    def reset_hwm(self):
        try:
            with open(f"/proc/{self.pid}/clear_refs", "w") as clear_refs:
                clear_refs.write("5")
            works = True
        except OSError:
            works = False
        if self.hwm_reset_works is None:
            self.hwm_reset_works = works
            if not works:
                progress("note: cannot reset VmHWM through /proc/PID/clear_refs; per-step peaks "
                         "are sampled only")
        return works

    def begin(self, step):
        self.reset_hwm()
        self.sampler.begin(step)

    def end(self):
        """Returns {peak_kb, sampled_peak_kb, hwm_kb (or None), rss_kb, samples}."""
        sampled, samples = self.sampler.end()
        status = read_status(self.pid)
        if status is None:
            raise Failure("splitlab exited during the measurement")
        hwm = status.get("VmHWM") if self.hwm_reset_works else None
        return {"peak_kb": max(sampled, hwm or 0), "sampled_peak_kb": sampled, "hwm_kb": hwm,
                "rss_kb": status["VmRSS"], "samples": samples}


def mib(kb):
    return round(kb / MIB, 1) if kb is not None else None


def run_phase(engine, meter, previous_mb, hash_mb, fen, movetime, timeout):
    """One Hash size: resize, Clear Hash, search. Returns the phase's figures."""
    phase = {"hash_mb": hash_mb, "previous_hash_mb": previous_mb}
    before = read_status(engine.pid)
    phase["rss_before_mib"] = mib(before["VmRSS"])

    meter.begin(f"Hash {hash_mb}: setoption")
    start = time.perf_counter()
    engine.send(f"setoption name Hash value {hash_mb}")
    engine.wait_ready(timeout)
    phase["resize_s"] = round(time.perf_counter() - start, 3)
    resize = meter.end()
    phase["resize_peak_mib"] = mib(resize["peak_kb"])
    phase["after_resize_mib"] = mib(resize["rss_kb"])

    meter.begin(f"Hash {hash_mb}: Clear Hash")
    engine.send("setoption name Clear Hash")
    engine.wait_ready(timeout)
    clear = meter.end()
    phase["after_clear_mib"] = mib(clear["rss_kb"])
    phase["clear_peak_mib"] = mib(clear["peak_kb"])
    phase["table_resident"] = clear["rss_kb"] >= hash_mb * MIB

    meter.begin(f"Hash {hash_mb}: search")
    engine.send(f"position fen {fen}")
    start = time.perf_counter()
    engine.send(f"go movetime {movetime}")
    lines = engine.read_until(lambda line: line.startswith("bestmove"), timeout + movetime / 1000)
    engine.check(lines)
    phase["search_s"] = round(time.perf_counter() - start, 3)
    search = meter.end()
    phase["search_peak_mib"] = mib(search["peak_kb"])
    phase["search_sampled_peak_mib"] = mib(search["sampled_peak_kb"])
    phase["search_hwm_mib"] = mib(search["hwm_kb"])
    phase["after_search_mib"] = mib(search["rss_kb"])
    phase["samples"] = resize["samples"] + clear["samples"] + search["samples"]
    phase["bestmove"] = benchlib.bestmove(lines[-1])
    info = [line for line in lines if line.startswith("info ") and " nodes " in line]
    phase["depth"] = phase["nodes"] = phase["hashfull"] = None
    if info:
        phase.update(benchlib.uci_values(info[-1], ("depth", "nodes", "hashfull")))
    if phase["bestmove"] in ("", "0000", "(none)"):
        raise Failure(f"the search with Hash {hash_mb} answered '{lines[-1]}'")

    # The judged figure: the peak from the Clear Hash (whole table resident) to the bestmove.
    phase["peak_mib"] = max(phase["clear_peak_mib"], phase["search_peak_mib"])
    return phase


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Resident memory of one splitlab UCI process searching with several Hash "
                    "sizes in turn (no restart): peak RSS against Hash + slack.")
    benchlib.add_binary_arguments(parser)
    parser.add_argument("--sizes", default="256,64,512",
                        help="Hash sizes in MB, in order, comma-separated (default 256,64,512)")
    parser.add_argument("--target-hash", type=int, default=256,
                        help="the size whose limit decides the exit status (default 256)")
    parser.add_argument("--slack", type=int, default=64,
                        help="MB allowed above the Hash size (default 64)")
    parser.add_argument("--movetime", type=int, default=3000,
                        help="milliseconds per search (default 3000)")
    parser.add_argument("--fen", default=DEFAULT_FEN, help="the position searched (default: "
                                                           "sf-bench.2, a middlegame)")
    parser.add_argument("--interval", type=float, default=0.05,
                        help="seconds between RSS samples (default 0.05)")
    benchlib.add_output_arguments(parser, "Hash size", json_help="write the results, with the RSS "
                                                                 "trace, as JSON (as it goes)")
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds allowed for one step beyond the search time (default 120)")
    args = parser.parse_args(argv)
    try:
        args.sizes = [int(size) for size in args.sizes.split(",")]
    except ValueError:
        parser.error(f"--sizes needs comma-separated integers, not '{args.sizes}'")
    if not args.sizes or min(args.sizes) < 1:
        parser.error("--sizes needs at least one size, each at least 1")
    if args.target_hash not in args.sizes:
        parser.error(f"--target-hash {args.target_hash} is not among --sizes")
    if args.movetime < 1 or args.interval <= 0 or args.slack < 0:
        parser.error("--movetime and --interval must be positive, --slack not negative")
    return args


CSV_FIELDS = ["hash_mb", "limit_mib", "ok", "judged", "previous_hash_mb", "rss_before_mib",
              "resize_peak_mib", "both_tables_resident", "memory_returned",
              "after_resize_mib", "after_clear_mib", "table_resident", "clear_peak_mib",
              "search_peak_mib", "search_sampled_peak_mib", "search_hwm_mib", "after_search_mib",
              "peak_mib", "depth", "nodes", "hashfull", "bestmove", "resize_s", "search_s",
              "samples"]


def run_meta(args, splitlab, engine, start_status):
    """What was run, with what settings and on which machine: the "meta" of the JSON document."""
    return {
        "splitlab": splitlab,
        "pid": engine.pid,
        "fen": args.fen,
        "movetime_ms": args.movetime,
        "sizes_mb": args.sizes,
        "target_hash_mb": args.target_hash,
        "slack_mb": args.slack,
        "interval_s": args.interval,
        "rss_at_start_mib": mib(start_status["VmRSS"]),
        "host": platform.node(),
        "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def judge_phase(phase, hash_mb, args, phases):
    """Adds the step's limit and verdicts to its phase; phases are the steps before it."""
    phase["limit_mib"] = hash_mb + args.slack
    # The reallocation starts with the old table resident. Had both tables been resident
    # at once, the step's peak would exceed the rest of the process + the larger table by
    # about the smaller one; half of it is the threshold. When the table shrinks, the old
    # one's memory went back to the system if RSS fell by (nearly) the difference.
    old = phase["previous_hash_mb"]
    phase["both_tables_resident"] = phase["memory_returned"] = None
    if old is not None:
        rest = phase["rss_before_mib"] - old
        phase["both_tables_resident"] = (phase["resize_peak_mib"] > rest + max(old, hash_mb)
                                         + 0.5 * min(old, hash_mb))
        if hash_mb < old:
            phase["memory_returned"] = (phase["rss_before_mib"] - phase["after_resize_mib"]
                                        >= 0.9 * (old - hash_mb))
    phase["ok"] = phase["peak_mib"] <= phase["limit_mib"]
    phase["judged"] = hash_mb == args.target_hash and not any(p["judged"] for p in phases)


def run(args):
    splitlab = benchlib.find_splitlab(
        args.splitlab, why="; a sanitizer's shadow memory inflates RSS")
    engine = Splitlab(splitlab, args.timeout)
    sampler = Sampler(engine.pid, args.interval)
    sampler.start()
    try:
        if not engine.has_option("Hash") or not engine.has_option("Clear Hash"):
            raise Failure("splitlab declares no 'Hash' or 'Clear Hash' UCI option")
        engine.send("setoption name Threads value 1")
        engine.wait_ready(args.timeout)
        start_status = read_status(engine.pid)
        meta = run_meta(args, splitlab, engine, start_status)
        meter = PeakMeter(engine.pid, sampler)
        default_hash = engine.option_default("Hash")
        previous_mb = int(default_hash) if default_hash and default_hash.isdigit() else None
        meta["default_hash_mb"] = previous_mb
        progress(f"splitlab: {splitlab} (pid {engine.pid}), RSS at start (Hash 16) "
                 f"{meta['rss_at_start_mib']:.1f} MiB; sizes {args.sizes} MB, go movetime "
                 f"{args.movetime}, sampling every {args.interval * 1000:.0f} ms")
        output = benchlib.Output(args.csv, args.json, CSV_FIELDS)
        phases = []
        document = {"meta": meta, "phases": phases}
        for hash_mb in args.sizes:
            progress(f"Hash {hash_mb}: setoption, Clear Hash, search {args.movetime} ms...")
            phase = run_phase(engine, meter, previous_mb, hash_mb, args.fen, args.movetime,
                              args.timeout)
            previous_mb = hash_mb
            if engine.process.poll() is not None:
                raise Failure(f"splitlab (pid {engine.pid}) exited after the Hash {hash_mb} "
                              f"search")
            judge_phase(phase, hash_mb, args, phases)
            phases.append(phase)
            progress(f"  resize peak {phase['resize_peak_mib']} MiB, after resize "
                     f"{phase['after_resize_mib']} MiB, after Clear Hash "
                     f"{phase['after_clear_mib']} MiB, search peak {phase['search_peak_mib']} MiB "
                     f"(depth {phase['depth']}, hashfull {phase['hashfull']})")
            output.row(phase)
            output.document(document)
        output.close()
        final = read_status(engine.pid)
        # VmHWM was reset step by step; the lifetime peak is the largest of the steps' peaks.
        meta["hwm_reset"] = meter.hwm_reset_works
        meta["final_vmhwm_mib"] = mib(final.get("VmHWM"))
        meta["lifetime_peak_mib"] = max(
            [max(p["resize_peak_mib"], p["peak_mib"]) for p in phases]
            + ([] if meter.hwm_reset_works else [mib(final.get("VmHWM"))]))
        meta["same_process"] = engine.process.poll() is None
        meta["engine_errors"] = engine.errors
    finally:
        sampler.stopping.set()
        sampler.join()
        engine.close()
    document["trace"] = sampler.trace
    status = print_report(meta, phases, args)
    document["target_met"] = status == 0
    output.document(document)
    return status


def print_report(meta, phases, args):
    print(f"Resident memory of one splitlab process (pid {meta['pid']}, no restart), Hash sizes "
          f"{', '.join(str(s) for s in args.sizes)} MB in turn; each: setoption Hash, Clear Hash "
          f"(whole table written), go movetime {args.movetime}")
    print(f"RSS = VmRSS in MiB (the Hash option counts MiB too); peaks "
          f"{'from VmHWM reset per step (clear_refs) and ' if meta['hwm_reset'] else ''}"
          f"sampled every {args.interval * 1000:.0f} ms; RSS at start with Hash 16: "
          f"{meta['rss_at_start_mib']:.1f} MiB")
    print()
    header = (f"{'phase':<5} {'Hash':>5} {'resize':>7} {'after':>7} {'after':>7} "
              f"{'search':>7} {'peak':>7} {'limit':>6} {'ok':>4}  {'depth':>5} {'hashfull':>8}")
    sub = (f"{'':<5} {'MB':>5} {'peak':>7} {'resize':>7} {'clear':>7} "
           f"{'peak':>7} {'RSS':>7} {'MB':>6} {'':>4}  {'':>5} {'':>8}")
    print(header)
    print(sub)
    print("-" * len(header))
    for index, p in enumerate(phases, 1):
        mark = "yes" if p["ok"] else "NO"
        print(f"{index:<5} {p['hash_mb']:>5} {p['resize_peak_mib']:>7.1f} "
              f"{p['after_resize_mib']:>7.1f} {p['after_clear_mib']:>7.1f} "
              f"{p['search_peak_mib']:>7.1f} {p['peak_mib']:>7.1f} {p['limit_mib']:>6} "
              f"{mark:>4}  {p['depth'] if p['depth'] is not None else '?':>5} "
              f"{p['hashfull'] if p['hashfull'] is not None else '?':>8}")
    print("-" * len(header))
    print("peak RSS = the peak from the Clear Hash to the bestmove (judged against limit = Hash + "
          f"{args.slack}); resize peak = during 'setoption name Hash', which starts with the old "
          f"table resident (not judged)")
    if not any(p["both_tables_resident"] for p in phases):
        print("every resize peak stayed at the larger of the old and new tables plus the rest of "
              "the process: the two tables were never resident together")
    print(f"lifetime peak RSS of the process: {meta['lifetime_peak_mib']:.1f} MiB")
    print()
    status = 0
    for p in phases:
        name = f"Hash {p['hash_mb']}"
        if not p["table_resident"]:
            print(f"note: {name}: RSS after Clear Hash ({p['after_clear_mib']:.1f} MiB) is below "
                  f"the table size: the table is not all resident, so the peak understates the "
                  f"worst case")
        if p["both_tables_resident"]:
            print(f"note: {name}: while 'setoption name Hash' ran (after Hash "
                  f"{p['previous_hash_mb']}), RSS reached {p['resize_peak_mib']:.1f} MiB: the old "
                  f"and new tables were resident at once, though no search was running")
        if p["memory_returned"] is not None:
            print(f"{name} after {p['previous_hash_mb']}: RSS went from {p['rss_before_mib']:.1f} "
                  f"to {p['after_resize_mib']:.1f} MiB: "
                  + ("the old table's memory went back to the system" if p["memory_returned"] else
                     "the old table's memory was NOT (all) returned to the system"))
        if p["judged"]:
            verdict = "MET" if p["ok"] else "NOT MET"
            print(f"target: peak RSS during a search with Hash {p['hash_mb']} <= {p['limit_mib']} "
                  f"MiB: {verdict} ({p['peak_mib']:.1f} MiB)")
            if not p["ok"]:
                status = 1
        elif not p["ok"]:
            print(f"warning: {name}: peak RSS {p['peak_mib']:.1f} MiB is above {p['limit_mib']} "
                  f"MiB")
    print(f"Hash changed between searches without a restart: "
          f"{'yes' if meta['same_process'] else 'NO'} ({len(phases)} searches in pid "
          f"{meta['pid']}, each ended with a bestmove)")
    return status


def main(argv):
    return benchlib.main("memory_check", parse_args, run, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
