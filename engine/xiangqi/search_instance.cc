// The search compiled for xiangqi, once: the worker's frame machine and the searcher's iterations
// (engine/search/search_instance.h). Every file that searches xiangqi links this.
#include "engine/xiangqi/xiangqi_game.h"
#include "engine/search/search_instance.h"

template class splitlab::search::SearchWorker<splitlab::xiangqi::XiangqiGame>;
template class splitlab::search::Searcher<splitlab::xiangqi::XiangqiGame>;
