// Auto Pets' figure beside each name in the shell's seat list: the seat's trophies.
import type { SeatFigure } from "../types";

export const petsSeatFigure: SeatFigure = (state, seat) => {
  const p = (state as { players?: ArrayLike<{ inGame?: boolean; trophies?: number }> }).players?.[seat];
  if (!p?.inGame) return null;
  const n = p.trophies ?? 0;
  return { text: `★${n}`, label: `${n} ${n === 1 ? "trophy" : "trophies"}` };
};
