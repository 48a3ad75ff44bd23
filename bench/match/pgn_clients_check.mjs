// Reads a PGN file the way two common JavaScript clients do, and says whether both accept every
// game (issue 51): chess.js (the library most web GUIs build on) loads each game with loadPgn,
// and chessops (lichess's) parses the file and plays every main-line move from each game's start.
//
//   node pgn_clients_check.mjs NODE_MODULES GAMES.pgn [--expect-reject]
//
// NODE_MODULES is the folder that holds chess.js and chessops (`npm root -g` after
// scripts/setup). Prints one line per client; exit 0 when every game is read by both, or, with
// --expect-reject, when chess.js rejects at least one game (the canary that shows the check sees
// a file that a client cannot read); exit 1 otherwise, 2 on bad usage.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [modules, pgnPath, flag] = process.argv.slice(2);
if (!modules || !pgnPath || (flag && flag !== '--expect-reject')) {
  console.error('usage: node pgn_clients_check.mjs NODE_MODULES GAMES.pgn [--expect-reject]');
  process.exit(2);
}
const load = async (name, file) => import(pathToFileURL(join(modules, name, file)).href);
const { Chess } = await load('chess.js', 'dist/esm/chess.js');
const { parsePgn, startingPosition } = await load('chessops', 'dist/esm/pgn.js');
const { parseSan } = await load('chessops', 'dist/esm/san.js');

const text = readFileSync(pgnPath, 'utf8');
// One game a chunk: a tag section starts each game.
const chunks = text.split(/\n\n(?=\[Event )/).map((c) => c.trim()).filter((c) => c.length > 0);

const chessJsFailures = [];
chunks.forEach((chunk, i) => {
  try {
    new Chess().loadPgn(chunk);
  } catch (error) {
    chessJsFailures.push(`game ${i + 1}: ${String(error.message || error).split('\n')[0]}`);
  }
});

const chessopsFailures = [];
const games = parsePgn(text);
if (games.length !== chunks.length)
  chessopsFailures.push(`parsed ${games.length} games of ${chunks.length}`);
games.forEach((game, i) => {
  const start = startingPosition(game.headers);
  if (start.isErr) {
    chessopsFailures.push(`game ${i + 1}: start position: ${start.error}`);
    return;
  }
  const pos = start.value;
  let ply = 0;
  for (const node of game.moves.mainline()) {
    ply += 1;
    const move = parseSan(pos, node.san);
    if (!move) {
      chessopsFailures.push(`game ${i + 1}, ply ${ply}: '${node.san}' is not legal`);
      return;
    }
    pos.play(move);
  }
  if (ply === 0) chessopsFailures.push(`game ${i + 1}: no moves`);
});

console.log(`chess.js: ${chunks.length - chessJsFailures.length} of ${chunks.length} games read` +
            (chessJsFailures.length ? `; first failure ${chessJsFailures[0]}` : ''));
console.log(`chessops: ${chessopsFailures.length ? 'failed: ' + chessopsFailures[0] : `${games.length} of ${chunks.length} games read, every move legal`}`);
if (flag === '--expect-reject') process.exit(chessJsFailures.length > 0 ? 0 : 1);
process.exit(chessJsFailures.length === 0 && chessopsFailures.length === 0 ? 0 : 1);
