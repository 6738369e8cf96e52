// The fair floor of the load benchmark (issue 42): a raw `ws` server that seats sockets in
// rooms of 8 by arrival and sends each frame to everyone in its room, the sender included —
// the fan-out of the hub's 8-seat co-op rooms with no parsing, no rules, no state, no log.
// Usage: PORT=... node bench/load/relayServer.js (bundled like the echo server).
import { WebSocketServer, type WebSocket } from "ws";

const ROOM_SIZE = 8;
const port = Number(process.env.PORT ?? 8002);
const wss = new WebSocketServer({ host: "127.0.0.1", port, perMessageDeflate: false });
let open: Set<WebSocket> = new Set();
wss.on("connection", (socket) => {
  if (open.size >= ROOM_SIZE) open = new Set();
  const room = open;
  room.add(socket);
  socket.on("message", (data, isBinary) => {
    for (const peer of room) if (peer.readyState === peer.OPEN) peer.send(data, { binary: isBinary });
  });
  socket.on("close", () => room.delete(socket));
});
wss.on("listening", () => console.log(`ws relay listening on ${port}`));
