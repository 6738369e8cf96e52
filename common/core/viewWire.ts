// How a game's view travels: cut into small keyed parts, each a JSON string (the card table's
// way, common/table/wire.ts, made generic). The room syncs the spectator's parts (`view(null)`)
// to everyone and, where a seat's `view(seat)` differs, that seat's own version `key#seat`
// (game seats, no translation) to that seat only; the client joins them back into the `View`.
//
// The default splitter keys a view finely enough that a move re-sends only what it changed:
// one part per top-level field, and one per element of a top-level list (`grid.17`, `log.3`)
// with the list's length in `grid*`. A game may give its own `split` / `join` (Connect Four's
// leaves out what the client derives). `join(split(v), viewer)` must give `v` back exactly
// (test/common/viewWire.test.ts and each ported game's twin test), less what the wire
// says it leaves out (`carried`).

export type Parts = Record<string, string>;

/** How one game's view is cut into parts and joined back. */
export interface ViewWire<V> {
  split(view: V): Parts;
  /** The view a viewer (game seat, null: spectator) holds, from the parts it received (partsFor). */
  join(parts: Parts, viewer: number | null): V;
  /**
   * What of a view the wire carries (absent: all of it), what the twin checks compare a join
   * with. Only for a field no client reads and none can rebuild: Auto Pets' `log`, which its
   * bots read on the server while a client keeps its own lines from the events.
   */
  carried?(view: V): V;
}

/** The view a client joins when the wire carries `view` (`wire.carried`, else the view itself). */
export const carriedView = <V>(wire: ViewWire<V>, view: V): V => (wire.carried ? wire.carried(view) : view);

const isList = (v: unknown): v is unknown[] => Array.isArray(v);

/** One part per top-level field, one per element of a top-level list (and its length). */
export function splitFields(view: object): Parts {
  const out: Parts = {};
  for (const [k, v] of Object.entries(view)) {
    if (v === undefined) continue;
    if (isList(v)) {
      out[`${k}*`] = String(v.length);
      v.forEach((e, i) => (out[`${k}.${i}`] = JSON.stringify(e ?? null)));
    } else out[k] = JSON.stringify(v);
  }
  return out;
}

/**
 * Parsed primitives by their JSON ("-1", "true", "12"): most parts of a view are small numbers,
 * and a join parses every part on each patch. Primitives are immutable, so sharing them is safe.
 */
const primitives = new Map<string, unknown>();

function parse(json: string): unknown {
  const c = json.charCodeAt(0);
  if (c === 123 /* { */ || c === 91 /* [ */) return JSON.parse(json);
  let v = primitives.get(json);
  if (v === undefined && !primitives.has(json)) {
    v = JSON.parse(json);
    if (primitives.size > 4096) primitives.clear();
    primitives.set(json, v);
  }
  return v;
}

/** The object `splitFields` cut (fields in the order their parts come; a missing element reads null). */
export function joinFields(parts: Parts): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in parts) {
    const json = parts[k];
    if (k.endsWith("*")) {
      const name = k.slice(0, -1);
      const n = Number(json);
      const list = new Array<unknown>(n);
      for (let i = 0; i < n; i++) {
        const e = parts[`${name}.${i}`];
        list[i] = e === undefined ? null : parse(e);
      }
      out[name] = list;
    } else if (!k.includes(".")) out[k] = parse(json);
  }
  return out;
}

/** The default wire: `splitFields` / `joinFields`, nothing left out. */
export function defaultViewWire<V extends object>(): ViewWire<V> {
  return { split: (v) => splitFields(v), join: (p) => joinFields(p) as V };
}

/** A part the room holds and who receives it (game seats; "all": everyone, spectators too). */
export interface WantedPart {
  id: string;
  json: string;
  /** null: everyone; else the one game seat this version is for. */
  seat: number | null;
}

/**
 * Every part object for one state: the spectator's parts for everyone, and for each seat only
 * the parts where its view differs (`key#seat`; "" when the part is absent for that seat).
 */
export function wantedParts<V>(wire: ViewWire<V>, view: (seat: number | null) => V, seats: number): WantedPart[] {
  const pub = wire.split(view(null));
  const out: WantedPart[] = Object.entries(pub).map(([id, json]) => ({ id, json, seat: null }));
  for (let g = 0; g < seats; g++) {
    const own = wire.split(view(g));
    for (const [k, json] of Object.entries(own)) if (pub[k] !== json) out.push({ id: `${k}#${g}`, json, seat: g });
    for (const k of Object.keys(pub)) if (!(k in own)) out.push({ id: `${k}#${g}`, json: "", seat: g });
  }
  return out;
}

/**
 * The parts one viewer holds: the public ones, its own versions replacing them (an empty
 * string: the part is absent for this seat). `seat`: game seat, null for a spectator.
 */
export function partsFor(all: Iterable<[string, string]> | Parts, seat: number | null): Parts {
  const entries = Symbol.iterator in all ? (all as Iterable<[string, string]>) : Object.entries(all);
  const out: Parts = {};
  const own: [string, string][] = [];
  const suffix = seat === null ? null : `#${seat}`;
  for (const [k, json] of entries) {
    if (!k.includes("#")) out[k] = json;
    else if (suffix !== null && k.endsWith(suffix)) own.push([k.slice(0, -suffix.length), json]);
  }
  // a seat's own versions replace the public ones ("": absent for this seat)
  for (const [base, json] of own) {
    if (json === "") delete out[base];
    else out[base] = json;
  }
  return out;
}

/** A decoded room state holding parts (the client's or a test's colyseus.js copy). */
export interface DecodedParts {
  parts?: { size: number; forEach(fn: (part: { json: string }, key: string) => void): void };
  /** Room seat of each game seat. */
  order?: ArrayLike<number>;
}

/** The view a room seat (null: spectator) holds in a decoded state; null before the first game's parts. */
export function joinState<V>(state: DecodedParts, wire: ViewWire<V>, roomSeat: number | null): V | null {
  if (!state.parts || state.parts.size === 0) return null;
  const all: [string, string][] = [];
  state.parts.forEach((p, k) => all.push([k, p.json]));
  const g = roomSeat === null || !state.order ? -1 : Array.from(state.order).indexOf(roomSeat);
  const seat = g < 0 ? null : g;
  return wire.join(partsFor(all, seat), seat);
}
