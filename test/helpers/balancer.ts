// A small HTTP load balancer, as nginx or a cloud balancer stands in front of the hub: each
// request (the client's matchmaking, /api) goes to the next upstream whose GET /readyz last
// answered 200, and to the next one when a connection fails (nginx's proxy_next_upstream
// error). Room WebSockets do not pass here: they go to each process's public address.
import http from "node:http";

export class ReadyBalancer {
  private server: http.Server | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly ready = new Map<number, boolean>();
  private next = 0;
  port = 0;

  constructor(private readonly upstreams: number[]) {
    for (const p of upstreams) this.ready.set(p, true);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.forward(req, res));
    // As nginx's keepalive_timeout (75 s): Node's 5 s default closed kept-alive client sockets
    // under a request that arrived while this (busy) process was late reading it: "socket hang up".
    this.server.keepAliveTimeout = 75_000;
    this.server.headersTimeout = 76_000;
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as { port: number }).port;
    this.timer = setInterval(() => void this.probe(), 200);
    return this;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async probe(): Promise<void> {
    await Promise.all(
      this.upstreams.map(async (p) => {
        const ok = await fetch(`http://127.0.0.1:${p}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
          (r) => r.status === 200,
          () => false,
        );
        this.ready.set(p, ok);
      }),
    );
  }

  private order(): number[] {
    const ready = this.upstreams.filter((p) => this.ready.get(p));
    const list = ready.length ? ready : this.upstreams;
    const start = this.next++ % list.length;
    return [...list.slice(start), ...list.slice(0, start)];
  }

  private async forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    for (const port of this.order()) {
      const done = await new Promise<boolean>((resolve) => {
        const up = http.request({ host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
          // A stopping process's 503 (it reserved nothing): the next one, as nginx's proxy_next_upstream http_503.
          if (answer.statusCode === 503 && req.url?.startsWith("/matchmake/")) {
            answer.resume();
            this.ready.set(port, false);
            resolve(false);
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on("end", () => resolve(true));
          // Cut mid-answer: the client sees it cut too (never a second answer on the same response).
          answer.on("error", () => {
            res.destroy();
            resolve(true);
          });
        });
        up.on("error", () => {
          this.ready.set(port, false);
          if (res.headersSent) {
            res.destroy();
            resolve(true);
          } else resolve(false);
        });
        up.end(body);
      });
      if (done) return;
    }
    res.writeHead(502, { "content-type": "application/json" });
    res.end(JSON.stringify({ code: "bad-gateway", message: "No hub process answers." }));
  }
}
