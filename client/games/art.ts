// Tile art for the lobby: small inline SVG drawings (no downloads), one per game.
// Decorative: the tile's text names the game, so each drawing is aria-hidden.

const svg = (body: string) =>
  `<svg viewBox="0 0 96 64" width="96" height="64" aria-hidden="true" focusable="false">${body}</svg>`;

/** A corner of a board: open cells with numbers, a flag and a mine. */
export const minesweeperArt = svg(
  `<rect width="96" height="64" rx="8" fill="#c9d3e3"/>` +
    [0, 1, 2, 3, 4, 5]
      .flatMap((c) => [0, 1, 2, 3].map((r) => `<rect x="${6 + c * 14.5}" y="${4 + r * 14.5}" width="13" height="13" rx="2" fill="${(r + c) % 3 === 0 ? "#8fa3c3" : "#eef2f8"}"/>`))
      .join("") +
    `<text x="26" y="43" font-size="11" font-weight="700" fill="#1d4ed8" font-family="sans-serif">1</text>` +
    `<text x="40" y="28" font-size="11" font-weight="700" fill="#15803d" font-family="sans-serif">2</text>` +
    `<path d="M66 8v10M66 8l7 3-7 3" stroke="#b91c1c" stroke-width="2" fill="#dc2626"/>` +
    `<circle cx="81" cy="54" r="4.5" fill="#111"/><path d="M81 47v14M74 54h14" stroke="#111" stroke-width="1.5"/>`,
);

/** Three stacked cubes, the top one leaning. */
export const cubestaccArt = svg(
  `<rect width="96" height="64" rx="8" fill="#1f2a44"/>` +
    cube(32, 36, "#f59e0b") +
    cube(52, 36, "#10b981") +
    cube(42, 20, "#6366f1") +
    `<text x="74" y="22" font-size="13" font-weight="800" fill="#fde68a" font-family="sans-serif">+2</text>`,
);

function cube(x: number, y: number, fill: string): string {
  return (
    `<path d="M${x} ${y}l10-5 10 5-10 5z" fill="#fff" opacity=".55"/>` +
    `<path d="M${x} ${y}l10 5v12l-10-5z" fill="${fill}"/>` +
    `<path d="M${x + 20} ${y}l-10 5v12l10-5z" fill="${fill}" opacity=".75"/>`
  );
}

/** A blue frame with a winning diagonal. */
export const connect4Art = svg(
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

/** A paw print. */
export const petsArt = svg(
  `<rect width="96" height="64" rx="8" fill="#fde4cf"/>` +
    `<ellipse cx="48" cy="40" rx="12" ry="10" fill="#9a3412"/>` +
    [[33, 24], [43, 17], [53, 17], [63, 24]].map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="4.5" ry="6" fill="#9a3412"/>`).join(""),
);

/** Two fanned playing cards on felt. */
export const tableArt = svg(
  `<rect width="96" height="64" rx="8" fill="#166534"/>` +
    `<rect x="30" y="12" width="26" height="38" rx="3" fill="#fff" transform="rotate(-12 43 31)"/>` +
    `<rect x="42" y="12" width="26" height="38" rx="3" fill="#fff" transform="rotate(10 55 31)"/>` +
    `<text x="48" y="38" font-size="16" fill="#b91c1c" font-family="sans-serif">♥</text>`,
);

/** Three fanned cards on felt: the queen of spades between two hearts. */
export const heartsArt = svg(
  `<rect width="96" height="64" rx="8" fill="#1d5b3c"/>` +
    [
      [-16, 30, "#c8102e", "A♥"],
      [0, 46, "#1b1b1f", "Q♠"],
      [16, 62, "#c8102e", "K♥"],
    ]
      .map(([rot, x, fill, label]) => `<g transform="rotate(${rot} ${x} 60)"><rect x="${Number(x) - 12}" y="10" width="24" height="36" rx="3" fill="#fff" stroke="#9aa3b2"/><text x="${Number(x) - 9}" y="24" font-size="10" font-weight="700" fill="${fill}" font-family="sans-serif">${label}</text></g>`)
      .join(""),
);
