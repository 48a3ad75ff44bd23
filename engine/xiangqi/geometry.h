// Precomputed move geometry of the 9x10 board: rays for chariots and cannons, horse moves with
// the leg that blocks them, elephant moves with their eye, and the palace steps of generals
// and advisors. Move generation and attack tests read these instead of testing board edges.
#pragma once

#include <array>
#include <cstdint>

#include "engine/xiangqi/types.h"

namespace splitlab::xiangqi {

// A step that is possible unless `block` is occupied (block is kNoSquare for unblockable steps).
struct Step {
  uint8_t to;
  uint8_t block;
};

struct StepList {
  std::array<Step, 8> steps;
  uint8_t count = 0;
  const Step* begin() const { return steps.data(); }
  const Step* end() const { return steps.data() + count; }
};

// Directions of the rays: up (towards rank 9), down, right (towards file i), left.
enum Direction : uint8_t { kUp = 0, kDown, kRight, kLeft };
inline constexpr int kNumDirections = 4;

struct Ray {
  std::array<uint8_t, 9> squares;  // Nearest first.
  uint8_t count = 0;
  const uint8_t* begin() const { return squares.data(); }
  const uint8_t* end() const { return squares.data() + count; }
};

struct Geometry {
  std::array<std::array<Ray, kNumDirections>, kNumSquares> rays;
  // Horse moves from a square: to, blocked by the leg next to the horse.
  std::array<StepList, kNumSquares> horse_moves;
  // Horses that attack a square: from, blocked by the leg next to *them*.
  std::array<StepList, kNumSquares> horse_attackers;
  // Elephant moves (two diagonal steps, blocked by the eye between, never across the river).
  std::array<StepList, kNumSquares> elephant_moves;
  // Advisor steps (one diagonal step inside the palace) and general steps (one orthogonal step
  // inside the palace); empty outside the palaces.
  std::array<StepList, kNumSquares> advisor_moves;
  std::array<StepList, kNumSquares> king_moves;
  // Soldier moves by colour: forward, and sideways once across the river.
  std::array<std::array<StepList, kNumSquares>, 2> pawn_moves;
};

const Geometry& geometry();

}  // namespace splitlab::xiangqi
