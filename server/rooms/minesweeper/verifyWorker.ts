// The worker thread of soloVerifier.ts: replays an offline Minesweeper submission
// (common/minesweeper/verify.ts) and answers its verdict. One submission at a time.

import { parentPort } from "node:worker_threads";
import { verifySoloLog } from "../../../common/minesweeper/verify.js";

parentPort!.on("message", (msg: { id: number; submission: unknown }) => {
  try {
    parentPort!.postMessage({ id: msg.id, result: verifySoloLog(msg.submission) });
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: String((e as Error)?.message ?? e) });
  }
});
