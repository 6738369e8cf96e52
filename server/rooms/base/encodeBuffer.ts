// Encode buffers big enough for a room's whole state.
//
// @colyseus/schema 3.0.76 starts each room with 8 KB buffers (the serializer's full-state
// buffer and the encoder's patch buffer) and grows them wrongly when a StateView is in play:
// the grown buffer is not kept, `encodeView` / `encodeAllView` go on writing into the old
// one, and the connection receives the state cut at 8 KB (a reclaimed seat late in a long
// game decodes torn strings). A room whose state can pass 8 KB gets buffers sized for its
// largest state instead. Both buffers are allocated from `Encoder.BUFFER_SIZE` when the room
// assigns its state, in the same synchronous step as `createState`: the static is set for
// that step and put back right after, so other rooms keep the default.

import { Encoder } from "@colyseus/schema";

/** The room state created now (assigned in this synchronous step) gets `bytes`-sized encode buffers. */
export function sizeNextEncoder(bytes: number): void {
  const before = Encoder.BUFFER_SIZE;
  Encoder.BUFFER_SIZE = bytes;
  queueMicrotask(() => (Encoder.BUFFER_SIZE = before));
}

/** Worst-case bytes of one array entry in a patch: operation, index (≤ 3 bytes up to 65,535), value. */
const ENTRY_BYTES = 6;

/**
 * Buffers for a state of `entries` array entries (board cells, public and private together,
 * since one patch carries the public changes and every seat's view of its own): the default
 * 8 KB when they fit in it, more when they may not.
 */
export function sizeEncoderForEntries(entries: number): void {
  const bytes = 8 * 1024 + entries * ENTRY_BYTES;
  if (bytes > 8 * 1024 + 1024) sizeNextEncoder(bytes);
}
