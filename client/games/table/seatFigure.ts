// The card table's figure beside each name in the shell's seat list: the player's life, read
// from the public player part (`p:<game seat>`, common/table/wire.ts).
import type { SeatFigure } from "../types";

export const tableSeatFigure: SeatFigure = (state, seat) => {
  const st = state as { order?: ArrayLike<number>; parts?: { get(key: string): { json: string } | undefined } };
  const g = Array.from(st.order ?? []).indexOf(seat);
  const json = g >= 0 ? st.parts?.get?.(`p:${g}`)?.json : undefined;
  if (!json) return null;
  try {
    const life = (JSON.parse(json) as { life?: number }).life;
    return typeof life === "number" ? { text: `♥${life}`, label: `${life} life` } : null;
  } catch {
    return null;
  }
};

/**
 * The room seat whose turn it is (the active player): every seat may act at any time on the
 * table, so the turn cues ask here. Read from the public header part `m` (its `table.turn`).
 */
export function tableTurnSeat(state: unknown): number | null {
  const st = state as { order?: ArrayLike<number>; parts?: { get(key: string): { json: string } | undefined } };
  const json = st.parts?.get?.("m")?.json;
  if (!json) return null;
  try {
    const active = (JSON.parse(json) as { table?: { turn?: { active?: number } } | null }).table?.turn?.active;
    const order = Array.from(st.order ?? []);
    return typeof active === "number" && active >= 0 && active < order.length ? order[active] : null;
  } catch {
    return null;
  }
}
