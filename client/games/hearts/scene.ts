// Hearts' scene: the table on a Pixi canvas (table.ts) inside the shared shell, a hint line and
// one action button under it (Pass the three chosen cards, or Play the chosen one), and the
// scores beside it. It draws the game's own view (joined from the wire's parts, client/net/view.ts)
// and sends intents; which cards may be played is the view's `legal` (the rules'), and a refused
// move is shown in the rules' own words (the server's answer). Seats in the view are game seats;
// the room seat of one is `order[gameSeat]`. Keys and spoken moves: keyboard.ts.
import { cardName, heartsWire, type HeartsEvent, type HeartsPayloads, type HeartsView } from "../../../common/hearts/index";
import { announce } from "../../ui/announce";
import { h } from "../../ui/dom";
import { toast } from "../../ui/toast";
import { GameShell, seatName } from "../shell";
import type { GameContext, GameHandle } from "../types";
import { typedSend } from "../../net/send";
import { gameSeatIn, onView, type ViewState } from "../../net/view";
import { HeartsTable } from "./table";
import { attachHandKeys, cardWords, howToPlay, playWords } from "./keyboard";
import { handWords, scoreRows } from "./words";
import { PassTip } from "./passTip";
import "./hearts.css";

export async function mount(host: HTMLElement, ctx: GameContext): Promise<GameHandle> {
  let state: ViewState | null = null;
  let view: HeartsView | null = null;
  let selected = new Set<number>();
  /** What the selection was made for (a new hand or phase starts it afresh). */
  let selectedFor = "";
  const order = (): number[] => (state?.order ? Array.from(state.order) : []);
  const mine = (): number | null => (state ? gameSeatIn(state, shell.me) : null);
  /** A game seat's name: who sits there, else who left it ("Ana (left)"), else "Seat N". */
  const nameAt = (g: number): string => {
    const room = order()[g];
    return seatName(room !== undefined ? state?.seats[room] : undefined, `Seat ${g + 1}`);
  };
  const nameOf = (g: number): string => (order()[g] !== undefined && order()[g] === shell.me ? "You" : nameAt(g));
  const namesFor = (): string[] => [0, 1, 2, 3].map(nameAt);

  const shell = new GameShell(ctx, host, {
    endTitle: () => {
      const w = view?.winners ?? [];
      const me = mine();
      if (!w.length) return "Game over";
      if (me !== null && w.includes(me)) return w.length > 1 ? "You tied for the win!" : "You won!";
      return `${w.map(nameOf).join(" and ")} won`;
    },
    endBeside: true,
    endNote: () => (view ? `Final scores (lowest wins): ${scoreRows(view, nameOf).map((r) => `${r.name} ${r.total}`).join(" · ")}.` : ""),
  });
  const send = typedSend<HeartsPayloads>(ctx.session);

  const tableHost = h("div", { class: "hearts-table", id: "hearts-table", tabindex: 0, role: "group", "aria-label": "Hearts table: your hand with the arrow keys, Enter chooses a card" });
  const hint = h("p", { class: "hearts-hint", id: "hearts-hint" });
  const act = h("button", { type: "button", class: "primary hearts-act", id: "hearts-act" }, "Pass");
  const scoreBody = h("tbody", {});
  const scores = h(
    "table",
    { class: "hearts-scores", id: "hearts-scores" },
    h("caption", {}, "Points (lowest wins)"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "This hand"), h("th", { scope: "col" }, "Total"))),
    scoreBody,
  );
  const lastHand = h("p", { class: "hearts-last", id: "hearts-last" });
  // over the middle of the table (the same grid cell), outside it so its button takes no hand keys
  const tip = new PassTip();
  shell.stage.append(h("div", { class: "hearts" }, tableHost, tip.el, h("div", { class: "hearts-bar" }, hint, act), h("div", { class: "hearts-side" }, scores, lastHand)));

  const table = new HeartsTable((card) => choose(card));
  const shown = await table.init(tableHost, "Hearts table");
  if (!shown) throw new Error("The table could not be drawn.");
  let hintText = "";
  let refusal = "";

  const myTurn = () => !!view && view.phase === "playing" && view.legal.length > 0;
  const passing = () => !!view && view.phase === "passing" && view.pass !== "hold" && mine() !== null && !view.passed[mine()!];

  /** A tap, a click or Enter on a hand card. */
  function choose(card: number): void {
    const v = view;
    if (!v || mine() === null || state?.phase !== "playing") return;
    refusal = "";
    if (v.phase === "passing") {
      if (!passing()) return say("Your three cards are put aside: the first trick starts when everyone has passed.");
      if (selected.has(card)) selected.delete(card);
      else if (selected.size >= 3) return say("You have chosen three cards: tap one of them to take it back, or press Pass.");
      else selected.add(card);
      draw();
      return say(`${cardName(card)} ${selected.has(card) ? "chosen" : "taken back"}: ${selected.size} of 3.`);
    }
    if (!myTurn()) {
      selected = new Set([card]);
      draw();
      const turn = v.turn;
      return say(`Wait for your turn: ${nameOf(turn)} ${turn === mine() ? "play" : "plays"} now.`);
    }
    // the second tap on the chosen card plays it
    if (selected.has(card)) return play(card);
    selected = new Set([card]);
    draw();
    say(v.legal.includes(card) ? `${cardName(card)} chosen: tap it again or press Play.` : `${cardName(card)} cannot be played on this trick: the bright cards can.`);
  }

  function play(card: number): void {
    send("play", { card });
  }

  function passChosen(): void {
    if (!passing()) return;
    if (selected.size !== 3) return say(`Choose ${3 - selected.size} more card${selected.size === 2 ? "" : "s"} to pass.`);
    send("pass", { cards: [...selected] });
  }

  act.addEventListener("click", () => {
    if (passing()) return passChosen();
    const card = [...selected][0];
    if (myTurn() && card !== undefined) play(card);
  });

  const say = (text: string) => {
    hintText = text;
    hint.textContent = text;
    announce(text);
  };

  const keys = attachHandKeys(tableHost, () => (view ? view.cards : []), choose, passChosen, () => draw(), (t) => announce(t));

  /** The hint under the table: what to do now, in words. */
  function hintFor(v: HeartsView): string {
    const me = mine();
    if (refusal) return refusal;
    if (me === null) return v.phase === "over" ? "The game is over." : v.phase === "passing" ? "The players are choosing cards to pass." : `${nameOf(v.turn)} to play.`;
    if (v.phase === "over") return "The game is over.";
    if (v.phase === "passing") {
      if (v.passed[me]) return "Cards put aside: waiting for the others to pass theirs.";
      return `Choose three cards to pass ${v.pass === "across" ? "across" : `to the ${v.pass}`} (${selected.size} of 3 chosen).`;
    }
    if (myTurn()) {
      const got = v.tricks === 0 && v.trick.length === 0 && v.received.length ? ` You received ${v.received.map(cardName).join(" ")}.` : "";
      const lead = v.trick.length === 0 ? (v.tricks === 0 ? "You lead the 2♣." : "Your lead.") : "Your turn.";
      return `${lead} Tap a bright card, then tap it again or press Play.${got}`;
    }
    return `${nameOf(v.turn)} ${v.turn === me ? "play" : "plays"} next.`;
  }

  function draw(): void {
    const s = state;
    if (!s) return;
    shell.update(s);
    const v = view;
    if (!v) return;
    const me = mine();
    const key = `${s.gameNo}:${v.hand}:${v.phase}:${v.turnNo}`;
    // a refusal is about the turn it was made in
    if (key !== selectedFor.split("|")[1]) refusal = "";
    const phaseKey = `${s.gameNo}:${v.hand}:${v.phase}`;
    if (phaseKey !== selectedFor.split("|")[0]) selected = new Set();
    selectedFor = `${phaseKey}|${key}`;
    // chosen cards no longer in the hand (played, passed) are forgotten
    selected = new Set([...selected].filter((c) => v.cards.includes(c)));
    if (keys.cursor !== null && keys.cursor >= v.cards.length) keys.cursor = v.cards.length ? v.cards.length - 1 : null;
    const acting = Array.from(s.acting ?? []).map((room) => order().indexOf(room)).filter((g) => g >= 0);
    table.draw({
      view: v,
      bottom: me ?? 0,
      names: namesFor().map((n, g) => (g === me ? "You" : n)),
      acting: s.phase === "playing" ? acting : [],
      selected,
      // the cursor is the keyboard's: not drawn for a finger or a mouse
      cursor: tableHost.matches(":focus-visible") ? keys.cursor : null,
      hand: v.cards,
    });
    // the action button: pass the three, or play the chosen card
    const card = [...selected][0];
    if (passing()) {
      act.hidden = false;
      act.textContent = `Pass ${selected.size === 3 ? "these 3" : "3 cards"} ${v.pass === "across" ? "across" : v.pass}`;
      act.disabled = selected.size !== 3;
    } else if (myTurn()) {
      act.hidden = false;
      act.textContent = card !== undefined ? `Play ${cardName(card)}` : "Play";
      act.disabled = card === undefined;
    } else act.hidden = true;
    tip.update(passing(), v.pass, selected.size);
    hintText = hintFor(v);
    hint.textContent = hintText;
    hint.classList.toggle("hearts-refused", !!refusal);
    const rows = scoreRows(v, nameOf);
    scoreBody.replaceChildren(
      ...rows.map((r) => h("tr", { class: [r.turn && s.phase === "playing" ? "hearts-turn" : "", r.me ? "hearts-me" : ""].join(" ").trim() }, h("th", { scope: "row" }, r.name), h("td", {}, String(r.taken)), h("td", {}, String(r.total)))),
    );
    lastHand.textContent = v.history.length ? handWords(v.history.length, v.history[v.history.length - 1], nameOf) : "";
    speakTurn(v);
    ctx.setSubtitle(`${s.mode === "solo" ? "Against 3 bots" : "Four players"} · to ${v.target} points${s.mode !== "solo" && s.deadline ? " · timed turns" : ""}`);
  }

  let wasToAct = false;
  function speakTurn(v: HeartsView): void {
    const toAct = myTurn() || passing();
    if (toAct && !wasToAct) announce(howToPlay(v));
    wasToAct = toAct;
  }

  const unbind = onView(ctx.session, heartsWire, () => shell.me, (v, s) => {
    state = s;
    view = v;
    draw();
  });
  const offEvent = ctx.session.onMessage<HeartsEvent>("event", (e) => {
    if (!e || typeof e !== "object") return;
    if (e.kind === "play") announce(playWords(nameOf(e.seat), e));
    else if (e.kind === "trick") announce(`${nameOf(e.winner)} ${e.winner === mine() ? "take" : "takes"} the trick${e.points ? ` and ${e.points} point${e.points === 1 ? "" : "s"}` : ""}.`);
    else if (e.kind === "heartsBroken") {
      toast("Hearts are broken: they may be led now.");
      announce("Hearts are broken: they may be led now.");
    } else if (e.kind === "received") announce(`You received ${e.cards.map(cardWords).join(", ")} from ${nameOf(e.from)}.`);
    else if (e.kind === "hand") {
      const words = e.moon !== null ? `${nameOf(e.moon)} shot the moon: 26 points to everyone else!` : `Hand over: ${e.points.map((p, g) => `${nameOf(g)} ${p}`).join(", ")}.`;
      toast(words, "info", 4000);
      announce(words);
    }
  });
  // A refused move (not your turn, a suit to follow, hearts not broken): the rules' own words.
  const offError = ctx.session.onMessage<{ code: string; message: string }>("error", (e) => {
    refusal = e.message || e.code;
    // said under the table (a toast would cover the hand on a phone)
    hint.textContent = refusal;
    hint.classList.add("hearts-refused");
    hintText = refusal;
    ctx.announce(refusal);
  });
  tableHost.addEventListener("focus", () => draw());
  tableHost.addEventListener("blur", () => draw());

  return {
    destroy() {
      unbind();
      offEvent();
      offError();
      keys.detach();
      table.destroy();
      shell.destroy();
    },
    snapshot: () => ({
      phase: state?.phase ?? "",
      gameNo: state?.gameNo ?? 0,
      acting: state?.acting ? Array.from(state.acting) : [],
      result: state?.result ?? "",
      gameSeat: mine(),
      handPhase: view?.phase ?? "",
      hand: view?.hand ?? 0,
      pass: view?.pass ?? "",
      cards: view ? view.cards.slice() : [],
      legal: view ? view.legal.slice() : [],
      selected: [...selected],
      counts: view ? view.counts.slice() : [],
      passed: view ? view.passed.slice() : [],
      trick: view ? view.trick.map((p) => ({ ...p })) : [],
      tricks: view?.tricks ?? 0,
      scores: view ? view.scores.slice() : [],
      heartsBroken: view?.heartsBroken ?? false,
      winners: view?.winners ?? [],
      hint: hintText,
      tip: tip.words,
      cursor: keys.cursor,
    }),
    hooks: { cardCenter: (card: number) => table.cardCenter(card) },
    renderNow: () => table.renderNow(),
    resume: () => table.resume(),
  };
}
