// Auto Pets' scene inside the shared shell. The cards are a Pixi table (table.ts): the trade
// picks, the shop row, the hand (select to sell or trade in) and, in the secret arrange, the
// deck order (drag to reorder, the food-to-pet preview). DOM around it: the trophy / round
// HUD, Sell / Trade in / Pass (with its confirmation), Ready to battle, the announcements,
// the log, the battle player and the end screen. It reads the game's own view, joined from
// the wire's parts (client/net/view.ts, common/pets/wire.ts: game seats; the room seat of one
// is `order[gameSeat]`), calls common/ on it and sends the definition's payloads; legality is
// the server's (errors are announced). The log is the events this client received.
import { BUY_PRICE, petsWire, ROUNDS, whyNoBuy, whyNoPass, type PetsPayloads, type PetsView, type ShopFacts } from "../../../common/pets/index";
import { defaultOrder } from "../../../common/pets/bots/arrange";
import { announce } from "../../ui/announce";
import { h } from "../../ui/dom";
import { toast } from "../../ui/toast";
import { holdTurnCues } from "../../ui/cues";
import { keepFocus } from "../focus";
import { GameShell, seatName } from "../shell";
import type { GameContext, GameHandle } from "../types";
import { typedSend } from "../../net/send";
import { gameSeatIn, onView, type ViewState } from "../../net/view";
import type { PetsEventWire } from "../../../server/rooms/pets/events";
import { BattlePlayer, battleShow, battleWire, type BattleShow } from "./battle";
import { eventLine, lineNodes, type EventLine } from "./lines";
import { wastedCount, type OrderCard } from "./order";
import { PetsTable } from "./table";
import { COMPACT_SCORES_FROM, scoreChip } from "./scores";
import "./pets.css";

/** A game seat's figures as the header and the seat list show them. */
interface Figures {
  trophies: number;
  gold: number;
  cards: number;
  pets: number;
  wins: number;
  losses: number;
  passed: boolean;
  arranged: boolean;
}

const figuresOf = (v: PetsView): Figures[] =>
  v.gold.map((gold, g) => ({ trophies: v.trophies[g], gold, cards: v.handCounts[g], pets: v.petCounts[g], wins: v.wins[g], losses: v.losses[g], passed: v.passed[g], arranged: v.arranged[g] }));

/** What the table showed just before a battle arrived: kept on screen until the battle has been shown or skipped. */
interface Held {
  round: number;
  figures: Figures[];
}

/**
 * What is drawn: the room's state (phase, acting, deadline: the shell's) and the game as shown
 * (game seats). While a battle plays (`held`): the figures from before it, nobody acting, no
 * clock, the game not over yet, the stage "battle".
 */
interface Shown {
  s: ViewState;
  round: number;
  /** shop | arrange | finished | battle ("" before the first game). */
  stage: string;
  /** Game seat shopping (−1 otherwise). */
  turn: number;
  figures: Figures[];
}

function liveOf(s: ViewState, v: PetsView | null): Shown {
  if (!v) return { s, round: 0, stage: "", turn: -1, figures: [] };
  return { s, round: v.round, stage: v.phase, turn: v.phase === "shop" ? v.turn : -1, figures: figuresOf(v) };
}

function whileBattle(s: ViewState, held: Held, showing: number | null): Shown {
  // The round is the battle's on screen: a viewer whose battles came faster than they played
  // (bots shop in no time) jumps to the newest, and the header says which one that is.
  const room: Partial<ViewState> = { phase: s.phase === "finished" ? "playing" : s.phase, acting: [] as unknown as ViewState["acting"], deadline: 0 };
  const proxied = new Proxy(s, { get: (t, k) => (k in room ? room[k as keyof ViewState] : (t as never)[k]) });
  return { s: proxied, round: showing ?? held.round, stage: "battle", turn: -1, figures: held.figures };
}

/** Why the shop's cards cannot be bought now, by the rules' refusal code ("" when they can). */
function buyWords(code: string, shopper: string): string {
  switch (code) {
    case "": return "";
    case "wrong-phase": return "The shop is closed.";
    case "watching": return "You are watching.";
    case "passed": return "You passed this round.";
    case "not-your-turn": return `Wait for your turn: ${shopper} is shopping.`;
    case "pick-first": return "Keep one of the traded cards first.";
    case "no-gold": return "No gold left: sell, trade in or pass.";
    default: return "You cannot buy right now.";
  }
}

