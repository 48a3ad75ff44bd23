// The two dialects of the engine protocol: UCI ("uci", "setoption name N value V", "bestmove
// 0000") and UCCI ("ucci", "setoption N V", "banmoves", "probe", "go time T increment I opptime
// T", "nobestmove", "bye").
#pragma once

namespace splitlab::protocol {

enum class Dialect { kUci, kUcci };

}  // namespace splitlab::protocol
