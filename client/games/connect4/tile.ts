// The lobby tile's drawing (client/games/tileArt.ts).
import { tileArt } from "../tileArt";

/** A blue frame with a winning diagonal. */
export const connect4Tile = tileArt(
  `<rect width="96" height="64" rx="8" fill="#1e40af"/>` +
    [0, 1, 2, 3, 4, 5]
      .flatMap((c) =>
        [0, 1, 2, 3].map((r) => {
          const win = c - 1 === 3 - r;
          const fill = win ? "#facc15" : (r * 6 + c) % 5 === 0 ? "#ef4444" : r === 3 && c % 2 ? "#facc15" : "#0f1b3d";
          return `<circle cx="${13 + c * 14}" cy="${11 + r * 14}" r="5.5" fill="${fill}"/>`;
        }),
      )
      .join(""),
);
