// A lobby tile's drawing: a small inline SVG (no downloads). Each game draws its own in its
// folder (tile.ts) with this frame. Decorative: the tile's text names the game, so the
// drawing is aria-hidden.

/** `body` (SVG elements in a 96×64 box) as a tile's drawing. */
export const tileArt = (body: string): string =>
  `<svg viewBox="0 0 96 64" width="96" height="64" aria-hidden="true" focusable="false">${body}</svg>`;
