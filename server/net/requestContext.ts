// The address of the matchmaking request being served, visible to the room code it runs
// (onCreate, _reserveSeat) without threading it through Colyseus' call chain. Also carries
// back the string reason of a refusal thrown inside the matchmaker, which rewraps errors
// into plain ServerErrors (code and message only).

import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  address: string;
  refusal?: { reason: string; message: string };
}

const store = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` as serving `ctx`; read `ctx.refusal` afterwards for the reason of a refusal. */
export function withRequest<T>(ctx: RequestContext, fn: () => T): T {
  return store.run(ctx, fn);
}

/** The address of the HTTP matchmaking request in progress, or null (IPC from another process, tests calling the matchmaker directly). */
export function requester(): string | null {
  return store.getStore()?.address ?? null;
}

/** Remembers why the request in progress is being refused (see HubRefusal). */
export function noteRefusal(reason: string, message: string): void {
  const ctx = store.getStore();
  if (ctx) ctx.refusal = { reason, message };
}
