// The card table's scene: every player's battlefield, the hand fan, zones as piles with
// counts, drag between zones and within a battlefield, double-click / double-tap to tap, a
// context menu (right click, long press) built from the action catalogue, counters, life,
// dice and coins, scry and search dialogs, undo naming what it undoes, decklist import, the
// log and the vote to go on. Phone portrait: one battlefield at a time (tabs), hand at the bottom.
//
// It reads the view the server cut into parts for this connection (common/table/wire.ts) and
// sends intentions; what a card is, who sees it and what is legal stay on the server.
import { CATALOGUE, type ActionKind } from "../../../common/table/catalogue";
import { deckMessages, type TableGameView } from "../../../common/table/game";
import type { LogLine } from "../../../common/table/logline";
import type { CardView, PlayerView, ZoneView } from "../../../common/table/visibility";
import { joinView, partsFor, type Parts } from "../../../common/table/wire";
import { announce } from "../../ui/announce";
import { h } from "../../ui/dom";
import { keepFocus } from "../focus";
import { GameShell, type ShellState } from "../shell";
import type { GameContext, GameHandle } from "../types";
import { cardEl, menuFor, type MenuItem } from "./cards";
import { counterDialog, drawLooking, endDialog, keepDialog, listDialog, type DialogHost } from "./dialogs";
import { drawArrows, fillField } from "./field";
import { freeSpot } from "./spot";
import "./table.css";

interface TableWire extends ShellState {
  replayId: number;
  parts: { forEach(cb: (p: { json: string }, k: string) => void): void };
  format: string;
}

const PILES = ["library", "graveyard", "exile", "command"] as const;

