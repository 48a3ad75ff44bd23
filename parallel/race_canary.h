// Test only: a planted data race, the canary that shows ThreadSanitizer sees races in the
// search threads (see ThreadTeam::plant_race_for_tests and race_canary_test).
#pragma once

namespace splitlab::parallel {

// Adds one to *target with a plain, unsynchronised read and write. Out of line, so that its
// name is the top frame of the report TSan must print.
void write_race_canary(int* target);
// How many times write_race_canary ran, and on how many distinct threads (counted with
// atomics beside the race, so a non-TSan build can check that the race was really planted).
int race_canary_writes();
int race_canary_threads();

}  // namespace splitlab::parallel
