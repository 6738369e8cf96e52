// Whose request is this? Per-address limits must key on an address the client cannot choose:
// the socket's, unless the operator says (TRUST_PROXY=n) that n proxies of theirs stand in
// front of the hub and append the address they saw to X-Forwarded-For (nginx:
// `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`). Then the n-th entry from the
// right is the one the outermost trusted proxy saw; anything left of it the client wrote.

import type { IncomingMessage } from "node:http";
import { isIPv6 } from "node:net";

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

/**
 * What per-address limits count: an IPv4 address as it is, an IPv6 address by its /64 (one
 * customer usually gets a whole /64, so single addresses would be free for the taking).
 */
export function limitKey(address: string): string {
  if (!isIPv6(address)) return address;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(":")}::/64`;
}
