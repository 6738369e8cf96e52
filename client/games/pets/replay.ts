// A finished Auto Pets game played back (#/replay/ID): the record's {seed, config, log}
// re-run with common/pets rules, move by move — nothing stored but the log. The game is
// over, so the replay shows every hand and every submitted order; rounds' battles play in
// the live table's battle player (1×, 2×, 4×, skip). Controls: play / pause, one move back
// or forward, the next round, a scrubber over the moves.
import { ROUNDS, petsRules, type BattleRecord, type PetsEvent, type PetsState } from "../../../common/pets/index";
import { h } from "../../ui/dom";
import { replayControls } from "../../ui/replayControls";
import { engineSteps, ReplayEngine, type ReplayRecord } from "../replayEngine";
import type { PageFrame, PageHandle } from "../../pages/page";
import { BattlePlayer, battleShow, battleWire, type BattleShow } from "./battle";
import { cardFace, tooltips } from "./cards";
import { eventLine, kinded, lineNodes, type EventLine } from "./lines";
import "./pets.css";

/** A move on screen this long at 1× while playing. */
const MOVE_MS = 700;
const SPEEDS = [1, 2, 4] as const;

/** The rules' battle (game seats) as the room would send it, for the shared battle player. */
function showOf(b: BattleRecord, name: (seat: number) => string, now: number): BattleShow {
  return battleShow(battleWire(b), name, null, now);
}

/** "Ann and Bo" */
const listNames = (names: string[]) => (names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);

