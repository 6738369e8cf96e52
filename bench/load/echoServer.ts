// The baseline of the load benchmark: a raw `ws` echo server on loopback
// (no parsing, no state: each frame is sent straight back). Usage:
//   PORT=... node --import tsx bench/load/echoServer.ts
import { WebSocketServer } from "ws";

const port = Number(process.env.PORT ?? 8001);
const wss = new WebSocketServer({ host: "127.0.0.1", port, perMessageDeflate: false });
wss.on("connection", (socket) => {
  socket.on("message", (data, isBinary) => socket.send(data, { binary: isBinary }));
});
wss.on("listening", () => console.log(`ws echo listening on ${port}`));
