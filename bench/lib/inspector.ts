// The V8 inspector of a process the bench started with `--inspect=127.0.0.1:0`: a full
// GC and the live heap after it (what a leak leaves behind), and heap snapshots to open
// in Chrome DevTools (Memory tab, "Comparison") when something grows.

import { createWriteStream } from "node:fs";
import type { ChildProcess } from "node:child_process";
import WebSocket from "ws";

export class Inspector {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(v: any): void; reject(e: Error): void }>();
  private readonly listeners = new Map<string, (params: any) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const msg = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string }; method?: string; params?: unknown };
      if (msg.id !== undefined) {
        const w = this.waiting.get(msg.id);
        this.waiting.delete(msg.id);
        if (msg.error) w?.reject(new Error(msg.error.message));
        else w?.resolve(msg.result);
      } else if (msg.method) this.listeners.get(msg.method)?.(msg.params);
    });
  }

  /** Connects to the inspector `child` announced on stderr ("Debugger listening on ws://…"). */
  static async attach(child: ChildProcess, timeoutMs = 30_000): Promise<Inspector> {
    const url = await new Promise<string>((resolve, reject) => {
      let seen = "";
      const timer = setTimeout(() => reject(new Error(`no inspector URL on stderr within ${timeoutMs} ms:\n${seen}`)), timeoutMs);
      child.stderr!.on("data", (chunk: Buffer) => {
        seen += chunk.toString();
        const m = /Debugger listening on (ws:\/\/\S+)/.exec(seen);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1 << 30 });
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    return new Inspector(ws);
  }

  send<T = any>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Live heap after a full garbage collection (bytes). */
  async heapAfterGc(): Promise<{ used: number; total: number }> {
    await this.send("HeapProfiler.collectGarbage");
    const { usedSize, totalSize } = await this.send<{ usedSize: number; totalSize: number }>("Runtime.getHeapUsage");
    return { used: usedSize, total: totalSize };
  }

  /** Writes a heap snapshot (a .heapsnapshot file for Chrome DevTools). */
  async snapshot(file: string): Promise<void> {
    const out = createWriteStream(file);
    this.listeners.set("HeapProfiler.addHeapSnapshotChunk", (p: { chunk: string }) => out.write(p.chunk));
    await this.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false, captureNumericValue: false });
    this.listeners.delete("HeapProfiler.addHeapSnapshotChunk");
    await new Promise<void>((resolve) => out.end(resolve));
  }

  close(): void {
    this.ws.close();
  }
}
