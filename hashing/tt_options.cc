#include "hashing/tt_options.h"

namespace splitlab::hashing {

std::string_view tt_entry_scheme_name(TtEntryScheme scheme) {
  switch (scheme) {
    case TtEntryScheme::Xor:
      return "xor";
    case TtEntryScheme::Bracket:
      return "bracket";
    case TtEntryScheme::Locked:
      return "locked";
    case TtEntryScheme::Raw:
      return "raw";
  }
  return "?";
}

std::optional<TtEntryScheme> parse_tt_entry_scheme(std::string_view name) {
  for (TtEntryScheme scheme : kAllTtEntrySchemes) {
    if (tt_entry_scheme_name(scheme) == name) return scheme;
  }
  return std::nullopt;
}

std::string_view tt_replace_policy_name(TtReplacePolicy policy) {
  switch (policy) {
    case TtReplacePolicy::Deep:
      return "deep";
    case TtReplacePolicy::New:
      return "new";
    case TtReplacePolicy::Old:
      return "old";
    case TtReplacePolicy::Big1:
      return "big1";
    case TtReplacePolicy::BigAll:
      return "bigall";
    case TtReplacePolicy::TwoDeep:
      return "twodeep";
    case TtReplacePolicy::TwoBig1:
      return "twobig1";
    case TtReplacePolicy::Bucket:
      return "bucket";
    case TtReplacePolicy::DepthAge:
      return "depth-age";
  }
  return "?";
}

std::optional<TtReplacePolicy> parse_tt_replace_policy(std::string_view name) {
  for (TtReplacePolicy policy : kAllTtReplacePolicies) {
    if (tt_replace_policy_name(policy) == name) return policy;
  }
  return std::nullopt;
}

}  // namespace splitlab::hashing