export async function mountPetsReplay(frame: PageFrame, record: ReplayRecord): Promise<PageHandle> {
  const engine = new ReplayEngine(record, petsRules);
  const seats = record.seats.length;
  const name = (seat: number) => record.seats[seat] || `Seat ${seat + 1}`;
  const state = () => engine.session.state as PetsState;
  // One pass over the whole log: the end, and per move how long the event log was before it
  // and how many battles had been fought after it (for "next round").
  const logBefore: number[] = [];
  const battlesAfter: number[] = [0];
  const final = (() => {
    const e = new ReplayEngine(record, petsRules);
    do {
      logBefore.push((e.session.state as PetsState).log.length);
      battlesAfter[e.position] = (e.session.state as PetsState).battles.length;
    } while (e.step());
    return e.session.state as PetsState;
  })();
  const winners = final.winners ?? [];
  frame.setSubtitle(
    `Auto Pets · ${record.mode === "solo" ? "solo" : "online"} · ${listNames(record.seats)} · ${winners.length ? `${listNames(winners.map(name))} won` : record.result}`,
  );

  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Battles the player was handed, so a step back or a seek never replays them by itself. */
  let battlesShown = 0;

  // ---- controls (client/ui/replayControls.ts; Auto Pets adds "next round")
  const roundBtn = h("button", { type: "button", class: "small", id: "replay-next-round", "aria-label": "To the next round's battles" }, "⏭ Next round");
  // A mark under the scrubber at each round's battles.
  const marks: { at: number; label: string }[] = [];
  battlesAfter.forEach((n, k) => {
    if (k > 0 && n > (battlesAfter[k - 1] ?? 0)) marks.push({ at: k, label: `Round ${marks.length + 1} battles` });
  });
  const controls = replayControls({
    ...engineSteps(engine),
    marks,
    speeds: SPEEDS,
    seek: seekTo,
    forward: () => {
      if (!engine.step()) return draw();
      const fresh = newBattles();
      draw();
      if (fresh.length) player.play(fresh);
    },
    onPlaying: (on) => {
      stopTimer();
      if (on && !player.playing) schedule();
      draw();
    },
    onSpeed: (s) => player.setSpeed(s),
    posText: () => `Move ${engine.position} / ${engine.total} · round ${state().round}/${ROUNDS}`,
    extra: [roundBtn],
    announce: (t) => frame.announce(t),
  });
  frame.body.append(controls.el);
  const broken = h("p", { class: "page-error", role: "alert", hidden: true });

  // ---- the table
  const hud = h("div", { class: "pets-hud", id: "pets-hud" });
  const moveLine = h("p", { class: "pets-phase", id: "replay-move", role: "status" });
  const rowEl = h("div", { class: "pets-row", id: "pets-row", "aria-label": "Shop row" });
  const shopInfo = h("span", { class: "pets-sub" });
  const shop = h("section", { class: "pets-box pets-shop" }, h("h3", {}, "Shop ", shopInfo), rowEl);
  const hands = h("div", { class: "pets-replay-hands", id: "replay-hands" });
  const battleBtn = h("button", { type: "button", class: "small", id: "replay-battles", hidden: true }, "Watch this round's battles");
  const standings = h("section", { class: "pets-box", id: "replay-standings", hidden: true });
  const tip = h("div", { class: "pets-tip", id: "pets-tip", hidden: true, role: "tooltip" });
  const player = new BattlePlayer(() => {
    draw();
    if (controls.playing) schedule();
  });
  const root = h("div", { class: "pets pets-replay", id: "pets" }, hud, moveLine, standings, player.el, shop, hands, h("div", { class: "pets-actions" }, battleBtn), broken, tip);
  frame.body.append(root);
  const offTips = tooltips(root, tip);

  battleBtn.addEventListener("click", () => {
    const s = state();
    const round = s.battles.length ? s.battles[s.battles.length - 1].round : 0;
    if (round) player.play(s.battles.filter((b) => b.round === round).map((b) => showOf(b, name, record.endedAt)));
  });

  function stopTimer(): void {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  /** While playing: the next move after a pause (or once the battles on screen are done). */
  function schedule(): void {
    stopTimer();
    if (!controls.playing || player.playing) return;
    timer = setTimeout(() => {
      timer = null;
      if (!controls.playing) return;
      if (!engine.step()) return controls.finish();
      const fresh = newBattles();
      draw();
      if (fresh.length) player.play(fresh);
      else schedule();
      if (engine.position >= engine.total && !player.playing) controls.finish();
    }, MOVE_MS / controls.speed);
  }

  /** Battles fought since the player last got some, as shows (a new round's). */
  function newBattles(): BattleShow[] {
    const all = state().battles;
    const fresh = all.slice(battlesShown).map((b) => showOf(b, name, record.endedAt));
    battlesShown = all.length;
    return fresh;
  }

  /** Jumps to move `k` (re-running the log); battles on the way are not animated. */
  function seekTo(k: number): void {
    engine.seek(k);
    battlesShown = state().battles.length;
    if (player.playing) player.skip();
    draw();
  }

  /** The move that closes the next round's secret arrange (its battles), or the end. */
  function nextRoundMove(): number {
    const fought = battlesAfter[engine.position] ?? 0;
    for (let k = engine.position + 1; k < battlesAfter.length; k++) if (battlesAfter[k] > fought) return k;
    return engine.total;
  }

  roundBtn.addEventListener("click", () => {
    controls.setPlaying(false);
    const target = nextRoundMove();
    seekTo(target - 1);
    engine.step();
    const fresh = newBattles();
    draw();
    if (fresh.length) player.play(fresh);
  });
  /** The last move's events, as lines. */
  function lastMoveLines(): EventLine[] {
    if (engine.position === 0) return [{ parts: ["The game begins: press Play, or step through the moves."], text: "The game begins: press Play, or step through the moves." }];
    const from = logBefore[engine.position - 1] ?? state().log.length;
    return state()
      .log.slice(from)
      .map((e: PetsEvent) => eventLine(kinded(e), name, true))
      .filter((l): l is EventLine => !!l);
  }

  function draw(): void {
    const s = state();
    const finished = s.phase === "finished";
    hud.replaceChildren(
      h("span", { class: "pets-round", id: "pets-round" }, `Round ${s.round}/${ROUNDS}`),
      ...Array.from({ length: seats }, (_, seat) => {
        const flag = s.phase === "shop" ? (s.passed[seat] ? "passed" : s.turn === seat ? "shopping" : "") : s.phase === "arrange" ? (s.orders[seat] ? "ready" : "arranging") : "";
        return h(
          "span",
          { class: `pets-score${s.phase === "shop" && s.turn === seat ? " pets-score-turn" : ""}`, "data-seat": seat },
          h("b", {}, name(seat)),
          ` ${s.trophies[seat]} ${s.trophies[seat] === 1 ? "trophy" : "trophies"} · ${s.gold[seat]} gold`,
          flag ? h("i", {}, ` ${flag}`) : null,
        );
      }),
    );
    moveLine.replaceChildren(...lastMoveLines().flatMap((l, i) => [...(i ? [" "] : []), ...lineNodes(l)]));
    shop.hidden = s.phase !== "shop";
    shopInfo.textContent = `(tier ${s.round})`;
    rowEl.replaceChildren(...s.row.map((id) => (id === null ? h("div", { class: "pets-card pets-blank" }, "sold out") : cardFace(s.kinds[id]))));
    hands.replaceChildren(
      ...Array.from({ length: seats }, (_, seat) => {
        // A submitted order is shown as played (top first); otherwise the hand as held.
        const ids = s.orders[seat] ?? s.hands[seat];
        const pick = s.picks[seat];
        return h(
          "section",
          { class: "pets-box", "data-seat": seat },
          h("h3", {}, `${name(seat)} `, h("span", { class: "pets-sub" }, s.orders[seat] ? "(deck order, top first)" : `(${s.hands[seat].length} card${s.hands[seat].length === 1 ? "" : "s"})`)),
          h("div", { class: "pets-row pets-hand" }, ...ids.map((id) => cardFace(s.kinds[id]))),
          pick ? h("p", { class: "pets-sub" }, `Choosing between ${pick.map((id) => s.kinds[id]).join(" and ")}.`) : null,
        );
      }),
    );
    const lastRound = s.battles.length ? s.battles[s.battles.length - 1].round : 0;
    battleBtn.hidden = !lastRound || player.playing;
    battleBtn.textContent = `Watch round ${lastRound}'s battles`;
    if (!player.playing) player.el.hidden = true;
    standings.hidden = !finished;
    if (finished) {
      const order = Array.from({ length: seats }, (_, i) => i).sort((a, b) => s.trophies[b] - s.trophies[a]);
      standings.replaceChildren(
        h("h3", {}, winners.length > 1 ? `A shared win: ${listNames(winners.map(name))}` : `${name(winners[0] ?? 0)} won`),
        h("ol", {}, ...order.map((seat) => h("li", {}, `${name(seat)}: ${s.trophies[seat]} ${s.trophies[seat] === 1 ? "trophy" : "trophies"} (${s.wins[seat]} won, ${s.losses[seat]} lost)`))),
      );
    }
    const b = engine.broken;
    broken.hidden = !b;
    if (b) broken.textContent = `This record stops replaying at move ${b.index + 1}: ${b.reason}`;
    controls.update();
    roundBtn.disabled = engine.position >= engine.total || !!engine.broken;
  }
  draw();

  return {
    el: frame.el,
    snapshot: () => {
      const s = state();
      return {
        page: "replay",
        ready: true,
        replay: {
          id: record.id,
          game: "pets",
          mode: record.mode,
          seats,
          position: engine.position,
          total: engine.total,
          playing: controls.playing,
          speed: controls.speed,
          done: engine.position >= engine.total,
          round: s.round,
          phase: s.phase,
          battles: s.battles.length,
          animating: player.playing,
          trophies: s.trophies.slice(),
          winners: s.winners ?? [],
          finalTrophies: final.trophies.slice(),
          broken: engine.broken,
          result: record.result,
        },
      };
    },
    renderNow() {},
    resume() {},
    destroy: () => {
      controls.destroy();
      stopTimer();
      offTips();
      player.destroy();
      frame.el.remove();
    },
  };
}
