// One engine of a match, from the words of --engine and --each (cutechess's keys):
//   name=N cmd=PATH [dir=DIR] [arg=A ...] [option.NAME=VALUE ...] [tc=..] [st=..] [nodes=N]
//   [depth=N] [timemargin=MS] [stalltimeout=S] [starttimeout=S] [proto=uci|ucci]
// proto=ucci (xiangqi only) speaks UCCI: "ucci"/"ucciok", "setoption NAME VALUE", "setoption
// newgame", squares a0..i9, "go time .. increment .. opptime .. oppincrement ..", "bye".
// The words of --each come first and an engine's own words override them.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "bench/match/time_control.h"

namespace splitlab::bench::match {

struct EngineConfig {
  std::string name, command, working_dir;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> options;  // In the order given.
  TimeControl time_control;
  // An engine with no clock (nodes= or depth= alone) cannot lose on time, but it can hang: after
  // this long without a "bestmove" it is killed ("connection stalls"). stalltimeout=S sets it.
  int64_t stall_timeout_ms = 600000;
  // How long the engine has for its handshake, and for each "readyok" before a game (after its
  // options, after ucinewgame); past it the engine loses that game as stalled. starttimeout=S
  // sets it. 30 s by default: a sanitized build started beside a dozen others on a loaded
  // 2-core machine took 7.4 s to say uciok, and 10 s once cost a test games it should have
  // played (issue 74).
  int64_t start_timeout_ms = 30000;
  // The UCI_Variant the match needs ("" for chess), set from --variant, not from the engine's
  // words: the engine must declare the option with this value among its vars.
  std::string uci_variant;
  bool ucci = false;  // proto=ucci

  // The command and its arguments, for UciClient::start.
  std::vector<std::string> command_line() const;
  // The value of option `name`, in any case ("" if not set). A later option.NAME word replaces an
  // earlier one whatever the case of its name, and keeps the later spelling.
  std::string option(const std::string& name) const;
  // Its option.Threads (1 when unset or not a number).
  int threads() const;
};

// The most Threads of any of `engines` (1 at least).
int most_threads(const std::vector<EngineConfig>& engines);

// Builds an engine from `each` then `own` (key=value words). Returns false with `error` naming
// the bad word: an unknown key, a bad value, a protocol other than uci/ucci, st= with ucci, or a
// missing cmd=. A missing
// name= becomes the command's file name. An engine needs a limit: tc=, st=, nodes= or depth=.
bool parse_engine_config(const std::vector<std::string>& each, const std::vector<std::string>& own,
                         EngineConfig& out, std::string& error);

}  // namespace splitlab::bench::match
