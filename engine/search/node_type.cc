#include "engine/search/node_type.h"

#include <cstdio>

namespace splitlab::search {

std::string NodeTypeStats::table() const {
  std::string out = "predicted \\ actual          PV           Cut           All    right\n";
  char line[160];
  for (int p = 0; p < kNodeTypes; ++p) {
    const uint64_t row = counts[p][0] + counts[p][1] + counts[p][2];
    std::snprintf(line, sizeof line, "%-18s %12llu  %12llu  %12llu   %5.1f%%\n",
                  node_type_name(NodeType(p)), (unsigned long long)counts[p][0],
                  (unsigned long long)counts[p][1], (unsigned long long)counts[p][2],
                  row ? 100.0 * double(counts[p][p]) / double(row) : 0.0);
    out += line;
  }
  std::snprintf(line, sizeof line, "prediction right for %.1f%% of %llu nodes\n",
                100.0 * accuracy(), (unsigned long long)total());
  out += line;
  return out;
}

}  // namespace splitlab::search
