// A bot worker thread: answers ThinkRequests with the definition's pure `choose`
// (server/bots/pool.ts sends them; one request at a time per worker).

import { parentPort } from "node:worker_threads";
import { decide, type ThinkRequest } from "./thinker.js";

parentPort!.on("message", (msg: { id: number; request: ThinkRequest }) => {
  try {
    parentPort!.postMessage({ id: msg.id, answer: decide(msg.request) });
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: String((e as Error)?.message ?? e) });
  }
});

parentPort!.postMessage({ ready: true });
