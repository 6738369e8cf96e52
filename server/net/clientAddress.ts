// Whose request is this? Per-address limits must key on an address the client cannot choose:
// the socket's, unless the operator says (TRUST_PROXY=n) that n proxies of theirs stand in
// front of the hub and append the address they saw to X-Forwarded-For (nginx:
// `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`). Then the n-th entry from the
// right is the one the outermost trusted proxy saw; anything left of it the client wrote.

import type { IncomingMessage } from "node:http";

/** "::ffff:127.0.0.1" → "127.0.0.1"; undefined → "unknown". */
function tidy(address: string | undefined): string {
  if (!address) return "unknown";
  const a = address.trim();
  return a.startsWith("::ffff:") ? a.slice(7) : a;
}

export function clientAddress(req: Pick<IncomingMessage, "headers" | "socket">, trustProxy: number): string {
  const socket = tidy(req.socket?.remoteAddress);
  if (trustProxy <= 0) return socket;
  const header = req.headers["x-forwarded-for"];
  const raw = Array.isArray(header) ? header.join(",") : header;
  if (!raw) return socket;
  const hops = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (hops.length === 0) return socket;
  // With fewer entries than trusted proxies, the leftmost is the best we have.
  return tidy(hops[Math.max(0, hops.length - trustProxy)]);
}
