// A local TCP proxy in front of the hub that a test can cut and restore, for network drops
// the browser itself cannot fake: Chromium's offline switch leaves an open WebSocket up, and
// never reaches a service worker's own fetches. Cut: every piped connection is reset (both
// ends see it at once, as a phone leaving its network does) and new ones are refused until
// restore. The hub behind it keeps running for everyone connected to it directly.
import { createServer, connect, type Server, type Socket } from "node:net";

export class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private up = true;
  port = 0;

  constructor(private readonly target: number) {}

  async start(): Promise<this> {
    this.server = createServer((inbound) => this.pipe(inbound));
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(0, "127.0.0.1", () => resolve());
    });
    const addr = this.server.address();
    this.port = typeof addr === "object" && addr ? addr.port : 0;
    return this;
  }

  /** `http://127.0.0.1:PORT/`: the hub, through the proxy. */
  get base(): string {
    return `http://127.0.0.1:${this.port}/`;
  }

  /** The network goes down: open connections reset, new ones refused. */
  cut(): void {
    this.up = false;
    for (const s of this.sockets) s.resetAndDestroy();
    this.sockets.clear();
  }

  /** The network is back. */
  restore(): void {
    this.up = true;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  private pipe(inbound: Socket): void {
    if (!this.up) {
      inbound.resetAndDestroy();
      return;
    }
    const outbound = connect(this.target, "127.0.0.1");
    for (const s of [inbound, outbound]) {
      this.sockets.add(s);
      s.on("error", () => undefined);
      s.on("close", () => {
        this.sockets.delete(s);
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  }
}
