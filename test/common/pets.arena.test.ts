// The Auto Pets arena (common/pets/arena.ts): recording teams from a finished game,
// choosing one near the runner's trophies, the bot team when none is recorded, the run
// through the rules (one seat, an opponent per round), its labels, and that a seeded run
// replays identically.

import { expect } from "chai";
import { createFastRng } from "../../common/core/fastRng.js";
import { createRng } from "../../common/core/rng.js";
import { GameSession, replay } from "../../common/core/session.js";
import {
  agoText,
  arenaPickRng,
  botTeam,
  checkTeam,
  chooseTeam,
  opponentLabel,
  parsePetsPayload,
  petsDef,
  recordTeams,
  ROUNDS,
  trophiesBefore,
  trophiesText,
  type PetsMove,
  type PetsState,
  type RecordedTeam,
} from "../../common/pets/index.js";

const DAY = 86_400_000;
type Session = GameSession<PetsState, PetsMove, unknown, unknown, unknown>;

function configured(options: Record<string, unknown>) {
  const c = petsDef.configure(options);
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

/** Plays seat moves at random until nobody may act (the room's turn) or the game ends. */
function playUntilRoom(session: Session, rng: ReturnType<typeof createRng>, now: { t: number }): void {
  for (let step = 0; step < 3000; step++) {
    if (petsDef.status(session.state) === "finished") return;
    const who = petsDef.whoActs(session.state).seats;
    if (!who.length) return;
    const seat = who[rng.int(who.length)];
    const legal = petsDef.legalMoves(session.state, seat);
    const r = session.apply(seat, legal[rng.int(legal.length)], (now.t += 250));
    if (!r.ok) throw new Error(r.error.message);
  }
  throw new Error("no end");
}

/** A finished 3-seat online game (random legal moves). */
function finishedGame(seed = 5): PetsState {
  const c = configured({ mode: "online", seats: 3, timer: 0, arrange: 0 });
  const session = new GameSession(petsDef, seed, c.config, 3) as unknown as Session;
  playUntilRoom(session, createRng(seed, 1), { t: 1000 });
  return session.state;
}

const team = (over: Partial<RecordedTeam> = {}): RecordedTeam => ({ name: "Ann", round: 3, trophies: 2, lineup: ["ant", "fish", "duck"], at: 1_000_000, ...over });

/**
 * An arena run: the room's opponent moves drawn from `pool` exactly as the server does
 * (chooseTeam with the run's arenaPickRng), the player's moves at random from `moveSeed`.
 */
function arenaRun(seed: number, pool: RecordedTeam[], moveSeed = 1): Session {
  const c = configured({ mode: "arena" });
  const session = new GameSession(petsDef, seed, c.config, 1) as unknown as Session;
  const rng = createRng(moveSeed, 2);
  const now = { t: 10_000 };
  while (petsDef.status(session.state) !== "finished") {
    playUntilRoom(session, rng, now);
    if (petsDef.status(session.state) === "finished") break;
    const made = petsDef.roomMove!(session.state)!;
    const s = session.state;
    const picked = chooseTeam(pool, s.round, s.trophies[0], arenaPickRng(seed, s.round), "Runner");
    const r = session.apply(made.seat, { type: "opponent", team: picked }, (now.t += 10));
    if (!r.ok) throw new Error(r.error.message);
  }
  return session;
}

describe("pets arena: recording teams", () => {
  it("records each person's arranged deck of every round, with their trophies before that battle; never a bot's, never a ghost copy", () => {
    const s = finishedGame();
    const teams = recordTeams(s, ["Ann", "Bob", "Bot Cy"], [true, true, false], 5 * DAY);
    expect(teams.every((t) => t.name === "Ann" || t.name === "Bob")).to.equal(true);
    // One per person per round, but for a round they fielded an empty deck.
    const fielded = s.battles.flatMap((b) => b.seats.map((seat, side) => (seat >= 0 && seat < 2 && !(side === 1 && b.ghost) && b.lineups[side].length ? `${seat}:${b.round}` : ""))).filter(Boolean);
    expect(teams.map((t) => `${t.name === "Ann" ? 0 : 1}:${t.round}`).sort()).to.deep.equal([...new Set(fielded)].sort());
    expect(teams.length).to.be.greaterThan(0);
    for (const t of teams) {
      const seat = t.name === "Ann" ? 0 : 1;
      const battle = s.battles.find((b) => b.round === t.round && b.seats.some((x, side) => x === seat && !(side === 1 && b.ghost)))!;
      const side = battle.seats[0] === seat ? 0 : 1;
      expect(t.lineup).to.deep.equal(battle.lineups[side]);
      expect(t.trophies).to.equal(trophiesBefore(s, t.round)[seat]);
      expect(t.at).to.equal(5 * DAY);
      expect(checkTeam(t)).to.equal(null);
    }
  });

  it("refuses unusable teams with a reason", () => {
    expect(checkTeam(team())).to.equal(null);
    expect(checkTeam(team({ lineup: ["ant", "dragon"] }))).to.match(/known cards/);
    expect(checkTeam(team({ lineup: ["apple"] }))).to.match(/pet/);
    expect(checkTeam(team({ round: 7 }))).to.match(/round/);
    expect(checkTeam(team({ name: "" }))).to.match(/name/);
    expect(checkTeam({})).to.be.a("string");
  });
});

describe("pets arena: choosing a team", () => {
  const pool = [
    team({ name: "Far", trophies: 0 }),
    team({ name: "Near A", trophies: 3 }),
    team({ name: "Near B", trophies: 1 }),
    team({ name: "Other round", round: 2, trophies: 2 }),
    team({ name: "Runner", trophies: 2 }),
    team({ name: "Broken", trophies: 2, lineup: ["nope"] }),
  ];

  it("draws among the teams of that round nearest the runner's trophies, never the runner's own nor an unusable one", () => {
    const seen = new Set<string>();
    for (let k = 0; k < 60; k++) seen.add(chooseTeam(pool, 3, 2, createFastRng(k), "runner")!.name);
    expect([...seen].sort()).to.deep.equal(["Near A", "Near B"]);
    expect(chooseTeam(pool, 3, 0, createFastRng(1))!.name).to.equal("Far");
    expect(chooseTeam(pool, 2, 9, createFastRng(1))!.name).to.equal("Other round");
    expect(chooseTeam(pool, 5, 2, createFastRng(1))).to.equal(null);
  });

  it("is repeatable: the same draw picks the same team", () => {
    const a = chooseTeam(pool, 3, 2, arenaPickRng(77, 3));
    const b = chooseTeam(pool, 3, 2, arenaPickRng(77, 3));
    expect(a).to.equal(b);
  });

  it("a bot's team stands in when nothing is recorded: usable, a pet at least, repeatable", () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const t = botTeam(round, createFastRng(round));
      expect(t.bot).to.equal(true);
      expect(checkTeam({ ...t, at: 0 })).to.equal(null);
      expect(botTeam(round, createFastRng(round))).to.deep.equal(t);
    }
  });
});

