#include "engine/xiangqi/bitlines.h"

namespace splitlab::xiangqi {

const LineTable<kFiles>& rank_table() {
  static const LineTable<kFiles> table;
  return table;
}

const LineTable<kRanks>& file_table() {
  static const LineTable<kRanks> table;
  return table;
}

}  // namespace splitlab::xiangqi
