#include "bench/book/default_book.h"

namespace splitlab::bench {

std::string_view default_book_epd() {
  // splitlab_book_epd.inc is the book as one raw string literal, made by the genrule in BUILD.
  static constexpr std::string_view kText =
#include "bench/book/splitlab_book_epd.inc"
      ;
  return kText;
}

std::string_view default_book_name() { return "splitlab_book.epd"; }

std::string_view xiangqi_book_epd() {
  static constexpr std::string_view kText =
#include "bench/book/xiangqi_book_epd.inc"
      ;
  return kText;
}

std::string_view xiangqi_book_name() { return "xiangqi_book.epd"; }

std::string_view compiled_book_epd(std::string_view name) {
  if (name == default_book_name()) return default_book_epd();
  if (name == xiangqi_book_name()) return xiangqi_book_epd();
  return "";
}

}  // namespace splitlab::bench
