#include "bench/resumable_csv.h"

#include "engine/util/files.h"

namespace splitlab::bench {

bool ResumableCsv::open(const std::string& path, const Form& form, const RunMetadata& metadata,
                        std::string& error) {
  path_ = path;
  header_ = form.header;
  metadata_comments_ = run_metadata_comments(metadata) + form.run_comments;
  rows_.clear();
  if (!util::cut_partial_last_line(path, error)) return false;
  if (!form.header_prefix.empty() &&
      !util::upgrade_csv_file(path, form.header_prefix, form.header, form.upgrade, error))
    return false;
  fresh_ = true;
  {
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
      fresh_ = false;
      const bool header = line == form.header ||
                          (!form.header_prefix.empty() && line.rfind(form.header_prefix, 0) == 0);
      if (!line.empty() && line[0] != '#' && !header) rows_.push_back(line);
    }
  }
  out_.open(path, std::ios::app);
  if (!out_) {
    error = "cannot write '" + path + "'";
    return false;
  }
  if (fresh_) out_ << metadata_comments_ << form.preamble << form.header << '\n' << std::flush;
  metadata_written_ = fresh_;
  if (!out_) {
    error = "cannot write '" + path + "'";
    return false;
  }
  return true;
}

bool ResumableCsv::append(const std::string& row) {
  if (!metadata_written_) out_ << metadata_comments_;
  metadata_written_ = true;
  out_ << row << '\n' << std::flush;
  return bool(out_);
}

}  // namespace splitlab::bench