/** Why Pass is disabled, by the rules' refusal code ("" when it is not); `message` is the rules' own words. */
function passWords(code: string, message: string): string {
  switch (code) {
    case "": case "wrong-phase": case "watching": case "passed": return "";
    case "not-your-turn": return "You can pass on your turn.";
    case "pick-first": return "Keep one of the traded cards first.";
    default: return message;
  }
}

/** A finger, not a mouse: hints say tap and press-and-hold, never click, hover or keys. */
const touch = () => typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;

export async function mount(host: HTMLElement, ctx: GameContext): Promise<GameHandle> {
  let state: ViewState | null = null;
  let view: PetsView | null = null;
  /** What is drawn (while a battle plays, the figures from before it: whileBattle). */
  let shown: Shown | null = null;
  const nameOfSeat = (seat: number) => (seat === shell.me ? "You" : seatName(state?.seats[seat], `Seat ${seat + 1}`));
  /** Room seat of a game seat (−1: none). */
  const roomOf = (g: number): number => (state?.order ? (Array.from(state.order)[g] ?? -1) : -1);
  const gameOf = (seat: number | null): number | null => (state ? gameSeatIn(state, seat) : null);
  const nameOfGame = (g: number) => nameOfSeat(roomOf(g));
  const shell = new GameShell(ctx, host, {
    // the score chips over the table list every player with trophies and gold: a phone shows them, not the seat strip too
    playersInGame: true,
    seatMark: (seat) => {
      const g = gameOf(seat);
      const f = g === null ? undefined : shown?.figures[g];
      // a star, a text glyph every system draws (the score chips draw the trophy itself)
      return f ? `${f.trophies}★` : "";
    },
    endTitle: (s, me) => {
      const w = (view?.winners ?? []).map(roomOf);
      if (s.mode === "arena") {
        const t = view?.trophies[0] ?? 0;
        return `Arena run over: ${t} ${t === 1 ? "trophy" : "trophies"}`;
      }
      if (!w.length) return "Game over";
      if (me !== null && w.includes(me)) return w.length > 1 ? "A shared win!" : "You won!";
      return `${w.map((x) => seatName(s.seats[x], `Seat ${x + 1}`)).join(" and ")} won`;
    },
  });
  const send = typedSend<PetsPayloads>(ctx.session);

  // ---- elements
  const hud = h("div", { class: "pets-hud", id: "pets-hud" });
  const phaseLine = h("p", { class: "pets-phase", id: "pets-phase", role: "status" });
  const sellBtn = h("button", { type: "button", class: "secondary", id: "pets-sell" }, "Sell");
  const tradeBtn = h("button", { type: "button", class: "secondary", id: "pets-trade" }, "Trade in 3");
  const passBtn = h("button", { type: "button", class: "primary", id: "pets-pass", "aria-describedby": "pets-pass-why" }, "Pass");
  // Why Pass is disabled, in the rules' words (common/pets/shop.ts whyNoPass), right under the buttons.
  const passWhy = h("p", { class: "pets-why", id: "pets-pass-why", hidden: true });
  const confirmBox = h("div", { class: "pets-confirm", id: "pets-confirm", hidden: true, role: "alertdialog", "aria-label": "Confirm pass" });
  const handActions = h("div", { class: "pets-actions", id: "pets-hand-actions" }, sellBtn, tradeBtn, passBtn);
  const handBox = h("div", { class: "pets-controls" }, handActions, passWhy, confirmBox);
  const arrangeBtn = h("button", { type: "button", class: "primary", id: "pets-arrange" }, "Ready to battle");
  const arrangeInfo = h("p", { class: "pets-sub", id: "pets-arrange-info" });
  const arrange = h("div", { class: "pets-controls", id: "pets-arrange-box", hidden: true }, arrangeInfo, h("div", { class: "pets-actions" }, arrangeBtn));
  const replayBtn = h("button", { type: "button", class: "small", id: "pets-replay", hidden: true }, "Watch the last battles");
  const logEl = h("ol", { class: "pets-log", id: "pets-log", "aria-label": "What happened" });
  const tip = h("div", { class: "pets-tip pets-tip-near", id: "pets-tip", hidden: true, role: "tooltip" });
  const player = new BattlePlayer(() => draw());
  /** The deck order being arranged (local until Ready to battle sends it). */
  let order: OrderCard[] = [];
  const table = new PetsTable(tip, {
    buy: (slot) => send("buy", { slot }),
    pick: (index) => send("pick", { index }),
    toggle: (id) => {
      if (selected.has(id)) selected.delete(id);
      else selected.add(id);
      draw();
    },
    reorder: (next, said) => {
      order = next;
      ctx.announce(said);
      draw();
    },
    say: (text) => ctx.announce(text),
  });
  const root = h("div", { class: "pets", id: "pets" }, hud, phaseLine, player.el, table.el, arrange, handBox, h("div", { class: "pets-actions" }, replayBtn), logEl, tip);
  shell.stage.append(root);
  await table.init();

  // ---- local choices
  const selected = new Set<number>();
  let confirming = false;
  let orderFor = ""; // the hand (ids) the local order was made for
  let battlesSeen = -1;
  /** Set while a new battle plays: the figures it would give away wait (see whileBattle). */
  let held: Held | null = null;
  /** The figures last shown (held when a battle arrives). */
  let shownBefore: Held | null = null;
  /** Log lines of events during a battle (the next shop's), shown once it has been seen. */
  let heldLines: EventLine[] = [];

  /** This client's game seat (null: watching, or not in this game). */
  const myGame = () => (view?.viewer ?? null);
  const handCards = (): OrderCard[] => (view?.hand ?? []).map((c) => ({ id: c.id, key: c.card }));

  sellBtn.addEventListener("click", () => {
    if (!selected.size) return ctx.announce("Select the cards to sell first (press them in your hand).");
    send("sell", { cards: [...selected] });
    selected.clear();
  });
  tradeBtn.addEventListener("click", () => {
    if (selected.size !== 3) return ctx.announce("Select exactly 3 pets of one suit to trade in.");
    send("trade", { cards: [...selected] });
    selected.clear();
  });
  passBtn.addEventListener("click", () => {
    confirming = true;
    draw();
  });
  arrangeBtn.addEventListener("click", () => send("arrange", { order: order.map((c) => c.id) }));
  replayBtn.addEventListener("click", () => {
    if (view) player.play(showsOf(view, view.round));
  });

  /** Every battle of `round` (a player sees the others' too: they are public). */
  function showsOf(v: PetsView, round: number): BattleShow[] {
    return v.battles
      .filter((b) => b.round === round)
      .map((b) => battleShow(battleWire(b), nameOfGame, myGame(), Date.now()))
      // Your own battle first.
      .sort((x, y) => Number(y.names.includes("You")) - Number(x.names.includes("You")));
  }

  function drawHud(x: Shown): void {
    const seats = Array.from(x.s.order);
    const compact = seats.length >= COMPACT_SCORES_FROM;
    hud.replaceChildren(
      h("span", { class: "pets-round", id: "pets-round" }, x.round ? `Round ${x.round}/${ROUNDS}` : "Auto Pets"),
      ...seats.flatMap((seat, g) => {
        const p = x.figures[g];
        if (!p) return [];
        const flag = x.stage === "shop" ? (p.passed ? "passed" : x.turn === g ? "shopping" : "") : x.stage === "arrange" ? (p.arranged ? "ready" : "arranging") : "";
        return [scoreChip({ seat, name: nameOfSeat(seat), me: seat === shell.me, onTurn: x.turn === g && x.stage === "shop", trophies: p.trophies, gold: p.gold, cards: p.cards, pets: p.pets, flag }, compact)];
      }),
    );
  }

  /** Redraws, keeping the keyboard focus on the card or button it was on. */
  function draw(): void {
    keepFocus(root, drawNow);
  }

  function drawNow(): void {
    const live = state;
    if (!live) return;
    const v = view;
    // New battles: animate them once (not the ones already fought when this client arrived).
    // Until each has been shown or skipped, the table shows what it showed before: trophies,
    // gold and cards, the next shop, whose turn and its cues, the end screen all wait.
    const battles = v?.battles ?? [];
    const fought = battles.length;
    if (battlesSeen < 0) battlesSeen = fought;
    else if (fought > battlesSeen && v) {
      const rounds = new Set(battles.slice(battlesSeen).map((b) => b.round));
      battlesSeen = fought;
      for (const r of rounds) player.play(showsOf(v, r));
      if (player.playing) held ??= shownBefore ?? { round: v.round, figures: figuresOf(v) };
    }
    if (fought < battlesSeen) battlesSeen = fought; // a new game
    if (held && !player.playing) {
      held = null;
      for (const line of heldLines) addLine(line);
      heldLines = [];
    }
    holdTurnCues(held !== null);
    const x = held ? whileBattle(live, held, player.round) : liveOf(live, v);
    const s = x.s;
    shown = x;
    if (!held && v) shownBefore = { round: v.round, figures: figuresOf(v) };
    shell.update(s);
    drawHud(x);
    const me = shell.me;
    const g = myGame();
    const p = g === null ? undefined : x.figures[g];
    const playing = s.phase === "playing";
    const myShopTurn = playing && x.stage === "shop" && g !== null && x.turn === g && !!p && !p.passed;
    const pickKeys = (v?.picks ?? []).map((c) => c.card);
    const cards = handCards();
    const hasHand = !!v?.hand;
    for (const id of [...selected]) if (!cards.some((c) => c.id === id)) selected.delete(id);

    phaseLine.textContent = !playing
      ? s.phase === "finished" ? "Game over." : "Waiting for the game to start."
      : held
        ? `Round ${x.round}: the battle! Watch it, or press Skip for ${x.round < ROUNDS ? "the next shop" : "the result"}.`
      : x.stage === "shop"
        ? me === null ? `Shop: ${nameOfGame(x.turn)} to act.` : p?.passed ? "You passed: wait for the shop to close." : myShopTurn ? `Your turn in the shop: ${p!.gold} gold. Buy (${BUY_PRICE} gold), sell, trade in 3 of a suit, or pass.` : `Shop: ${nameOfGame(x.turn)} is shopping…`
        : x.stage === "arrange"
          ? me === null ? "Everyone arranges their deck in secret." : p?.arranged ? (s.mode === "arena" ? "Deck locked in: the battle starts." : "Deck locked in: waiting for the others.") : `Arrange your deck in secret: drag cards (top plays first), then press Ready to battle${s.mode === "arena" ? " against a team another player fielded at this round" : ""}.`
          : "";

    const arranging = playing && x.stage === "arrange" && hasHand && !!p && !held;
    const free = myShopTurn && !pickKeys.length;
    // Whether a buy is open is the rules' own check (common/pets/shop.ts whyNoBuy); the words are for this screen.
    const shopOpen = playing && x.stage === "shop";
    const facts: ShopFacts | null = g === null || !p ? null : { open: shopOpen, seat: g, turn: x.turn, passed: p.passed, picking: pickKeys.length > 0, gold: p.gold, pets: p.pets };
    const buyBlock = !facts ? (shopOpen ? "watching" : "wrong-phase") : (whyNoBuy(facts)?.code ?? "");
    // Pass the same way: a pass the rules would refuse (too many pets) is disabled, with the rules' words under it.
    const passBlock = facts ? whyNoPass(facts) : null;
    const buyWhy = buyWords(buyBlock, nameOfGame(x.turn));
    const press = touch() ? "tap" : "click";
    const deckCount = v ? (v.deckCounts[v.round - 1] ?? 0) : 0;
    const shopTitle = `Shop · tier ${x.round}, ${deckCount} left${buyWhy ? "" : ` · ${press} to buy (${BUY_PRICE} gold)`}`;
    const handTitle = p ? `Your hand · ${p.cards} card${p.cards === 1 ? "" : "s"}, ${p.pets} pet${p.pets === 1 ? "" : "s"}${free ? ` · ${press} to select` : ""}` : "";

    if (arranging) {
      const key = cards.map((c) => c.id).join(",");
      const submitted = v?.order ?? [];
      if (key !== orderFor) {
        orderFor = key;
        order = submitted.length ? submitted.map((id) => cards.find((c) => c.id === id)!).filter(Boolean) : defaultOrder(cards.map((c) => c.key)).map((i) => cards[i]);
      }
      arrangeBtn.disabled = p!.arranged;
      arrangeBtn.textContent = p!.arranged ? "Locked in" : "Ready to battle";
      const wasted = wastedCount(order);
      arrangeInfo.textContent = `Foods go onto the next pet after them (the green numbers show its power after them).${wasted ? ` ${wasted} food${wasted > 1 ? "s are" : " is"} after your last pet and will be wasted.` : ""}${p!.arranged ? "" : touch() ? " Drag a card to move it; press and hold a card to read it." : " Drag a card to move it (or focus it, press Enter, then the arrow keys); point at a card to read it."}`;
    } else {
      orderFor = "";
      order = [];
    }
    arrange.hidden = !arranging;
    table.set({
      picks: pickKeys,
      shop: playing && x.stage === "shop" && v ? v.row.map((c) => (c ? c.card : null)) : null,
      shopTitle,
      buyWhy,
      hand: me !== null && playing && !arranging && !held && hasHand ? cards : null,
      handTitle,
      selected,
      handOk: free,
      order: arranging ? order : null,
      orderOk: arranging && !p!.arranged,
    });

    handBox.hidden = me === null || arranging || !playing || !!held;
    sellBtn.disabled = !free || selected.size === 0;
    const sellLabel = selected.size ? `Sell ${selected.size} (→ ${selected.size} apple${selected.size === 1 ? "" : "s"})` : "Sell";
    if (sellBtn.textContent !== sellLabel) sellBtn.textContent = sellLabel;
    tradeBtn.disabled = !free || selected.size !== 3;
    passBtn.disabled = !free || passBlock !== null;
    const passWhyText = passBlock ? passWords(passBlock.code, passBlock.message) : "";
    if (passWhy.textContent !== passWhyText) passWhy.textContent = passWhyText;
    passWhy.hidden = !passWhyText;
    if (passBtn.disabled) confirming = false;
    confirmBox.hidden = !confirming;
    if (confirming) {
      const yes = h("button", { type: "button", class: "primary", id: "pets-pass-yes" }, "Pass");
      const no = h("button", { type: "button", class: "secondary", id: "pets-pass-no" }, "Keep shopping");
      yes.addEventListener("click", () => {
        confirming = false;
        send("pass", {});
      });
      no.addEventListener("click", () => {
        confirming = false;
        draw();
      });
      confirmBox.replaceChildren(h("p", {}, `Pass for this round? It is final${p && p.gold > 0 ? ` and your ${p.gold} gold is lost` : ""}.`), h("div", { class: "pets-actions" }, yes, no));
    }

    replayBtn.hidden = fought === 0 || player.playing;
    if (!player.playing) player.el.hidden = true;

    ctx.setSubtitle(s.mode === "arena" ? "Arena run · each battle against a team another player really fielded" : s.mode === "solo" ? `Against ${s.order.length - 1} bot${s.order.length > 2 ? "s" : ""}` : s.turnSeconds > 0 ? `${s.turnSeconds} s per shop turn, ${s.togetherSeconds} s to arrange` : "No timers");
  }

  function addLine(line: EventLine): void {
    announce(line.text); // what a bot or another player did, for screen readers (the log is visual)
    logEl.prepend(h("li", {}, ...lineNodes(line)));
    while (logEl.children.length > 8) logEl.lastElementChild!.remove();
  }
  const offEvent = ctx.session.onMessage<PetsEventWire>("event", (e) => {
    const line = eventLine(e, nameOfSeat, shell.me === null);
    if (!line) return;
    // the events right after a battle are the next round's: said once the battle has been seen
    if (held) heldLines.push(line);
    else addLine(line);
  });
  // A new room (a reconnection's) shows the battles already fought as seen, not again.
  const offRoom = ctx.session.onRoom(() => {
    battlesSeen = -1;
  });
  const unbind = onView(ctx.session, petsWire, () => shell.me, (v, s) => {
    state = s;
    view = v;
    draw();
  });
  // A refusal lands next to what the player touched (client/ui/toast.ts), and is read out there.
  const offError = ctx.session.onMessage<{ code: string; message: string }>("error", (e) => {
    toast(e.message || "That was refused: nothing changed.", "error", 6000);
  });

  return {
    destroy() {
      offRoom();
      unbind();
      offError();
      offEvent();
      table.destroy();
      player.destroy();
      shell.destroy();
    },
    snapshot: () => {
      const g = myGame();
      const v = view;
      return {
        phase: state?.phase ?? "",
        stage: v?.phase ?? "",
        round: v?.round ?? 0,
        gameNo: state?.gameNo ?? 0,
        // room seats, as a player reads the table (the view's are game seats)
        turn: v && v.phase === "shop" ? roomOf(v.turn) : -1,
        acting: state ? Array.from(state.acting) : [],
        result: state?.result ?? "",
        winners: (v?.winners ?? []).map(roomOf),
        battles: v?.battles.length ?? 0,
        animating: player.playing,
        /** The battle holds back the figures, the next shop and the turn until it has been shown or skipped. */
        holding: held !== null,
        gold: g === null || !v ? 0 : v.gold[g],
        passed: g === null || !v ? false : v.passed[g],
        arranged: g === null || !v ? false : v.arranged[g],
        hand: handCards().map((c) => c.key),
        order: order.map((c) => c.key),
        // the Pixi table: every card's viewport rectangle (tests tap and drag there), the drop marker mid-drag
        cards: table.cards(),
        marker: table.marker(),
        dragging: table.dragging,
        held: table.held,
        drawn: table.drawn,
        tip: tip.hidden ? "" : tip.textContent,
        picks: (v?.picks ?? []).map((c) => c.card),
        trophies: v ? v.trophies.slice() : [],
        replayId: state?.replayId ?? -1,
      };
    },
    hooks: {
      setSpeed: (n: number) => player.setSpeed(n),
    },
    renderNow() {
      table.freeze();
      table.renderFrame();
    },
    resume() {
      table.thaw();
    },
  };
}
