// The room state as a client decodes it, typed from the server's schema classes
// (`import type` only: nothing of the server reaches the bundle). A scene writes
// `type CubestaccWire = Wire<CubestaccState>` instead of copying the fields, so a field renamed
// or retyped on the server breaks `npm run typecheck` here rather than the game at run time.
import type { ArraySchema, MapSchema, Schema } from "@colyseus/schema";

/** The synced fields a schema class declares: its own properties, not Schema's members nor methods. */
type FieldsOf<T> = {
  [K in Exclude<keyof T, keyof Schema>]: T[K] extends (...args: never[]) => unknown ? never : K;
}[Exclude<keyof T, keyof Schema>];

/** Fields holding a child schema: a `@view()` child reaches only the connections of its seat. */
type ChildKeys<T> = { [K in FieldsOf<T>]: T[K] extends Schema ? K : never }[FieldsOf<T>];

/** A schema value as decoded; `Loose`: every field possibly missing. */
type Decoded<T, Loose extends boolean> =
  T extends ArraySchema<infer E>
    ? ArrayLike<Decoded<E, Loose>>
    : T extends MapSchema<infer E>
      ? ReadonlyMap<string, Decoded<E, Loose>>
      : T extends Schema
        ? Loose extends true
          ? { readonly [K in FieldsOf<T>]?: Decoded<T[K], Loose> }
          : { readonly [K in Exclude<FieldsOf<T>, ChildKeys<T>>]: Decoded<T[K], Loose> } & { readonly [K in ChildKeys<T>]?: Decoded<T[K], Loose> }
        : T;

/**
 * A schema value as decoded: lists read as `ArrayLike`, maps as `ReadonlyMap`, child schemas
 * may be missing (hidden by a view), primitives as they are. Read-only: the client never
 * writes the state back.
 */
export type Wire<T> = Decoded<T, false>;

/** As `Wire`, every field possibly missing: a new Room before its first patch, read defensively. */
export type PartialWire<T> = Decoded<T, true>;
