// The search compiled for chess, once: the worker's frame machine and the searcher's iterations
// (engine/search/search_instance.h). Every file that searches chess links this.
#include "engine/chess/chess_game.h"
#include "engine/search/search_instance.h"

template class splitlab::search::SearchWorker<splitlab::chess::ChessGame>;
template class splitlab::search::Searcher<splitlab::chess::ChessGame>;
