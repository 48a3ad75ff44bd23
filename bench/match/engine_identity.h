// Which engine binaries played a match: each engine's "id name", the executable its cmd= ran
// and that file's SHA-256, kept in results.json. A match resumed with another binary under the
// same name mixes two engines in one result (an SPRT resumed after a rebuild from another
// commit, say), so --out DIR keeps a ledger, engines.tsv, of every binary each engine has had:
//   engine <TAB> NAME <TAB> SHA256 <TAB> ID NAME <TAB> FIRST SEEN (UTC)
// one line per binary, in the order they played.
#pragma once

#include <string>
#include <vector>

namespace splitlab::bench::match {

struct EngineIdentity {
  std::string name;           // The match's name for it (name=).
  std::string id_name;        // What the engine calls itself in the handshake.
  std::string binary;         // The executable cmd= ran, as an absolute path ("" if unknown).
  std::string binary_sha256;  // Its digest, as `sha256sum` prints it ("" if unreadable).
  // Other binaries recorded under this name by earlier runs of the same match, oldest first.
  std::vector<std::string> earlier_sha256;
};

// The file `command` runs: a path with a slash is taken relative to `working_dir` (when not
// empty); a bare name is looked up in PATH, as execvp does. "" if none is found.
std::string resolve_executable(const std::string& command, const std::string& working_dir);

// Fills binary and binary_sha256 of `identity` for `command`; false with `error` if the file
// cannot be found or read (the caller may carry on without the digest).
bool identify_binary(const std::string& command, const std::string& working_dir,
                     EngineIdentity& identity, std::string& error);

// Reads DIR/engines.tsv (if any), sets each identity's earlier_sha256 from it, and appends the
// identities whose binary it does not yet hold as the latest for their name.
bool update_engine_ledger(const std::string& dir, std::vector<EngineIdentity>& identities,
                          std::string& error);

}  // namespace splitlab::bench::match
