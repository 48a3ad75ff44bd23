#include "engine/core/book_file.h"

#include <algorithm>
#include <fstream>
#include <iterator>

namespace splitlab::book {

namespace {

constexpr size_t kEntryBytes = 16;

uint64_t read_big_endian(const unsigned char* bytes, int count) {
  uint64_t value = 0;
  for (int i = 0; i < count; ++i) value = (value << 8) | bytes[i];
  return value;
}

void write_big_endian(uint64_t value, int count, std::string& out) {
  for (int i = count - 1; i >= 0; --i) out += char((value >> (8 * i)) & 0xff);
}

}  // namespace

bool read_entries(const std::string& path, std::vector<Entry>& entries, std::string& error) {
  entries.clear();
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read book file '" + path + "'";
    return false;
  }
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    error = "error while reading book file '" + path + "'";
    return false;
  }
  if (bytes.empty() || bytes.size() % kEntryBytes != 0) {
    error = "book file '" + path + "' has " + std::to_string(bytes.size()) +
            " bytes, not a whole number of 16-byte entries (truncated, or not a book)";
    return false;
  }
  std::vector<Entry> read(bytes.size() / kEntryBytes);
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  for (size_t i = 0; i < read.size(); ++i) {
    const unsigned char* e = data + i * kEntryBytes;
    read[i] = Entry{read_big_endian(e, 8), uint16_t(read_big_endian(e + 8, 2)),
                    uint16_t(read_big_endian(e + 10, 2)), uint32_t(read_big_endian(e + 12, 4))};
    if (i > 0 && read[i].key < read[i - 1].key) {
      error = "book file '" + path + "': entry " + std::to_string(i + 1) +
              " is out of key order (a damaged file, or not a book)";
      return false;
    }
  }
  entries = std::move(read);
  return true;
}

bool write_entries(const std::string& path, std::vector<Entry> entries, std::string& error) {
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.key != b.key ? a.key < b.key : a.weight > b.weight;
  });
  std::string bytes;
  bytes.reserve(entries.size() * kEntryBytes);
  for (const Entry& e : entries) {
    write_big_endian(e.key, 8, bytes);
    write_big_endian(e.move, 2, bytes);
    write_big_endian(e.weight, 2, bytes);
    write_big_endian(e.learn, 4, bytes);
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out || !out.write(bytes.data(), std::streamsize(bytes.size())) || !out.flush()) {
    error = "cannot write book file '" + path + "'";
    return false;
  }
  return true;
}

std::pair<size_t, size_t> find_key(const std::vector<Entry>& entries, uint64_t key) {
  const auto first = std::lower_bound(entries.begin(), entries.end(), key,
                                      [](const Entry& e, uint64_t value) { return e.key < value; });
  auto last = first;
  while (last != entries.end() && last->key == key) ++last;
  return {size_t(first - entries.begin()), size_t(last - entries.begin())};
}

void Counter::add(uint64_t key, uint16_t move, int mover_score) {
  Tally& tally = tallies_[{key, move}];
  tally.score += uint64_t(mover_score);
  ++tally.times;
}

std::vector<Entry> Counter::entries(int min_times) const {
  uint64_t largest = 0;
  for (const auto& [slot, tally] : tallies_)
    if (tally.times >= min_times) largest = std::max(largest, tally.score);
  // One divisor for all, so that weights keep their proportions.
  const uint64_t divisor = largest > 0xffff ? (largest + 0xfffe) / 0xffff : 1;
  std::vector<Entry> out;
  for (const auto& [slot, tally] : tallies_)
    if (tally.times >= min_times && tally.score / divisor > 0)
      out.push_back(Entry{slot.first, slot.second, uint16_t(tally.score / divisor), 0});
  return out;
}

int result_score(const std::string& result, bool mover_is_first_player) {
  if (result == "1/2-1/2") return 1;
  if (result == "1-0") return mover_is_first_player ? 2 : 0;
  if (result == "0-1") return mover_is_first_player ? 0 : 2;
  return -1;
}

}  // namespace splitlab::book