export async function mount(host: HTMLElement, ctx: GameContext): Promise<GameHandle> {
  let wire: TableWire | null = null;
  let view: TableGameView | null = null;
  /** Game seat of the battlefield shown on a phone. */
  let focus = 0;
  const shell = new GameShell(ctx, host, {
    replay: true,
    endTitle: (_s, me) => {
      const w = view?.table?.winners;
      if (!w?.length) return "The game ended";
      const g = me === null ? -1 : gameSeatOf(me);
      return w.includes(g) ? "You won!" : `${w.map((p) => nameOf(p)).join(", ")} won`;
    },
  });
  const act = (action: Record<string, unknown>) => ctx.session.send("act", { action });
  const order = () => (wire ? Array.from(wire.order) : []);
  const gameSeatOf = (roomSeat: number) => order().indexOf(roomSeat);
  const me = () => (shell.me === null ? -1 : gameSeatOf(shell.me));
  /** The seat's name; two seats of one name are told apart by their number. */
  const nameOf = (g: number) => {
    const names = order().map((r) => wire?.seats[r]?.name || "");
    const n = names[g] || `Player ${g + 1}`;
    return names.filter((x) => x === names[g]).length > 1 ? `${n} ${g + 1}` : n;
  };

  const root = h("div", { class: "tt", id: "tt" });
  const deckBox = h("section", { class: "tt-decks", id: "tt-decks" });
  const tabs = h("nav", { class: "tt-tabs", id: "tt-tabs", "aria-label": "Battlefields" });
  const boards = h("div", { class: "tt-boards", id: "tt-boards" });
  const hand = h("div", { class: "tt-hand", id: "tt-hand", "aria-label": "Your hand" });
  const tools = h("div", { class: "tt-tools", id: "tt-tools" });
  const log = h("ol", { class: "tt-log", id: "tt-log", "aria-label": "Game log" });
  const dialog = h("div", { class: "tt-dialog", id: "tt-dialog", hidden: true, role: "dialog" });
  const menu = h("div", { class: "tt-menu", id: "tt-menu", hidden: true, role: "menu" });
  const frozenBar = h("div", { class: "tt-frozen", id: "tt-frozen", hidden: true, role: "alert" });
  const keysHint = h("p", { class: "sr-only", id: "tt-card-keys" }, "Enter plays a card from your hand or taps it on the battlefield; M, the Menu key or Shift+F10 lists everything else.");
  root.append(deckBox, frozenBar, tabs, boards, tools, hand, h("aside", { class: "tt-side" }, h("h3", {}, "Log"), log), dialog, menu, keysHint);
  shell.stage.append(root);

  // ---- the deck stage --------------------------------------------------------------------
  const deckText = h("textarea", { id: "tt-decklist", rows: 8, placeholder: "4 Lightning Bolt\n20 Mountain\n\nSideboard\n2 Duress", "aria-label": "Decklist" }) as HTMLTextAreaElement;
  const importBtn = h("button", { type: "button", class: "primary", id: "tt-import" }, "Import decklist");
  importBtn.addEventListener("click", () => {
    for (const m of deckMessages(deckText.value)) ctx.session.send("deck", { ...m, ...ownName() });
  });
  const standardBtn = h("button", { type: "button", class: "secondary", id: "tt-standard" }, "Use the standard 52-card deck");
  standardBtn.addEventListener("click", () => ctx.session.send("deck", { text: "", ...ownName() }));
  /** The seat's name travels with the deck: the log and the replay then say "Ada", not "Player 1". */
  const ownName = () => {
    const n = shell.me === null ? "" : (wire?.seats[shell.me]?.name ?? "");
    return n ? { name: n } : {};
  };
  const deckStatus = h("p", { id: "tt-deck-status" });
  deckBox.append(h("h2", {}, "Choose your deck"), deckText, h("div", { class: "notice-actions" }, importBtn, standardBtn), deckStatus);

  // ---- context menu ------------------------------------------------------------------------
  // Opened by the keyboard (Enter on a card is its main action; the Menu key, Shift+F10 or M
  // open this), the menu takes the focus: ↑ ↓ move, Escape closes and goes back to the card.
  let menuOpener: HTMLElement | null = null;
  const closeMenu = () => {
    if (menu.hidden) return;
    menu.hidden = true;
    if (menuOpener && menu.contains(document.activeElement)) menuOpener.focus();
    menuOpener = null;
  };
  document.addEventListener("click", closeMenu);
  menu.addEventListener("keydown", (e) => {
    const items = Array.from(menu.querySelectorAll<HTMLButtonElement>("button"));
    const i = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === "Escape") closeMenu();
    else if (e.key === "ArrowDown") items[(i + 1) % items.length]?.focus();
    else if (e.key === "ArrowUp") items[(i - 1 + items.length) % items.length]?.focus();
    else return;
    e.preventDefault();
  });
  const openMenu = (x: number, y: number, items: MenuItem[], opener: HTMLElement | null = null) => {
    menu.replaceChildren(
      ...items.map((it) => {
        const b = h("button", { type: "button", role: "menuitem", "data-do": it.do }, it.label);
        b.addEventListener("click", (e) => {
          e.stopPropagation();
          const back = menuOpener;
          closeMenu();
          it.run();
          back?.focus();
        });
        return b;
      }),
    );
    menu.hidden = false;
    menuOpener = opener;
    if (opener) menu.querySelector("button")?.focus();
    const r = root.getBoundingClientRect();
    menu.style.left = `${Math.min(x - r.left, r.width - 200)}px`;
    menu.style.top = `${Math.max(0, Math.min(y - r.top, r.height - 40 * items.length))}px`;
  };

  // ---- picking a target (attach, arrows) ----------------------------------------------------------
  const pickBar = h("div", { class: "tt-pick", id: "tt-pick", hidden: true, role: "status" });
  let picking: ((t: { card?: number; player?: number }) => void) | null = null;
  const endPick = () => {
    picking = null;
    pickBar.hidden = true;
  };
  const pick = (prompt: string, then: (t: { card?: number; player?: number }) => void) => {
    picking = then;
    const cancel = h("button", { type: "button", class: "small", id: "tt-pick-cancel" }, "Cancel");
    cancel.addEventListener("click", (e) => (e.stopPropagation(), endPick()));
    pickBar.replaceChildren(h("span", {}, `${prompt}. `), cancel);
    pickBar.hidden = false;
  };
  // While picking, a tap on a battlefield card or a player's name is the answer (nothing else runs).
  root.addEventListener(
    "click",
    (e) => {
      if (!picking) return;
      const t = e.target as HTMLElement;
      if (t.closest("#tt-pick")) return;
      const card = t.closest<HTMLElement>(".tt-field [data-card]");
      const player = t.closest<HTMLElement>(".tt-player")?.closest<HTMLElement>(".tt-board");
      if (!card && !player) return;
      e.preventDefault();
      e.stopPropagation();
      const run = picking;
      endPick();
      run(card ? { card: Number(card.dataset.card) } : { player: Number(player!.dataset.seat) });
    },
    true,
  );

  const spot = () => freeSpot(me() >= 0 ? (zoneOf(`${me()}.battlefield`).cards ?? []) : []);
  const dialogs: DialogHost = { dialog, act, view: () => view, me, zoneOf: (k) => zoneOf(k), nameOf, spot, withCard: (el, c, zone) => withCard(el, c, zone) };
  const menuOps = { act, pick, counters: (c: CardView) => counterDialog(dialogs, c), spot };
  root.append(pickBar);

  // ---- drag and drop -------------------------------------------------------------------------
  let dragged: number | null = null;
  const dropOn = (el: HTMLElement, zone: string, player: number, battlefield: boolean) => {
    el.addEventListener("dragover", (e) => e.preventDefault());
    el.addEventListener("drop", (e) => {
      e.preventDefault();
      if (dragged === null) return;
      const card = dragged;
      dragged = null;
      if (battlefield) {
        const r = el.getBoundingClientRect();
        const pos = { x: clampPos(((e.clientX - r.left) / r.width) * 10000), y: clampPos(((e.clientY - r.top) / r.height) * 10000) };
        act({ do: "move", card, zone: "battlefield", player, place: "battlefield", pos });
      } else act({ do: "move", card, zone, player, place: zone === "library" ? "top" : "top" });
    });
  };
  const clampPos = (v: number) => Math.max(0, Math.min(10000, Math.round(v)));

  const withCard = (el: HTMLElement, c: CardView, zone: string) => {
    el.draggable = true;
    el.addEventListener("dragstart", () => (dragged = c.id));
    el.addEventListener("dblclick", () => zone === "battlefield" && act({ do: "tap", card: c.id, on: !c.tapped }));
    let lastTap = 0;
    let press: ReturnType<typeof setTimeout> | null = null;
    el.addEventListener("touchstart", (e) => {
      const t = e.touches[0];
      press = setTimeout(() => openMenu(t.clientX, t.clientY, menuFor(c, zone, menuOps)), 550);
      const now = performance.now();
      if (now - lastTap < 300 && zone === "battlefield") act({ do: "tap", card: c.id, on: !c.tapped });
      lastTap = now;
    }, { passive: true });
    el.addEventListener("touchend", () => press && clearTimeout(press));
    el.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      e.stopPropagation();
      openMenu(e.clientX, e.clientY, menuFor(c, zone, menuOps));
    });
    if (c.known && c.card) el.setAttribute("aria-describedby", "tt-card-keys");
    el.addEventListener("keydown", (e) => {
      if (e.key === "ContextMenu" || (e.key === "F10" && e.shiftKey) || e.key === "m" || e.key === "M") {
        e.preventDefault();
        e.stopPropagation();
        const r = el.getBoundingClientRect();
        openMenu(r.left + r.width / 2, r.top + r.height / 2, menuFor(c, zone, menuOps), el);
      } else if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        if (zone === "battlefield") act({ do: "tap", card: c.id, on: !c.tapped });
        else el.click();
      }
    });
    return el;
  };

  // ---- drawing -------------------------------------------------------------------------------
  const zoneOf = (key: string): ZoneView => view?.table?.zones[key] ?? { count: 0 };
  /** A card's name where this viewer sees it (a host on another battlefield), else null. */
  const cardNameOf = (id: number): string | null => {
    for (const z of Object.values(view?.table?.zones ?? {})) for (const c of z.cards ?? []) if (c.id === id) return c.card?.name ?? null;
    return null;
  };

  const pile = (g: number, z: (typeof PILES)[number]) => {
    const zv = zoneOf(`${g}.${z}`);
    // Public piles show their top card; a library shows its count (looked-at cards are in the dialog).
    const top = zv.cards?.length ? zv.cards[zv.cards.length - 1] : z === "library" && view?.table?.players[g]?.topRevealed ? zv.known?.find(([i]) => i === 0)?.[1] : undefined;
    const does = z === "library" && g === me() ? ", press to draw a card" : zv.cards?.length ? ", press to see them" : "";
    const el = h(
      "div",
      { class: `tt-pile tt-${z}`, "data-zone": `${g}.${z}`, title: `${z}: ${zv.count}`, role: "button", tabindex: 0, "aria-label": `${nameOf(g)}'s ${z}: ${zv.count} card${zv.count === 1 ? "" : "s"}${does}` },
      h("span", { class: "tt-pile-name" }, z),
      h("span", { class: "tt-count" }, String(zv.count)),
    );
    el.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && e.target === el) {
        e.preventDefault();
        el.click();
      }
    });
    if (top && top.known) el.append(withCard(cardEl(top), top, z));
    dropOn(el, z, g, false);
    el.addEventListener("click", () => {
      if (z === "library" && g === me()) act({ do: "draw", n: 1 });
      else if (zv.cards?.length) listDialog(dialogs, `${nameOf(g)}'s ${z}`, zv.cards, z);
    });
    return el;
  };

  const playerHeader = (g: number, p: PlayerView) => {
    const life = (d: number) => act({ do: "life", player: g, delta: d });
    const minus = h("button", { type: "button", class: "small", "aria-label": `${nameOf(g)} loses 1 life` }, "−");
    minus.addEventListener("click", () => life(-1));
    const plus = h("button", { type: "button", class: "small", "aria-label": `${nameOf(g)} gains 1 life` }, "+");
    plus.addEventListener("click", () => life(1));
    const active = view?.table?.turn.active === g;
    return h(
      "header",
      { class: `tt-player${active ? " tt-active" : ""}` },
      h("strong", {}, nameOf(g)),
      // Spectators watch: no buttons they could not use.
      h("span", { class: "tt-life", "data-life": p.life }, me() >= 0 ? minus : null, ` ♥ ${p.life} `, me() >= 0 ? plus : null),
      p.poison ? h("span", {}, ` ☠ ${p.poison}`) : null,
      h("span", { class: "tt-handcount" }, ` · hand ${p.cards.hand}`),
      p.mulligans && view?.table?.phase === "mulligan" ? h("span", {}, ` mulligans: ${p.mulligans}`) : null,
      view?.table?.phase === "mulligan" ? h("span", {}, p.kept ? " · kept" : " · deciding") : null,
    );
  };

  const board = (g: number) => {
    const p = view!.table!.players[g];
    const field = h("div", { class: "tt-field", "data-zone": `${g}.battlefield` });
    fillField(field, zoneOf(`${g}.battlefield`).cards ?? [], (c) => withCard(cardEl(c), c, "battlefield"), cardNameOf);
    dropOn(field, "battlefield", g, true);
    return h("section", { class: "tt-board", "data-seat": g }, playerHeader(g, p), h("div", { class: "tt-row" }, field, h("div", { class: "tt-piles" }, ...PILES.map((z) => pile(g, z)))));
  };

  /**
   * The line an Undo would take back, or null with the reason. Lines still standing are the
   * lines minus what undo lines took back; online only your own last action undoes, and only
   * if nobody acted since (chat does not count); solo any last action.
   */
  const undoable = (): { line: LogLine } | { line: null; why: string } => {
    const standing: LogLine[] = [];
    for (const l of view?.lines ?? []) {
      if (l.do === "chat") continue;
      if (l.do === "undo") {
        while (standing.length && standing[standing.length - 1].seq >= (l.undone ?? Infinity)) standing.pop();
      } else if (l.do === "restart") standing.length = 0;
      else standing.push(l);
    }
    const last = standing[standing.length - 1];
    if (!last) return { line: null, why: "Nothing to undo yet." };
    if (wire?.mode !== "solo" && last.actor !== me()) return { line: null, why: `${nameOf(last.actor)} acted last: you can undo only your own last action, before anyone acts.` };
    return { line: last };
  };

  /** "Player 1 drew 1 card." → "drew 1 card" (the button is yours). */
  const undoText = (text: string, name: string) => (text.startsWith(`${name} `) ? text.slice(name.length + 1) : text.startsWith(`${name}: `) ? text.slice(name.length + 2) : text).replace(/\.$/, "");

  const toolButton = (id: string, label: string, run: () => void) => {
    const b = h("button", { type: "button", class: "small", id: `tt-${id}` }, label);
    b.addEventListener("click", run);
    return b;
  };

  let sides = 6;
  const diceSides = h("select", { id: "tt-dice-sides", "aria-label": "Dice" }, ...[4, 6, 8, 10, 12, 20, 100].map((n) => h("option", { value: n, selected: n === sides }, `d${n}`))) as HTMLSelectElement;
  diceSides.addEventListener("change", () => {
    sides = Number(diceSides.value);
    drawTools();
  });

  const drawTools = () => {
    const t = view?.table;
    const g = me();
    if (!t || g < 0) return tools.replaceChildren();
    const undo = undoable();
    const items: (HTMLElement | null)[] = [
      t.phase === "mulligan" && !t.players[g].kept ? toolButton("keep", "Keep", () => keepDialog(dialogs)) : null,
      t.phase === "mulligan" && !t.players[g].kept ? toolButton("mulligan", "Mulligan", () => act({ do: "mulligan" })) : null,
      toolButton("draw", "Draw", () => act({ do: "draw", n: 1 })),
      toolButton("untap", "Untap all", () => act({ do: "untapAll" })),
      toolButton("scry", "Scry 3", () => act({ do: "lookTop", n: 3 })),
      toolButton("search", "Search", () => act({ do: "search" })),
      toolButton("shuffle", "Shuffle", () => act({ do: "shuffle" })),
      toolButton("token", "Token", () => act({ do: "createToken", name: "Token", power: "1", toughness: "1" })),
      diceSides,
      toolButton("dice", `Roll d${sides}`, () => act({ do: "rollDice", sides })),
      toolButton("coin", "Flip coin", () => act({ do: "flipCoins" })),
      t.arrows.some((a) => a.by === g) ? toolButton("arrows", "Clear my arrows", () => act({ do: "clearArrows" })) : null,
      t.turn.active === g ? toolButton("pass", "Pass turn", () => act({ do: "passTurn" })) : null,
      toolButton("end", "End game…", () => endDialog(dialogs)),
      toolButton("undo", undo.line ? `Undo: ${undoText(undo.line.text, t.players[undo.line.actor]?.name ?? "")}` : "Undo", () => act({ do: "undo" })),
      wire?.mode === "solo" ? toolButton("redo", "Redo", () => act({ do: "redo" })) : null,
    ];
    // The last dice or coin result stays in sight beside the buttons.
    const roll = [...(view?.lines ?? [])].reverse().find((l) => l.result && (l.do === "rollDice" || l.do === "flipCoins" || l.do === "rollPlanarDie"));
    tools.replaceChildren(...items.filter((x) => x !== null), roll ? h("span", { class: "tt-roll", id: "tt-roll", role: "status" }, roll.text) : "");
    const u = tools.querySelector("#tt-undo") as HTMLButtonElement;
    u.disabled = !undo.line;
    u.title = undo.line ? `Undo: ${undo.line.text}` : undo.why;
  };

  const drawHand = () => {
    const g = me();
    const cards = g >= 0 ? (zoneOf(`${g}.hand`).cards ?? []) : [];
    const n = cards.length;
    hand.replaceChildren(
      ...cards.map((c, i) => {
        const el = withCard(cardEl(c), c, "hand");
        // The fan: each card turned a little about the middle of the hand.
        const angle = n > 1 ? (i - (n - 1) / 2) * Math.min(6, 40 / n) : 0;
        el.style.transform = `rotate(${angle}deg)`;
        el.addEventListener("click", () => act({ do: "move", card: c.id, zone: "battlefield", place: "battlefield", pos: spot() }));
        return el;
      }),
    );
    dropOn(hand, "hand", g, false);
    hand.hidden = g < 0;
  };

  /**
   * Who is away, that actions on their hidden cards (hand, library) wait for them, and the vote
   * to go on: shown to players while anyone is away (the server refuses such actions as "frozen").
   */
  const drawFrozen = () => {
    const t = view?.table;
    const seats = order();
    const away = t && wire?.phase === "playing" ? seats.map((_, g) => g).filter((g) => !wire!.seats[seats[g]]?.connected) : [];
    frozenBar.hidden = away.length === 0 || me() < 0;
    if (frozenBar.hidden) return;
    const present = seats.length - away.length;
    const need = Math.floor(present / 2) + 1;
    frozenBar.replaceChildren(
      h("p", {}, `${away.map(nameOf).join(", ")} ${away.length === 1 ? "is" : "are"} away: actions on their hidden cards (hand, library) wait until they come back, or until most players present vote to go on.`),
      ...away.map((g) => {
        const votes = (view?.goOn[g] ?? []).filter((v) => !away.includes(v));
        const mine = votes.includes(me());
        const going = votes.length >= need;
        const b = h("button", { type: "button", class: "small", id: `tt-go-on-${g}`, disabled: mine || going }, going ? `Going on without ${nameOf(g)}` : mine ? `You voted to go on without ${nameOf(g)}` : `Vote to go on without ${nameOf(g)}`);
        b.addEventListener("click", () => ctx.session.send("goOn", { player: g }));
        return h("span", { class: "tt-vote", "data-seat": g }, b, ` ${votes.length} of ${need} votes`);
      }),
    );
  };

  /** Redraws, keeping the keyboard focus on the card, pile or button it was on. */
  const draw = () => keepFocus(root, drawNow);
  let spokenLines = -1;
  const drawNow = () => {
    // A reload's room state exists before its first patch decodes: wait for the fields.
    if (!wire || !wire.acting || !wire.seats) return;
    const parts: Parts = {};
    wire.parts?.forEach((p, k) => (parts[k] = p.json));
    const g = me();
    view = joinView(partsFor(parts, shell.me), g >= 0 ? g : "spectator");
    // After the view: the end screen's title reads the winners from it.
    shell.update(wire);
    ctx.setSubtitle(`${wire.mode === "solo" ? "Goldfish" : "Online"} · ${wire.format}`);
    const t = view?.table;
    deckBox.hidden = !view || view.stage !== "decks";
    if (view && view.stage === "decks") {
      const mine = g >= 0 && view.decks[g];
      importBtn.toggleAttribute("disabled", !!mine || g < 0);
      standardBtn.toggleAttribute("disabled", !!mine || g < 0);
      deckStatus.textContent = `${view.decks.filter(Boolean).length} of ${view.decks.length} decks chosen.${mine ? " Waiting for the others…" : ""}`;
    }
    if (!t) {
      boards.replaceChildren();
      tabs.replaceChildren();
      hand.replaceChildren();
      tools.replaceChildren();
    } else {
      if (focus >= t.players.length) focus = 0;
      tabs.replaceChildren(
        ...t.players.map((_, i) => {
          const b = h("button", { type: "button", class: `small${i === focus ? " tt-tab-on" : ""}`, "data-seat": i }, nameOf(i));
          b.addEventListener("click", () => {
            focus = i;
            draw();
          });
          return b;
        }),
      );
      boards.replaceChildren(...t.players.map((_, i) => board(i)));
      boards.dataset.focus = String(focus);
      boards.querySelectorAll<HTMLElement>(".tt-board").forEach((b) => b.classList.toggle("tt-focus", Number(b.dataset.seat) === focus));
      drawArrows(boards, t.arrows);
      drawHand();
      drawTools();
      drawLooking(dialogs);
    }
    // A dice or coin line already says its result.
    const lines = view?.lines ?? [];
    log.replaceChildren(...lines.map((l) => h("li", { "data-do": l.do }, l.text)));
    // what the others did, read out (client/ui/announce.ts); the lines there on arrival are not
    if (spokenLines >= 0) for (const l of lines.slice(spokenLines)) if (l.actor !== me()) announce(l.text);
    spokenLines = lines.length;
    log.scrollTop = log.scrollHeight;
    drawFrozen();
  };

  const offRoom = ctx.session.onRoom((room) => {
    room.onStateChange((s) => {
      wire = s as unknown as TableWire;
      if (me() >= 0 && focus === 0) focus = me();
      draw();
    });
    if (room.state) {
      wire = room.state as unknown as TableWire;
      draw();
    }
  });
  const offError = ctx.session.onMessage<{ code: string; message: string }>("error", (e) => {
    ctx.announce(e.message);
    if (e.code === "frozen") {
      drawFrozen();
      frozenBar.classList.remove("tt-flash");
      void frozenBar.offsetWidth;
      frozenBar.classList.add("tt-flash");
    }
  });

  return {
    destroy() {
      offRoom();
      offError();
      document.removeEventListener("click", closeMenu);
      shell.destroy();
    },
    snapshot: () => ({
      phase: wire?.phase ?? "",
      stage: view?.stage ?? "",
      me: me(),
      hand: me() >= 0 ? (zoneOf(`${me()}.hand`).cards ?? []).map((c) => c.card?.name ?? "?") : [],
      battlefield: me() >= 0 ? (zoneOf(`${me()}.battlefield`).cards ?? []).map((c) => ({ id: c.id, name: c.card?.name ?? "?", tapped: !!c.tapped, counters: c.counters ?? {}, attachedTo: c.attachedTo ?? null })) : [],
      arrows: view?.table?.arrows.length ?? 0,
      replayId: wire?.replayId ?? -1,
      library: me() >= 0 ? zoneOf(`${me()}.library`).count : 0,
      players: view?.table?.players.map((p) => ({ life: p.life, hand: p.cards.hand, kept: p.kept })) ?? [],
      phaseOfTable: view?.table?.phase ?? "",
      lines: view?.lines.map((l) => l.text) ?? [],
    }),
    renderNow() {},
    resume() {},
  };
}

export type { ActionKind };
export const MENU_WORDS = (kind: ActionKind) => CATALOGUE[kind].says;
