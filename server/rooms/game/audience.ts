// Objects whose audience changes: a card shown to one seat, then to everyone, then
// hidden again; a secret pick revealed at the end of a phase. Each object is a schema
// child in a `@view()` map; who may see it is a per-object StateView membership kept
// here, for every connection (seats and spectators), through joins, drops and reclaims.
//
// `sync()` takes the whole wanted list each time (after every move) and makes the
// schema and every view agree with it: add, change, remove, and audience changes both
// ways. `attach()` builds a new connection's view (a join, a reconnection, a reclaim).
//
// The object stays one schema instance for its whole life: its fields are edited in place
// whoever sees it, and each view adds or removes it as its audience changes
// (test/server/audience.test.ts decodes every connection after every step, including
// objects edited while hidden from a connection and shown to it again later).

import { MapSchema, type Schema, type StateView } from "@colyseus/schema";

/** Who sees an object: everyone (spectators included), or these seats only. */
export type Audience = "all" | readonly number[];

export interface Wanted<F> {
  id: string;
  audience: Audience;
  fields: F;
}

/** A connection's view and the seat it plays (null: spectator). */
export interface Viewer {
  view: StateView;
  seat: number | null;
}

const sees = (audience: Audience, seat: number | null): boolean => audience === "all" || (seat !== null && audience.includes(seat));

export class AudienceMap<T extends Schema, F extends object> {
  private shown = new Map<string, { audience: Audience; fields: F }>();

  constructor(
    /** The `@view()` map in the state this projection owns. */
    readonly map: MapSchema<T>,
    private readonly make: () => T,
    /** Writes `fields` onto a schema object (only what differs, when it is a known one). */
    private readonly write: (target: T, fields: F, previous: F | null) => void,
    private readonly sameFields: (a: F, b: F) => boolean = (a, b) => JSON.stringify(a) === JSON.stringify(b),
  ) {}

  /** Makes the map and every viewer's view agree with `wanted`. */
  sync(wanted: readonly Wanted<F>[], viewers: readonly Viewer[]): void {
    const keep = new Set<string>();
    for (const w of wanted) {
      keep.add(w.id);
      const before = this.shown.get(w.id);
      let obj = this.map.get(w.id);
      if (!before || !obj) {
        obj = this.create(w);
        for (const v of viewers) if (sees(w.audience, v.seat)) v.view.add(obj);
        continue;
      }
      // The same audience and fields objects as last time (parts made once and reused): nothing to do.
      if (before.audience === w.audience && before.fields === w.fields) continue;
      if (before.audience !== w.audience) {
        for (const v of viewers) {
          const now = sees(w.audience, v.seat);
          const was = sees(before.audience, v.seat);
          if (now && !was) v.view.add(obj);
          else if (!now && was) v.view.remove(obj);
        }
      }
      if (!this.sameFields(before.fields, w.fields)) this.write(obj, w.fields, before.fields);
      this.shown.set(w.id, { audience: w.audience, fields: w.fields });
    }
    for (const id of [...this.shown.keys()]) {
      if (keep.has(id)) continue;
      this.shown.delete(id);
      this.map.delete(id);
    }
  }

  /** A new connection's view: every object its seat (or a spectator) may see. */
  attach(viewer: Viewer): void {
    for (const [id, s] of this.shown) {
      const obj = this.map.get(id);
      if (obj && sees(s.audience, viewer.seat)) viewer.view.add(obj);
    }
  }

  /** What `seat` may see now, as plain data (for tests comparing decoded states). */
  visibleTo(seat: number | null): Record<string, F> {
    const out: Record<string, F> = {};
    for (const [id, s] of this.shown) if (sees(s.audience, seat)) out[id] = s.fields;
    return out;
  }

  private create(w: Wanted<F>): T {
    const obj = this.make();
    this.write(obj, w.fields, null);
    this.map.set(w.id, obj);
    this.shown.set(w.id, { audience: w.audience, fields: w.fields });
    return obj;
  }
}

/** A part as the schema holds it: one JSON string (the generic projection's and the card table's). */
export type JsonFields = { json: string };

// One audience map per map of JSON parts, kept by the map itself: the generic projection
// (projection.ts) and the card table (table/parts.ts) find theirs again after every move.
const jsonAudiences = new WeakMap<object, AudienceMap<Schema & JsonFields, JsonFields>>();

/** The audience map of a state's `{json}` parts (made on first use; `make`: a new part of the state's class). */
export function jsonAudience<T extends Schema & JsonFields>(parts: MapSchema<T>, make: () => T): AudienceMap<T, JsonFields> {
  let a = jsonAudiences.get(parts) as AudienceMap<T, JsonFields> | undefined;
  if (!a) {
    a = new AudienceMap<T, JsonFields>(
      parts,
      make,
      (t, f) => {
        if (t.json !== f.json) t.json = f.json;
      },
      (x, y) => x.json === y.json,
    );
    jsonAudiences.set(parts, a as unknown as AudienceMap<Schema & JsonFields, JsonFields>);
  }
  return a;
}
