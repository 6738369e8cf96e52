// One write per client per move. A move sends each client its patch and then its
// events as separate WebSocket frames, and `ws` writes every frame at once: one
// writev syscall per frame, which was most of a move's server cost under load
// (bench/load.ts profiles). Corking each client's socket while a move's frames are
// queued, and uncorking when the move is done, hands the kernel one writev per
// client. Nothing waits: the uncork runs synchronously at the end of the move, and
// the player who moved is written first (their own move is the one they wait for).
//
// A corked socket keeps the frames it was given by reference. Messages are copied
// when encoded, but a patch is a view into the schema encoder's shared buffer, which
// the next patch overwrites: so a second patch in one corked scope first writes out
// what is queued (`beforePatch`).

import type { Client } from "@colyseus/core";

interface Corkable {
  cork(): void;
  uncork(): void;
  destroyed?: boolean;
}

/** The TCP socket under a WebSocket transport client (none for other transports). */
function socketOf(client: Client): Corkable | null {
  const socket = (client as unknown as { ref?: { _socket?: Corkable } }).ref?._socket;
  return socket && typeof socket.cork === "function" && !socket.destroyed ? socket : null;
}

export class CorkedClients {
  private readonly sockets: Corkable[] = [];
  private patchQueued = false;

  /** Corks every client's socket; `first` is written first when released. */
  constructor(clients: Iterable<Client>, first?: Client | null) {
    for (const client of clients) {
      const socket = socketOf(client);
      if (!socket) continue;
      socket.cork();
      if (client === first) this.sockets.unshift(socket);
      else this.sockets.push(socket);
    }
  }

  /** Call before encoding a patch: a patch already queued in this scope is written out first. */
  beforePatch(): void {
    if (this.patchQueued) {
      for (const socket of this.sockets) {
        socket.uncork();
        socket.cork();
      }
    }
    this.patchQueued = true;
  }

  /** Uncorks exactly the sockets corked here: each writes what it holds in one go. */
  release(): void {
    for (const socket of this.sockets) socket.uncork();
    this.sockets.length = 0;
  }
}
