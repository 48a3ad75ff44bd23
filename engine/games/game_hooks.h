// What a layer does for each game, found by the game at run time. A layer that runs code
// generic in a game's traits type (a command's run<G>, the protocol's GameEngine<G>, the
// parallel search's teams) declares a hook (a tag type with the function pointer type `Fn` and
// `kWhat`, a few words that name it in errors) and reads it here by GameId; each game's
// registration (cli/game_registration.h) fills it with that code instantiated for the game's
// traits type. So no layer names a game, and a game registered from its own folder alone (a
// test game in tests/) reaches every command.
//
//   struct PerftHook {
//     using Fn = int (*)(const Flags&, const std::vector<std::string>&);
//     static constexpr const char* kWhat = "perft command";
//   };
//   return PerGame<PerftHook>::of(game)(flags, args);
#pragma once

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "engine/games/game_info.h"

namespace splitlab {

template <typename Hook>
class PerGame {
 public:
  using Fn = typename Hook::Fn;

  // Called by a game's registration, before main.
  static void add(std::string_view game, Fn fn) { table()[std::string(game)] = fn; }

  // The hook of the game `id`. A game registered without it ends the process naming both: a
  // registration that leaves out a layer is a mistake in the build, not an input to refuse.
  static Fn of(GameId id) {
    const std::string_view name = game_info(id).name;
    const auto found = table().find(name);
    if (found == table().end() || found->second == nullptr) {
      std::fprintf(stderr, "splitlab: the game '%.*s' registered no %s\n", int(name.size()),
                   name.data(), Hook::kWhat);
      std::abort();
    }
    return found->second;
  }

  static bool has(GameId id) { return table().count(game_info(id).name) != 0; }

 private:
  // A function-local static: registrations run in other translation units' initialisers.
  static std::map<std::string, Fn, std::less<>>& table() {
    static std::map<std::string, Fn, std::less<>> hooks;
    return hooks;
  }
};

}  // namespace splitlab
