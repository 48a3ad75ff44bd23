"""What the end-to-end tests of commands over MPI ranks share (bench/match/match_ranks_test.py,
cli/experiments_ranks_test.py): the environment that lets `mpirun` run them here and under the
sanitizers, and finding each rank's process."""
import os


def mpi_env():
    env = dict(os.environ)
    # Open MPI refuses root unless told; CI runs as root.
    env["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
    env["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
    # Its session directory holds Unix sockets, whose paths must stay short: not Bazel's TMPDIR.
    env["TMPDIR"] = "/tmp"
    # Open MPI leaves allocations behind at MPI_Finalize in components it has unloaded, which
    # LeakSanitizer can neither name nor suppress: leaks go unchecked in the ranks only (every
    # other test checks Splitlab's own without MPI); AddressSanitizer's checks stay.
    if "ASAN_OPTIONS" in env:
        env["ASAN_OPTIONS"] += ":detect_leaks=0"
    # Open MPI, its dozens of loaded components and libevent are not built with ThreadSanitizer
    # and lock and share memory in ways it misreads (a lock order inside the TCP transport, a
    # recursive lock taken twice): in the ranks its reports are limited to instrumented code,
    # Splitlab's own.
    if "TSAN_OPTIONS" in env:
        env["TSAN_OPTIONS"] += ":ignore_noninstrumented_modules=1"
    return env


def rank_pids(mpirun_pid):
    """{rank: pid} of the ranks mpirun started on this machine (its children), by the rank Open
    MPI put in each one's environment."""
    found = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/stat" % pid) as f:
                if int(f.read().rsplit(")", 1)[1].split()[1]) != mpirun_pid:
                    continue
            with open("/proc/%s/environ" % pid, "rb") as f:
                for item in f.read().split(b"\0"):
                    if item.startswith(b"OMPI_COMM_WORLD_RANK="):
                        found[int(item.split(b"=", 1)[1])] = int(pid)
        except (OSError, ValueError, IndexError):
            continue
    return found
