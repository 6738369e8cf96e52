// A bot worker thread: answers ThinkRequests with the definition's pure `choose`, and
// PrepareRequests with its pure `work` (a no-guess board) (server/bots/pool.ts sends them;
// one request at a time per worker).

import { parentPort } from "node:worker_threads";
import { runPreparation, type PrepareRequest } from "./prepare.js";
import { decide, type ThinkRequest } from "./thinker.js";

parentPort!.on("message", (msg: { id: number; kind?: "think" | "prepare"; request: unknown }) => {
  try {
    const answer = msg.kind === "prepare" ? runPreparation(msg.request as PrepareRequest) : decide(msg.request as ThinkRequest);
    parentPort!.postMessage({ id: msg.id, answer });
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: String((e as Error)?.message ?? e) });
  }
});

parentPort!.postMessage({ ready: true });
