// Splitlab's default opening book, compiled into the binary so that `splitlab match` needs no
// file at run time. The text is bench/book/splitlab_book.epd as committed: `#` comment lines
// (the header: how the book was made, with the generator's parameters), then one position a
// line, "FEN4 id "book-NNN"; c0 "moves ..., sf15.1 depth D +0.12"; D1 N;". More than 500
// distinct positions, each within +/-50 cp by Stockfish 15.1; bench/book/make_book.py makes it.
#pragma once

#include <string_view>

namespace splitlab::bench {

// The whole EPD text, byte for byte the file; protocol::parse_epd_line() reads its lines.
std::string_view default_book_epd();

// The file name the text came from, for messages and results ("splitlab_book.epd").
std::string_view default_book_name();

// The default xiangqi book, bench/book/xiangqi_book.epd, made the same way with Fairy-Stockfish
// as referee (make_book.py --variant xiangqi); moves in its comments are UCI text (a1..i10).
std::string_view xiangqi_book_epd();
std::string_view xiangqi_book_name();

// The compiled-in book of that file name (a game's default openings, GameInfo's
// default_openings), or "" when none has it.
std::string_view compiled_book_epd(std::string_view name);

}  // namespace splitlab::bench
