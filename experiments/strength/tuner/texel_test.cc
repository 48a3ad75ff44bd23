// The Texel tuner: its gradient against finite differences, K and planted evaluations
// recovered, early stopping, the validation split, and the training data it reads.
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "engine/chess/evaluate.h"
#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/protocol/pgn.h"
#include "engine/xiangqi/evaluate.h"
#include "engine/xiangqi/movegen.h"
#include "engine/xiangqi/notation.h"
#include "experiments/strength/tuner/texel.h"
#include "experiments/strength/tuner/training_data.h"
#include "gtest/gtest.h"

namespace splitlab::tuner {
namespace {

// Positions from random games, each traced; results are filled in by the tests.
std::vector<TuningPosition> random_positions(int games, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<TuningPosition> out;
  for (int game = 0; game < games; ++game) {
    chess::Position pos = chess::Position::start();
    for (int ply = 0; ply < 120; ++ply) {
      chess::MoveList moves;
      chess::generate<chess::GenType::kAll>(pos, moves);
      if (moves.size() == 0) break;
      pos.make_move(moves[int(rng() % moves.size())]);
      if (ply % 4 == 3) {
        chess::EvalTrace trace;
        chess::evaluate(pos, trace);
        out.push_back(to_tuning_position(trace, 0.5, game));
      }
    }
  }
  return out;
}

// Soft labels: the win probability a planted weight vector gives.
void label_with(std::vector<TuningPosition>& positions, const Weights& planted, double k) {
  for (auto& p : positions) p.result = win_probability(evaluate(p, planted), k);
}

double mean_eval_distance(const std::vector<TuningPosition>& positions, const Weights& a,
                          const Weights& b) {
  double total = 0;
  for (const auto& p : positions) total += std::abs(evaluate(p, a) - evaluate(p, b));
  return total / positions.size();
}

TEST(Texel, TheLinearModelIsTheEngineEvaluation) {
  std::mt19937_64 rng(7);
  const Weights w = weights_of(chess::kEvalParams);
  for (int game = 0; game < 20; ++game) {
    chess::Position pos = chess::Position::start();
    for (int ply = 0; ply < 100; ++ply) {
      chess::MoveList moves;
      chess::generate<chess::GenType::kAll>(pos, moves);
      if (moves.size() == 0) break;
      pos.make_move(moves[int(rng() % moves.size())]);
      chess::EvalTrace trace;
      const int engine = chess::evaluate(pos, trace);
      const double white_side = pos.side_to_move() == chess::kWhite ? engine : -engine;
      // The engine rounds the taper towards zero; the model does not round.
      ASSERT_NEAR(evaluate(to_tuning_position(trace, 0.5, 0), w), white_side, 1.0) << pos.fen();
    }
  }
}

TEST(Texel, GradientMatchesFiniteDifferences) {
  std::vector<TuningPosition> positions = random_positions(30, 11);
  std::mt19937_64 rng(3);
  for (auto& p : positions) p.result = double(rng() % 3) / 2;
  const Weights w = weights_of(chess::kEvalParams);
  const double k = 1.1;
  const Weights g = gradient(positions, w, k);
  int compared = 0;
  for (int i = 0; i < chess::kEvalParamCount; i += 7) {
    for (int j = 0; j < 2; ++j) {
      Weights plus = w, minus = w;
      plus[i][j] += 0.5;
      minus[i][j] -= 0.5;
      const double numeric = loss(positions, plus, k) - loss(positions, minus, k);
      EXPECT_NEAR(g[i][j], numeric, 1e-7 + 1e-3 * std::abs(numeric)) << chess::eval_param_name(i);
      compared += g[i][j] != 0;
    }
  }
  EXPECT_GT(compared, 20);
}

TEST(Texel, FitScaleRecoversThePlantedK) {
  std::vector<TuningPosition> positions = random_positions(40, 5);
  const Weights w = weights_of(chess::kEvalParams);
  label_with(positions, w, 1.37);
  EXPECT_NEAR(fit_scale(positions, w), 1.37, 0.01);
}

TEST(Texel, TuningMovesTheEvaluationTowardsPlantedWeights) {
  // Labels from a planted evaluation that values knights, the bishop pair, rooks on open files
  // and passed pawns differently. Single weights are not identifiable (material, piece-square
  // and mobility terms overlap), so the test compares whole evaluations.
  std::vector<TuningPosition> train = random_positions(120, 21), validation = random_positions(30, 22);
  const Weights start = weights_of(chess::kEvalParams);
  chess::EvalParams planted_params = chess::kEvalParams;
  planted_params.material[chess::kKnight] = {380, 260};
  planted_params.bishop_pair = {70, 90};
  planted_params.rook_open_file = {60, 0};
  for (auto& s : planted_params.passed_pawn) s = {s.mg / 2, s.eg * 2};
  const Weights planted = weights_of(planted_params);
  const double k = 1.2;
  label_with(train, planted, k);
  label_with(validation, planted, k);
  Weights w = start;
  TuneSettings settings;
  settings.epochs = 600;
  settings.rate = 2.0;
  settings.fixed.resize(chess::kEvalParamCount);
  for (int i = 0; i < chess::kEvalParamCount; ++i) settings.fixed[i] = chess::eval_param_fixed(i);
  const TuneReport report = tune(train, validation, k, w, settings);
  const double before = mean_eval_distance(validation, start, planted);
  const double after = mean_eval_distance(validation, w, planted);
  EXPECT_GT(before, 20.0);
  EXPECT_LT(after, before / 3) << "before " << before << " after " << after;
  EXPECT_LT(report.validation_loss_after, report.validation_loss_before / 4);
  for (int i = 0; i < chess::kEvalParamCount; ++i) {
    if (settings.fixed[i]) {
      EXPECT_EQ(w[i], start[i]) << chess::eval_param_name(i);
    }
  }
}

TEST(Texel, EarlyStoppingKeepsTheBestValidationWeights) {
  // Random results: whatever the fit learns on 200 positions is noise, so the validation loss
  // is lowest early and the tuner must stop and hand back those weights.
  std::vector<TuningPosition> train = random_positions(10, 31), validation = random_positions(40, 32);
  std::mt19937_64 rng(9);
  for (auto& p : train) p.result = double(rng() % 2);
  for (auto& p : validation) p.result = double(rng() % 2);
  Weights w = weights_of(chess::kEvalParams);
  TuneSettings settings;
  settings.epochs = 5000;
  settings.rate = 5.0;
  settings.check_every = 5;
  settings.patience = 10;
  double best_seen = 1e9, last_seen = 0;
  settings.on_check = [&](int, double l) { best_seen = std::min(best_seen, l); last_seen = l; };
  const double k = 1.0;
  const TuneReport report = tune(train, validation, k, w, settings);
  EXPECT_LT(report.epochs_run, settings.epochs);
  EXPECT_LT(report.best_epoch, report.epochs_run);
  EXPECT_DOUBLE_EQ(report.validation_loss_after, std::min(best_seen, report.validation_loss_before));
  EXPECT_LT(report.validation_loss_after, last_seen);  // Training on was making it worse.
}

TEST(Texel, ValidationHoldsOutAShareOfWholeGames) {
  int held = 0;
  for (int game = 0; game < 20000; ++game) held += in_validation(game, 0.2);
  EXPECT_NEAR(held / 20000.0, 0.2, 0.01);
  EXPECT_EQ(in_validation(123, 0.2), in_validation(123, 0.2));
  int none = 0;
  for (int game = 0; game < 1000; ++game) none += in_validation(game, 0.0);
  EXPECT_EQ(none, 0);
}

protocol::PgnLine game_of(const std::string& pgn) {
  std::vector<protocol::PgnLine> games;
  std::string error;
  EXPECT_TRUE(protocol::read_pgn(pgn, games, error)) << error;
  EXPECT_EQ(games.size(), 1u);
  return games.empty() ? protocol::PgnLine{} : games[0];
}

TEST(TrainingData, KeepsQuietPositionsOnly) {
  // Eleven quiet moves (e4 e5 Nf3 Nc6 Bb5 a6, O-O Bg4 h3, Qf6, d3) and six captures; the final
  // position has no move played from it.
  const auto game = game_of(
      "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Bg4 6. h3 Bxf3 "
      "7. Qxf3 Qf6 8. Qxf6 Nxf6 9. d3 1-0\n");
  std::mt19937_64 rng(1);
  std::vector<std::string> lines;
  std::string error;
  ExtractSettings settings;
  settings.per_game = 100;
  ASSERT_TRUE(extract_positions(game, 4, settings, rng, lines, error)) << error;
  EXPECT_EQ(lines.size(), 11u);
  for (const auto& line : lines) {
    EXPECT_NE(line.find(" c9 \"1-0\"; c8 \"4\";"), std::string::npos) << line;
    TuningPosition p;
    EXPECT_TRUE(parse_training_line(line, p, error)) << line << ": " << error;
    EXPECT_EQ(p.result, 1.0);
    EXPECT_EQ(p.game, 4);
  }
  EXPECT_EQ(lines[0].rfind("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 0), 0u);

  lines.clear();
  settings.per_game = 3;
  settings.skip_plies = 4;
  ASSERT_TRUE(extract_positions(game, 4, settings, rng, lines, error));
  EXPECT_EQ(lines.size(), 3u);
  for (const auto& line : lines) EXPECT_NE(line.rfind("rnbqkbnr/pppppppp", 0), 0u) << line;
}

TEST(TrainingData, SkipsPositionsInCheckAndUnfinishedGames) {
  const auto check_game = game_of("[Result \"0-1\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 0-1\n");
  std::mt19937_64 rng(1);
  std::vector<std::string> lines;
  std::string error;
  ExtractSettings settings;
  settings.per_game = 100;
  ASSERT_TRUE(extract_positions(check_game, 0, settings, rng, lines, error));
  EXPECT_EQ(lines.size(), 4u);  // e4 e5 Bc4 Nc6; Bxf7+ a capture, Kxf7 in check.
  lines.clear();
  const auto unfinished = game_of("1. e4 e5 2. Nf3 *\n");
  ASSERT_TRUE(extract_positions(unfinished, 0, settings, rng, lines, error));
  EXPECT_TRUE(lines.empty());
  const auto on_time = game_of("[Result \"1-0\"]\n[Termination \"time forfeit\"]\n\n1. e4 e5 1-0\n");
  ASSERT_TRUE(extract_positions(on_time, 0, settings, rng, lines, error));
  EXPECT_TRUE(lines.empty());
  const auto adjudicated =
      game_of("[Result \"1-0\"]\n[Termination \"adjudication\"]\n\n1. e4 e5 1-0\n");
  ASSERT_TRUE(extract_positions(adjudicated, 0, settings, rng, lines, error));
  EXPECT_EQ(lines.size(), 2u);
}

TEST(TrainingData, BadInputIsNamed) {
  protocol::PgnLine game;
  game.result = "1-0";
  game.uci_moves = {"e2e4", "e7e5", "e1e3"};
  std::mt19937_64 rng(1);
  std::vector<std::string> lines;
  std::string error;
  EXPECT_FALSE(extract_positions(game, 8, {}, rng, lines, error));
  EXPECT_NE(error.find("game 8, ply 3 (e1e3)"), std::string::npos) << error;

  TuningPosition p;
  const std::string fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -";
  EXPECT_TRUE(parse_training_line(fen + " c9 \"1/2-1/2\"; c8 \"2\";", p, error)) << error;
  EXPECT_EQ(p.result, 0.5);
  EXPECT_FALSE(parse_training_line(fen + " c8 \"2\";", p, error));
  EXPECT_NE(error.find("c9"), std::string::npos) << error;
  EXPECT_FALSE(parse_training_line(fen + " c9 \"1-1\"; c8 \"2\";", p, error));
  EXPECT_NE(error.find("'1-1'"), std::string::npos) << error;
  EXPECT_FALSE(parse_training_line(fen + " c9 \"1-0\";", p, error));
  EXPECT_NE(error.find("c8"), std::string::npos) << error;
  EXPECT_FALSE(parse_training_line(fen + " c9 \"1-0\"; c8 \"x\";", p, error));
  EXPECT_NE(error.find("c8"), std::string::npos) << error;
  EXPECT_FALSE(parse_training_line("rnbqkbnr/ppp w KQkq - c9 \"1-0\"; c8 \"1\";", p, error));
  EXPECT_NE(error.find("bad position"), std::string::npos) << error;
  std::vector<TuningPosition> all;
  EXPECT_FALSE(read_training_file("/nonexistent/positions.epd", all, error));
  EXPECT_NE(error.find("/nonexistent/positions.epd"), std::string::npos) << error;
}

// A xiangqi game as the match runner writes it (coordinate moves, ranks 1..10): its quiet
// positions, read back as training positions whose linear model is the xiangqi evaluation.
TEST(TrainingData, XiangqiGamesGiveTheirQuietPositions) {
  std::mt19937_64 rng(17);
  protocol::PgnGame written;
  written.tags = {{"Variant", "xiangqi"}, {"Termination", "adjudication"}};
  written.game = tuned_xiangqi();  // Its referee reads the start FEN.
  written.coordinate_moves = true;
  written.start_fen = std::string(xiangqi::kStartFen);
  written.result = "0-1";
  xiangqi::Position pos = xiangqi::Position::start();
  std::vector<std::string> quiet;  // The positions the extractor must keep, in order.
  for (int ply = 0; ply < 90; ++ply) {
    xiangqi::MoveList moves;
    xiangqi::generate<xiangqi::GenType::kAll>(pos, moves);
    if (moves.empty()) break;
    const xiangqi::Move m = moves[int(rng() % uint64_t(moves.size()))];
    if (!pos.in_check() && !pos.is_capture(m)) {
      const std::string fen = pos.fen();
      quiet.push_back(fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1)));
    }
    written.moves.push_back({xiangqi::move_to_text(m, xiangqi::RankBase::kOne), ""});
    pos.make_move(m);
  }
  ASSERT_GT(quiet.size(), 20u);
  std::string text, error;
  ASSERT_TRUE(protocol::write_pgn(written, text, error)) << error;
  std::vector<protocol::PgnLine> games;
  ASSERT_TRUE(protocol::read_pgn(text, games, error)) << error;
  ASSERT_EQ(games.size(), 1u);

  ExtractSettings settings;
  settings.per_game = 1000;
  std::vector<std::string> lines;
  ASSERT_TRUE(extract_positions(games[0], 6, settings, rng, lines, error)) << error;
  ASSERT_EQ(lines.size(), quiet.size());
  const Weights w = engine_weights(tuned_xiangqi());
  for (size_t i = 0; i < lines.size(); ++i) {
    ASSERT_EQ(lines[i].rfind(quiet[i] + " c9 \"0-1\"; c8 \"6\";", 0), 0u) << lines[i];
    TuningPosition p;
    ASSERT_TRUE(parse_training_line(lines[i], p, error, tuned_xiangqi())) << error;
    EXPECT_EQ(p.result, 0.0);
    const xiangqi::Position at = xiangqi::Position::from_fen(quiet[i] + " 0 1");
    const int engine = xiangqi::evaluate(at);
    const double red_side = at.side_to_move() == xiangqi::kRed ? engine : -engine;
    ASSERT_NEAR(evaluate(p, w), red_side, 1.0) << quiet[i];
  }
  // The chess reader is not given a xiangqi position, and a bad xiangqi move is named.
  TuningPosition p;
  EXPECT_FALSE(parse_training_line(lines[0], p, error, tuned_chess()));
  games[0].uci_moves[3] = "a1a9";
  EXPECT_FALSE(extract_positions(games[0], 6, settings, rng, lines, error));
  EXPECT_NE(error.find("game 6, ply 4 (a1a9)"), std::string::npos) << error;
  EXPECT_EQ(weight_count(tuned_xiangqi()), xiangqi::kEvalParamCount);
  EXPECT_EQ(weight_name(tuned_xiangqi(), xiangqi::kMaterialIndex + xiangqi::kHorse),
            "material horse");
}

}  // namespace
}  // namespace splitlab::tuner
