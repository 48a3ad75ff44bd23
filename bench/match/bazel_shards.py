"""Bazel's test sharding for a script whose checks are a list: with a target's shard_count,
Bazel runs the script once per shard, and each run takes every shard_count-th check from its
shard's index, so that no single long run holds one core at the end of the test phase while
the other waits. Outside Bazel, or without shard_count, every check runs."""
import os


def this_shard(checks):
    """The checks of this run's shard, in their order."""
    total = int(os.environ.get("TEST_TOTAL_SHARDS", "1"))
    index = int(os.environ.get("TEST_SHARD_INDEX", "0"))
    status = os.environ.get("TEST_SHARD_STATUS_FILE")
    if status:
        open(status, "a").close()  # Tells Bazel that the script shards itself.
    mine = [check for i, check in enumerate(checks) if i % total == index]
    if not mine:  # More shards than checks: a shard that checks nothing must not pass.
        raise SystemExit("no check falls to shard %d of %d" % (index + 1, total))
    return mine
