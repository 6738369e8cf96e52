// Writing a list (a hand, a seat's legal plays, a board) into an ArraySchema: the two ways.
//
// Only appends are written as changes; any other edit clears the list and pushes it again.
// Replacing entries in place (`list[i] = v`) and popping look cheaper, but with
// @colyseus/schema 3.0.76 such edits to a list inside a `@view()` child reached a
// connection that (re)joined with a new view — a reclaimed seat — garbled: entries
// duplicated, pops lost. The Cubestacc leak test caught it (a legal play of a card not in
// the reclaimed hand), and test/server/numberList.test.ts replays Colyseus' join and patch
// sequence on the real encoder and decoder. Likely cause, from reading the schema's
// Encoder: the full state sent on join (`encodeAllView`) does not clear the visibility
// changes `view.add()` queued, so the next patch sends the child's entries again, and
// in-place edits in between land on moved entries. A rebuild costs about what the
// in-place edits did: removing a card from the middle of a hand rewrote every entry after
// it anyway. (Race boards keep in-place cell writes: a fixed-length board passes the
// reclaim-then-reveal check in test/server/minesweeper.race.test.ts.)

import type { ArraySchema } from "@colyseus/schema";

/**
 * Writes `values` into a list inside a `@view()` child: appends as changes, anything else as a
 * rebuild (Cubestacc's hands and legal plays; Auto Pets' old schema, now only in bench/wire/: its
 * leak test once saw a battle decoded wrong after an in-place edit reached a reclaimed seat).
 */
export function syncList<T>(target: ArraySchema<T>, values: readonly T[]): void {
  const n = target.length;
  let same = 0;
  while (same < n && same < values.length && target[same] === values[same]) same++;
  if (same === n) {
    for (let i = n; i < values.length; i++) target.push(values[i]);
    return;
  }
  target.clear();
  if (values.length) target.push(...values);
}

/**
 * Writes `values` into a public list (no `@view()` above it) entry by entry: a board whose
 * one cell changed sends one change, not the board. Only where no view can be (re)joined
 * with, per the note above.
 */
export function writeInPlace<T>(target: ArraySchema<T>, values: readonly T[]): void {
  if (target.length > values.length) target.splice(values.length);
  values.forEach((v, i) => {
    if (i >= target.length) target.push(v);
    else if (target[i] !== v) target[i] = v;
  });
}
