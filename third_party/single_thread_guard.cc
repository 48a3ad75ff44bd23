// Linked into the optimised build of every test declared single_threaded
// (third_party/splitlab.bzl). Those tests are left out of the ThreadSanitizer pass, which finds
// only what happens between threads; if one starts a thread after all, it fails here, in the
// pass that runs every test, instead of going unchecked.
//
// The definition in the executable takes the place of the C library's for every caller,
// std::thread (in libstdc++) and TBB included: the dynamic linker binds the executable's
// symbol first.
#include <pthread.h>

#include <cstdio>
#include <cstdlib>

extern "C" {

// The guard's test asks for this to know whether the guard is linked (it is not under the
// sanitizers, whose runtimes define pthread_create themselves).
int splitlab_single_thread_guard_linked = 1;

int pthread_create(pthread_t*, const pthread_attr_t*, void* (*)(void*), void*) noexcept {
  std::fputs(
      "single_thread_guard: this test is declared single_threaded (third_party/splitlab.bzl) "
      "and so is not run under ThreadSanitizer, but it started a thread: drop "
      "single_threaded = True from its BUILD rule\n",
      stderr);
  std::abort();
}

}  // extern "C"