describe("pets arena: a run", () => {
  it("is one seat: each round waits for the room's opponent, then shop, arrange and a battle against that team", () => {
    const pool = [team({ name: "Ann", round: 1, trophies: 0, lineup: ["ant", "ant", "fish"], at: 3 * DAY })];
    const session = arenaRun(42, pool);
    const s = session.state;
    expect(s.seats).to.equal(1);
    expect(s.phase).to.equal("finished");
    expect(s.battles).to.have.length(ROUNDS);
    const first = s.battles[0];
    expect(first.seats).to.deep.equal([0, -1]);
    expect(first.opponent).to.deep.include({ name: "Ann", round: 1, bot: false, at: 3 * DAY });
    expect(first.lineups[1]).to.deep.equal(["ant", "ant", "fish"]);
    // Rounds 2–6 had no recorded team: a bot's.
    for (const b of s.battles.slice(1)) expect(b.opponent!.bot).to.equal(true);
    expect(s.trophies[0]).to.equal(s.battles.reduce((n, b) => n + (b.winner === 0 ? b.trophies : 0), 0));
    expect(petsDef.result!(s)).to.equal(trophiesText(s.trophies[0]));
  });

  it("hides the round's opponent until its battle", () => {
    const c = configured({ mode: "arena" });
    const session = new GameSession(petsDef, 3, c.config, 1) as unknown as Session;
    expect(petsDef.whoActs(session.state).seats, "the room goes first").to.deep.equal([]);
    const r = session.apply(0, { type: "opponent", team: team({ name: "Secret Sam", round: 1 }) }, 100);
    if (!r.ok) throw new Error(r.error.message);
    const view = JSON.stringify(petsDef.view(session.state, 0));
    expect(view).to.not.contain("Secret Sam");
    expect(JSON.stringify(r.events)).to.not.contain("Secret Sam");
    expect(petsDef.whoActs(session.state).seats).to.deep.equal([0]);
  });

  it("a seeded run replays identically, and the same seed with the same pool and moves plays the same run", () => {
    const pool = [1, 2, 3, 4, 5, 6].flatMap((round) => [team({ name: `P${round}a`, round, trophies: round - 1 }), team({ name: `P${round}b`, round, trophies: 0 })]);
    const a = arenaRun(2024, pool, 9);
    const b = arenaRun(2024, pool, 9);
    expect(JSON.stringify(b.state)).to.equal(JSON.stringify(a.state));
    const record = { game: "pets", seed: a.seed, config: a.config, seats: 1, log: a.log };
    const again = replay(petsDef, record);
    expect(again.valid).to.equal(true);
    expect(JSON.stringify(again.state)).to.equal(JSON.stringify(a.state));
  });

  it("the opponent move is the room's: a player cannot send it, and the rules refuse a second one, a wrong round or a bad team", () => {
    expect(parsePetsPayload("opponent", { team: null }).ok).to.equal(false);
    const c = configured({ mode: "arena" });
    const s0 = petsDef.setup(1, c.config, 1);
    const ctx = { rng: createRng(1), now: 1 };
    expect(petsDef.apply(s0, 0, { type: "opponent", team: team({ round: 2 }) }, ctx).ok).to.equal(false);
    expect(petsDef.apply(s0, 0, { type: "opponent", team: team({ round: 1, lineup: ["nope"] }) }, ctx).ok).to.equal(false);
    const one = petsDef.apply(s0, 0, { type: "opponent", team: null }, ctx);
    if (!one.ok) throw new Error(one.error.message);
    expect(petsDef.apply(one.state, 0, { type: "opponent", team: null }, ctx).ok).to.equal(false);
    const online = petsDef.setup(1, configured({}).config, 2);
    expect(petsDef.apply(online, 0, { type: "opponent", team: null }, ctx).ok).to.equal(false);
  });

  it("says whose team it was and when", () => {
    const now = 10 * DAY;
    expect(opponentLabel({ name: "Ann", round: 3, at: now - 2 * DAY - 5000, bot: false }, now)).to.equal("Ann's round-3 team, 2 days ago");
    expect(opponentLabel({ name: "Bot Pip", round: 1, at: null, bot: true }, now)).to.equal("Bot Pip's round-1 team (no player's team recorded yet)");
    expect([agoText(now - 30_000, now), agoText(now - 3_600_000, now), agoText(now - 7 * 60_000, now)]).to.deep.equal(["just now", "1 hour ago", "7 minutes ago"]);
  });
});
