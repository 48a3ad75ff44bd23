// The commit this binary was built from, stamped at build time (scripts/workspace_status.sh,
// read by the genrule //bench:build_commit_cc): "<sha-1>", "<sha-1>+dirty" (sources outside
// experiments/ differed from it), "<sha-1>+unknown-changes", or "unknown" (not built from a
// git checkout). A copy of the binary run anywhere still names its own build's commit.
#pragma once

namespace splitlab::bench {

const char* build_commit();

}  // namespace splitlab::bench
