// A player's rating in one pool, as the store keeps it (the maths: model.ts). Its own file so
// that the store's types, which the client's typecheck reads, need none of the model's imports.

export interface Skill {
  mu: number;
  sigma: number;
}
