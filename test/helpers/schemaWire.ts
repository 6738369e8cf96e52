// The encoder → decoder path of Colyseus, without a server: a connection's full state
// (the shared part, then its view's part) and each patch (the shared changes, then each
// view's), in the order Colyseus sends them. For tests of what each connection decodes.

import { Decoder, type Encoder, type Schema, type StateView } from "@colyseus/schema";
import { ClientState, type SchemaSerializer } from "@colyseus/core";

export interface Decoded<S extends Schema> {
  view: StateView;
  state: S;
  decoder: Decoder;
}

/** A new connection: decodes the full state as Colyseus' getFullState sends it with a view. */
export function connectView<S extends Schema>(encoder: Encoder, view: StateView, fresh: () => S, bufferBytes = 64 * 1024): Decoded<S> {
  const buffer = Buffer.allocUnsafe(bufferBytes);
  const it = { offset: 0 };
  encoder.encodeAll(it, buffer);
  const state = fresh();
  const decoder = new Decoder(state);
  decoder.decode(encoder.encodeAllView(view, it.offset, { ...it }, buffer));
  return { view, state, decoder };
}

/** One patch to every connection, as Colyseus' applyPatches with filters sends it. */
export function patchViews(encoder: Encoder, connections: readonly { view: StateView; decoder: Decoder }[]): void {
  if (!encoder.hasChanges) return;
  const it = { offset: 0 };
  encoder.encode(it);
  const shared = it.offset;
  for (const c of connections) c.decoder.decode(encoder.encodeView(c.view, shared, it));
  encoder.discardChanges();
}

/** A connection fed by Colyseus' own SchemaSerializer (the bytes a real client would get). */
export interface WiredClient<S extends Schema> {
  /** What the serializer reads of a client. */
  state: number;
  view?: StateView;
  raw(bytes: Buffer): void;
  /** The client's decoded state and what its decoder complained about. */
  decoded: S;
  problems: string[];
}

/**
 * A client joining now through `serializer.getFullState` (with `view`, or none: a spectator),
 * decoding every full state and patch it is sent into a fresh `fresh()` state.
 */
export function wireClient<S extends Schema>(serializer: SchemaSerializer<S>, fresh: () => S, view?: StateView): WiredClient<S> {
  const decoded = fresh();
  const decoder = new Decoder(decoded);
  const problems: string[] = [];
  const client: WiredClient<S> = {
    state: ClientState.JOINED,
    view,
    decoded,
    problems,
    raw(bytes) {
      // Protocol byte first (ROOM_STATE / ROOM_STATE_PATCH), then the schema bytes.
      const warn = console.warn;
      console.warn = (...args: unknown[]) => problems.push(args.join(" "));
      try {
        decoder.decode(Buffer.from(bytes).subarray(1));
      } catch (e) {
        problems.push(String(e));
      } finally {
        console.warn = warn;
      }
    },
  };
  client.raw(serializer.getFullState(client as never));
  return client;
}
