// `GET /metrics`: the Prometheus scrape (server/ops/metrics.ts). Off (404, as if nothing
// were there) unless the operator sets METRICS_TOKEN; then only a request carrying
// `Authorization: Bearer <token>` is answered (compared in constant time), anything else
// is 401. Never answered cross-origin (no CORS headers: server/ops/cors.ts skips it).

import crypto from "node:crypto";
import express from "express";
import { log } from "./log.js";
import { registry } from "./metrics.js";

/** Shorter tokens are refused at start: a scrape token is a password. */
export const METRICS_MIN_TOKEN = 16;

/** METRICS_TOKEN when it is usable; null (metrics off) otherwise. */
export function metricsTokenFromEnv(env: NodeJS.ProcessEnv = process.env): string | null {
  const token = env.METRICS_TOKEN?.trim() ?? "";
  if (!token) return null;
  if (token.length < METRICS_MIN_TOKEN || !/^[\x21-\x7e]+$/.test(token)) {
    log.warn({ event: "config" }, `Metrics off: METRICS_TOKEN must be at least ${METRICS_MIN_TOKEN} printable characters without spaces.`);
    return null;
  }
  return token;
}

function digest(text: string): Buffer {
  return crypto.createHash("sha256").update(text, "utf8").digest();
}

/** Mounts `/metrics`: the scrape behind `token`, or a plain 404 when `token` is null. */
export function mountMetrics(app: express.Express, token: string | null): void {
  if (token === null) {
    app.use("/metrics", (_req, res) => {
      res.status(404).json({ code: "not-found", message: "There is nothing here." });
    });
    return;
  }
  const want = digest(token);
  app.get("/metrics", async (req, res) => {
    const given = /^Bearer (\S{1,512})$/i.exec(req.headers.authorization?.trim() ?? "")?.[1] ?? "";
    // Digests of equal length: the comparison's time says nothing about the token.
    if (!crypto.timingSafeEqual(digest(given), want)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="hub metrics"');
      res.status(401).json({ code: "unauthorized", message: "The metrics need the operator's token (Authorization: Bearer …)." });
      return;
    }
    try {
      const body = await registry.metrics();
      res.setHeader("Content-Type", registry.contentType);
      res.setHeader("Cache-Control", "no-store");
      res.send(body);
    } catch (e) {
      log.error({ event: "http.failed", path: "/metrics", err: e }, "collecting the metrics failed");
      res.status(500).json({ code: "internal", message: "Collecting the metrics failed." });
    }
  });
  app.all("/metrics", (_req, res) => {
    res.status(405).json({ code: "bad-method", message: "The metrics are read with GET." });
  });
}
