// One record as one line of tab-separated fields: the match's resume state (state.tsv) and the
// messages between MPI ranks. Tabs, newlines, carriage returns and backslashes inside a field are
// written as \t, \n, \r and \\, so any text survives the round trip.
#pragma once

#include <string>
#include <vector>

namespace splitlab::bench::match {

std::string join_tabs(const std::vector<std::string>& fields);
std::vector<std::string> split_tabs(const std::string& line);

}  // namespace splitlab::bench::match
