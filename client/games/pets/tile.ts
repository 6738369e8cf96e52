// The lobby tile's drawing (client/games/tileArt.ts).
import { tileArt } from "../tileArt";

/** A paw print. */
export const petsTile = tileArt(
  `<rect width="96" height="64" rx="8" fill="#fde4cf"/>` +
    `<ellipse cx="48" cy="40" rx="12" ry="10" fill="#9a3412"/>` +
    [[33, 24], [43, 17], [53, 17], [63, 24]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="4.5" ry="6" fill="#9a3412"/>`).join(""),
);
