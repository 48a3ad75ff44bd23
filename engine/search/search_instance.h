// The search's template definitions, for the one file per game that compiles them
// (engine/<game>/search_instance.cc):
//
//   template class splitlab::search::SearchWorker<MyGame>;
//   template class splitlab::search::Searcher<MyGame>;
//
// Everything else includes only searcher.h or search_worker.h, the declarations, and links the
// game's search_instance library. Compiled in every file that searched, the worker's frame machine
// made 44% of a clean build's compile time (33 files, each optimising the same code again).
#pragma once

#include "engine/search/search_worker.h"
#include "engine/search/search_worker_impl.h"
#include "engine/search/search_worker_split.h"
#include "engine/search/searcher.h"
#include "engine/search/searcher_impl.h"
