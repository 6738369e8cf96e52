// Writing a list of numbers (a hand, a seat's legal plays) into an ArraySchema.
//
// Only appends are written as changes; any other edit clears the list and pushes it again.
// Replacing an entry in place (`list[i] = v`) or popping looks cheaper, but with
// @colyseus/schema 3.0.76 such edits to a list inside a `@view()` child, made while no
// connection held that view (a bot playing a dropped seat) and then sent to a connection
// that reclaimed the seat, reached it garbled: entries duplicated, pops lost
// (test/server/numberList.test.ts replays that against the real encoder and decoder). A
// rebuild costs about what the in-place edits did: removing a card from the middle of a
// hand rewrote every entry after it anyway.

import type { ArraySchema } from "@colyseus/schema";

export function syncNumberList(target: ArraySchema<number>, values: readonly number[]): void {
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
