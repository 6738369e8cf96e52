// The boardgame.io 0.50 peer of the load benchmark: its own Koa + socket.io
// server with the co-op Minesweeper wrapper (bgioGame.ts), in-memory storage.
// Matches are created on demand when the first client syncs. Usage:
//   PORT=... node --import tsx bench/load/bgioServer.ts
import { Server } from "boardgame.io/server";
import { MinesweeperCoop } from "./bgioGame.js";

const port = Number(process.env.PORT ?? 8000);
const server = Server({ games: [MinesweeperCoop], origins: true });
// No top-level await: the bench bundles this file as CommonJS (bench/lib/built.ts).
void server.run({ port, callback: () => console.log(`bgio peer listening on ${port}`) });
