// The card table's scene (hybrid): the battlefields, piles and hand fan on a Pixi canvas
// (boards.ts, canvas.ts), dragged between zones and within a battlefield by mouse or touch
// with the drop target lit, double-click / double-tap to tap, right click / long press for the
// context menu built from the action catalogue (cards.ts); the menu, the dialogs (scry,
// search, counters, keep, end), the tools with Undo naming what it undoes (tools.ts), life
// buttons, the log, the deck stage and the vote to go on stay DOM. Keyboard users reach every
// card through focusable stand-ins (keyboard.ts). Phone portrait: one battlefield at a time
// (tabs), the hand strip at the canvas's foot, the canvas sized to the screen under the tools.
//
// It reads the view the server cut into parts for this connection (common/table/wire.ts) and
// sends intentions; what a card is, who sees it and what is legal stay on the server.
import { CATALOGUE, type Action, type ActionKind } from "../../../common/table/catalogue";
import type { TableGameView, TablePayloads } from "../../../common/table/game";
import type { TableRoomState } from "../../../server/rooms/table/TableRoomState";
import { typedSend } from "../../net/send";
import type { Wire } from "../../net/wire";
import type { CardView, ZoneView } from "../../../common/table/visibility";
import { joinView, partsFor, type Parts } from "../../../common/table/wire";
import { announce } from "../../ui/announce";
import { h } from "../../ui/dom";
import { toast } from "../../ui/toast";
import { keepFocus } from "../focus";
import { DeckStage } from "./decks";
import type { Format } from "../../../common/table/types";
import { CardPreview } from "./preview";
import { formatName } from "./words";
import { GameShell } from "../shell";
import type { GameContext, GameHandle } from "../types";
import { BoardsView } from "./boards";
import type { CardSpot, Hit } from "./canvas";
import { menuFor, type MenuItem } from "./cards";
import { ContextMenu } from "./menu";
import { drawDig, moreActions } from "./actions";
import { counterDialog, drawLooking, endDialog, keepDialog, listDialog, type DialogHost } from "./dialogs";
import { attachGestures } from "./input";
import { drawEndVote, endVoteText } from "./endVote";
import { drawKeys } from "./keyboard";
import { drawLog, logHint, type LogState } from "./logpanel";
import { cardSignalItems, fieldMenu, signalMenu } from "./signals";
import { posAt, shownSeats, type BoardBox, type PileZone } from "./layout";
import { freeSpot } from "./spot";
import { Tools } from "./tools";
import "./table.css";

/** The room state as this client reads it: the server's schema, decoded (its view in parts). */
type TableWire = Wire<TableRoomState>;

/** A phone-sized stage, portrait or landscape: one battlefield at a time, the hand at the foot. */
const narrow = () => window.innerWidth < 700 || window.innerHeight < 520;

export async function mount(host: HTMLElement, ctx: GameContext): Promise<GameHandle> {
  let wire: TableWire | null = null;
  let view: TableGameView | null = null;
  /** Game seat of the battlefield shown on a phone (on a wide screen with more than four: the first of the others shown). */
  let focus = 0;
  const shell = new GameShell(ctx, host, {
    endTitle: (_s, me) => {
      const w = view?.table?.winners;
      if (!w?.length) return "The game ended";
      const g = me === null ? -1 : gameSeatOf(me);
      return w.includes(g) ? "You won!" : `${w.map((p) => nameOf(p)).join(", ")} won`;
    },
    // How it ended, under the title: the players agreed, or everyone else conceded.
    endExtra: () => {
      const how = view?.table?.ended;
      const text = how === "agreed" && (view?.table?.players.length ?? 0) > 1 ? "Everyone still playing agreed to end the game." : how === "conceded" ? "Everyone else conceded." : "";
      return text ? h("p", { class: "tt-ended", id: "tt-ended" }, text) : null;
    },
  });
  const send = typedSend<TablePayloads>(ctx.session);
  const act = (action: Action) => send("act", { action });
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
  const tabs = h("nav", { class: "tt-tabs", id: "tt-tabs", "aria-label": "Battlefields" });
  const boardsView = new BoardsView(() => draw());
  const table = boardsView.el;
  // The keyboard's stand-ins for the cards drawn on the canvas (keyboard.ts).
  const boardKeys = h("div", { class: "tt-keys", id: "tt-boards" });
  const handKeys = h("div", { class: "tt-keys", id: "tt-hand", "aria-label": "Your hand" });
  table.append(boardKeys, handKeys);
  const toolsEl = h("div", { class: "tt-tools", id: "tt-tools" });
  const log = h("ol", { class: "tt-log", id: "tt-log", "aria-label": "Game log" });
  const logNote = h("p", { class: "tt-hint tt-log-hint", id: "tt-log-hint", hidden: true });
  /** The log as the panels draw it: links into the replay once the game is over and saved. */
  const logState = (): LogState => ({ lines: view?.lines ?? [], finished: view?.table?.phase === "finished" || wire?.phase === "finished", replayId: wire?.replayId ?? -1 });
  const dialog = h("div", { class: "tt-dialog", id: "tt-dialog", hidden: true, role: "dialog" });
  const frozenBar = h("div", { class: "tt-frozen", id: "tt-frozen", hidden: true, role: "alert" });
  // Read out once per change by announce() below, so not a live region itself.
  const endBar = h("div", { class: "tt-frozen tt-endvote", id: "tt-endvote", hidden: true, role: "region", "aria-label": "Ending the game" });
  const keysHint = h("p", { class: "sr-only", id: "tt-card-keys" }, "Enter plays a card from your hand or taps it on the battlefield; P shows it large; M, the Menu key or Shift+F10 lists everything else; H jumps to your hand.");
  const preview = new CardPreview();
  // Keyboard: straight to the hand (a link at the top of the table, and H anywhere on it).
  const skip = h("a", { class: "tt-skip", href: "#tt-hand", id: "tt-skip-hand" }, "Skip to your hand (H)");
  const focusHand = () => (handKeys.querySelector<HTMLElement>(".tt-key") ?? null)?.focus();
  skip.addEventListener("click", (e) => {
    e.preventDefault();
    focusHand();
  });
  const bar = h("div", { class: "tt-bar", id: "tt-bar" }, toolsEl, tabs);
  // ---- the deck stage (decks.ts) -----------------------------------------------------------
  /** The seat's name travels with the deck: the log and the replay then say "Ada", not "Player 1". */
  const ownName = () => {
    const n = shell.me === null ? "" : (wire?.seats[shell.me]?.name ?? "");
    return n ? { name: n } : {};
  };
  const decks = new DeckStage({ send: (m) => send("deck", { ...m, ...ownName() }), format: () => (wire?.format ?? "constructed") as Format });
  // ---- context menu (menu.ts) ----------------------------------------------------------------
  // A long press showed the card with its menu: both go together.
  const contextMenu = new ContextMenu(root, () => preview.hide());
  const menu = contextMenu.el;
  const closeMenu = () => contextMenu.close();
  const openMenu = (x: number, y: number, items: MenuItem[], opener: HTMLElement | null = null) => contextMenu.open(x, y, items, opener);

  root.append(skip, decks.el, decks.report, endBar, frozenBar, bar, table, h("aside", { class: "tt-side" }, h("h3", {}, "Log"), logNote, log), dialog, menu, keysHint, preview.el);
  shell.stage.append(root);



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
  const answer = (t: { card?: number; player?: number }) => {
    const run = picking!;
    endPick();
    run(t);
  };
  // While picking, a tap on a player's name is the answer (cards answer through the canvas).
  root.addEventListener(
    "click",
    (e) => {
      if (!picking) return;
      const player = (e.target as HTMLElement).closest<HTMLElement>(".tt-player");
      if (!player) return;
      e.preventDefault();
      e.stopPropagation();
      answer({ player: Number(player.dataset.seat) });
    },
    true,
  );

  const spot = () => {
    // As many places a row as the field holds cards side by side (tapped ones too), at least 2.
    const b = boardsView.canvas.layout?.boards.find((x) => x.seat === me());
    const cols = b ? Math.max(2, Math.min(12, Math.floor((b.field.w - b.card.h) / (b.card.h + 6)) + 1)) : 8;
    const rows = b ? Math.max(2, Math.min(6, Math.floor((b.field.h - b.card.h) / (b.card.h + 6)) + 1)) : 3;
    return freeSpot(me() >= 0 ? (zoneOf(`${me()}.battlefield`).cards ?? []) : [], cols, rows);
  };
  const dialogs: DialogHost = { dialog, act, send, view: () => view, me, zoneOf: (k) => zoneOf(k), nameOf, spot, withCard: (el, c, zone) => withCard(el, c, zone) };
  const menuOps = { act, pick, counters: (c: CardView) => counterDialog(dialogs, c), spot };
  root.append(pickBar);
  const logDialog = () => {
    dialog.dataset.kind = "log";
    const close = h("button", { type: "button", class: "secondary" }, "Close");
    close.addEventListener("click", () => (dialog.hidden = true));
    const all = h("ol", { class: "tt-log tt-log-all", id: "tt-log-all" });
    const st = logState();
    drawLog(all, st);
    const hint = logHint(st);
    dialog.replaceChildren(h("h2", {}, "Game log"), ...(hint ? [h("p", { class: "tt-hint" }, hint)] : []), all, close);
    dialog.hidden = false;
    all.scrollTop = all.scrollHeight;
  };
  const tools = new Tools(toolsEl, {
    act,
    view: () => view,
    me,
    solo: () => wire?.mode === "solo",
    nameOf,
    keep: () => keepDialog(dialogs),
    end: () => endDialog(dialogs),
    menu: (items, opener) => {
      const r = opener.getBoundingClientRect();
      openMenu(r.left, r.bottom + 2, items, opener);
    },
    more: () => [
      { do: "log", label: "Game log", run: logDialog },
      { do: "lobby", label: "Back to the lobby", run: () => document.getElementById("back-to-lobby")?.click() },
    ],
    actions: () => moreActions(dialogs),
  });

  /** A card in a dialog's list (a graveyard): its menu by right click or keys. */
  const withCard = (el: HTMLElement, c: CardView, zone: string) => {
    if (me() < 0) return el;
    el.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      e.stopPropagation();
      openMenu(e.clientX, e.clientY, menuFor(c, zone, menuOps));
    });
    el.addEventListener("keydown", (e) => {
      if (e.key === "ContextMenu" || (e.key === "F10" && e.shiftKey) || e.key === "m" || e.key === "M") {
        e.preventDefault();
        e.stopPropagation();
        const r = el.getBoundingClientRect();
        openMenu(r.left + r.width / 2, r.top + r.height / 2, menuFor(c, zone, menuOps), el);
      }
    });
    return el;
  };

  // ---- what a gesture or a key means ----------------------------------------------------------
  const zoneOf = (key: string): ZoneView => view?.table?.zones[key] ?? { count: 0 };
  const playing = () => me() >= 0 && !!view?.table;
  const tapCard = (c: CardView) => act({ do: "tap", card: c.id, on: !c.tapped });
  const play = (c: CardView) => act({ do: "move", card: c.id, zone: "battlefield", place: "battlefield", pos: spot() });
  const openPile = (g: number, z: PileZone) => {
    const zv = zoneOf(`${g}.${z}`);
    if (z === "library" && g === me()) act({ do: "draw", n: 1 });
    else if (zv.cards?.length) listDialog(dialogs, `${nameOf(g)}'s ${z}`, zv.cards, z);
  };
  const cardMenu = (s: CardSpot, x: number, y: number, opener: HTMLElement | null) => {
    if (!playing() || !s.card.known) return;
    const items = menuFor(s.card, s.zone, menuOps);
    if (s.zone === "battlefield") {
      // Signals on this card: placed at its position; one drawn within its box can be removed.
      const onIt = boardsView.canvas.signalSpots.find((x) => x.seat === s.seat && x.x >= s.rect.x && x.x <= s.rect.x + s.rect.w && x.y >= s.rect.y && x.y <= s.rect.y + s.rect.h)?.signal ?? null;
      const at = items.findIndex((it) => it.do === "copy") + 1;
      items.splice(at > 0 ? at : items.length, 0, ...cardSignalItems(dialogs, s.seat, s.card.pos ?? { x: 5000, y: 5000 }, onIt));
    }
    openMenu(x, y, items, opener);
    // On a phone the card shows large at the top: the menu goes under it and scrolls.
    if (!preview.el.hidden && narrow()) {
      const below = Math.round(preview.el.getBoundingClientRect().bottom + 6);
      const r = root.getBoundingClientRect();
      Object.assign(menu.style, { top: `${below - r.top}px`, left: `${Math.max(4, Math.min(x - r.left - 100, r.width - 204))}px`, maxHeight: `${Math.max(160, window.innerHeight - below - 6)}px` });
    }
  };
  const showPreview = (s: CardSpot) => {
    if (!s.card.known || !s.card.card) return;
    preview.show(s.card, boardsView.client(s.rect));
  };
  // Desktop: a card under a resting mouse for a moment shows large beside it.
  let hoverTimer: ReturnType<typeof setTimeout> | null = null;
  let hovered: number | null = null;
  const hover = (hit: Hit) => {
    const id = hit?.kind === "card" && hit.spot.card.known ? hit.spot.card.id : null;
    if (id === hovered) return;
    hovered = id;
    if (hoverTimer) clearTimeout(hoverTimer);
    hoverTimer = null;
    if (id === null) return preview.hide();
    const spot = (hit as { spot: CardSpot }).spot;
    if (preview.shown !== null) return showPreview(spot);
    hoverTimer = setTimeout(() => {
      hoverTimer = null;
      if (hovered === spot.card.id) showPreview(spot);
    }, 350);
  };
  const gestures = {
    tap: (hit: Hit, x: number, y: number) => {
      closeMenu();
      if (picking) {
        if (hit?.kind === "card" && hit.spot.zone === "battlefield") answer({ card: hit.spot.card.id });
        return;
      }
      if (!playing() || !hit) return;
      if (hit.kind === "card" && hit.spot.zone === "hand") play(hit.spot.card);
      else if (hit.kind === "card" && hit.spot.zone !== "battlefield") openPile(hit.spot.seat, hit.spot.zone as PileZone);
      else if (hit.kind === "pile") openPile(hit.seat, hit.zone);
      // A signal's menu (Remove it), after the click that would close it has passed.
      else if (hit.kind === "signal") setTimeout(() => openMenu(x, y, signalMenu(dialogs, hit.signal)), 0);
    },
    doubleTap: (s: CardSpot) => {
      if (!picking && playing() && s.zone === "battlefield") tapCard(s.card);
    },
    menu: (hit: Hit, x: number, y: number, touch?: boolean) => {
      if (picking) return;
      // An empty spot of a battlefield (or a signal on one): place a signal there, or remove it.
      if ((hit?.kind === "field" || hit?.kind === "signal") && playing()) {
        const c = boardsView.canvas.app.canvas.getBoundingClientRect();
        const at = posAt(hit.rect, hit.card, x - c.left, y - c.top);
        const near = hit.kind === "signal" ? hit.signal : (boardsView.canvas.signalAt(x - c.left, y - c.top, hit.seat)?.signal ?? null);
        openMenu(x, y, fieldMenu(dialogs, hit.seat, at, near));
        return;
      }
      if (hit?.kind !== "card") return;
      // A long press: the card large (both faces of a double-faced card) with its menu.
      if (touch) showPreview(hit.spot);
      cardMenu(hit.spot, x, y, null);
    },
    hover: (hit: Hit) => hover(hit),
    canDrag: (s: CardSpot) => {
      const ok = playing() && !picking && s.card.known !== false;
      if (ok) preview.hide();
      return ok;
    },
    drop: (s: CardSpot, target: Hit, x: number, y: number) => {
      if (!target || target.kind === "card" || target.kind === "signal") return;
      const card = s.card.id;
      if (target.kind === "field") {
        // The card's centre lands where the pointer let go (clamped inside the field).
        act({ do: "move", card, zone: "battlefield", player: target.seat, place: "battlefield", pos: posAt(target.rect, target.card, x, y) });
      } else if (target.kind === "hand") {
        if (s.zone !== "hand") act({ do: "move", card, zone: "hand", player: me(), place: "top" });
      } else if (!(s.zone === target.zone && s.seat === target.seat)) act({ do: "move", card, zone: target.zone, player: target.seat, place: "top" });
    },
  };

  // ---- drawing -------------------------------------------------------------------------------
  const header = (b: BoardBox) => {
    const g = b.seat;
    const p = view!.table!.players[g];
    const life = (d: number) => act({ do: "life", player: g, delta: d });
    const minus = h("button", { type: "button", class: "small", "aria-label": `${nameOf(g)} loses 1 life` }, "−");
    minus.addEventListener("click", () => life(-1));
    const plus = h("button", { type: "button", class: "small", "aria-label": `${nameOf(g)} gains 1 life` }, "+");
    plus.addEventListener("click", () => life(1));
    const t = view!.table!;
    const adjustable = me() >= 0 && !t.ended;
    return h(
      "header",
      { class: `tt-player${t.turn.active === g ? " tt-active" : ""}`, "data-seat": g },
      h("strong", {}, nameOf(g)),
      // Spectators watch, and a finished game takes no more changes: no buttons nobody can use.
      h("span", { class: "tt-life", "data-life": p.life }, adjustable ? minus : null, ` ♥ ${p.life} `, adjustable ? plus : null),
      p.poison ? h("span", {}, ` ☠ ${p.poison}`) : null,
      h("span", { class: "tt-handcount" }, ` · hand ${p.cards.hand}`),
      p.mulligans && t.phase === "mulligan" ? h("span", {}, ` · mulligans ${p.mulligans}`) : null,
      t.phase === "mulligan" ? h("span", {}, p.kept ? " · kept" : " · deciding") : null,
    );
  };

  /**
   * The canvas fills the screen: on a wide screen under everything above it (no scrolling to
   * reach the hand), on a phone under the tools and tabs (scrolled into view together).
   */
  const sizeTable = () => {
    if (root.classList.contains("tt-compact")) {
      // The rest of the screen under the tools: the hand strip at the canvas's foot is the screen's foot.
      const px = Math.max(200, Math.floor(window.innerHeight - table.getBoundingClientRect().top));
      if (table.style.height !== `${px}px`) table.style.height = `${px}px`;
      return;
    }
    const above = table.getBoundingClientRect().top + window.scrollY + 8;
    const px = Math.max(540, Math.min(1100, window.innerHeight - above));
    if (table.style.height !== `${px}px`) table.style.height = `${px}px`;
  };

  /**
   * A phone's table is fixed to the screen's foot (nothing scrolls). Its top: under the shell's
   * status and seat strip where they sit above the stage (portrait: the chips, Details and what
   * it opens stay in reach), else under the room's bar (landscape: the side column is beside the
   * stage and the table takes the whole width; its player strips show each life).
   */
  const side = shell.el.querySelector<HTMLElement>(".gs-side");
  const placeCompact = (compact: boolean) => {
    if (!compact) {
      root.style.top = "";
      return;
    }
    const body = host.closest(".room-body") ?? host;
    const sideBox = side?.getBoundingClientRect();
    const stacked = !!sideBox && sideBox.height > 0 && sideBox.bottom <= shell.stage.getBoundingClientRect().top + 1;
    const top = Math.max(0, Math.round((stacked ? sideBox!.bottom + 4 : body.getBoundingClientRect().top) + window.scrollY));
    if (root.style.top !== `${top}px`) root.style.top = `${top}px`;
    if (window.scrollY) window.scrollTo(0, 0);
  };
  // Details opens the seat list (or a status wraps to two lines): the table moves down with it.
  const sideWatch = new ResizeObserver(() => {
    if (root.classList.contains("tt-compact")) draw();
  });
  if (side) sideWatch.observe(side);

  const drawTable = () => {
    const t = view!.table!;
    const g = me();
    if (focus >= t.players.length) focus = 0;
    const seats = shownSeats(t.players.length, g, focus, narrow());
    root.classList.toggle("tt-many", !narrow() && t.players.length > 4);
    const compact = narrow() && t.phase !== "finished" && wire?.phase !== "finished";
    root.classList.toggle("tt-compact", compact);
    document.documentElement.classList.toggle("tt-page-compact", compact);
    placeCompact(compact);
    tabs.replaceChildren(
      ...t.players.map((_, i) => {
        const b = h("button", { type: "button", class: `small${seats.includes(i) ? " tt-tab-on" : ""}`, "data-seat": i, "aria-pressed": String(seats.includes(i)) }, nameOf(i));
        b.addEventListener("click", () => {
          focus = i;
          draw();
        });
        return b;
      }),
    );
    tools.draw(compact);
    sizeTable();
    boardsView.render({
      compact,
      seats,
      hand: g >= 0 ? (zoneOf(`${g}.hand`).cards ?? []) : null,
      othersHand: (s) => s !== g,
      zone: zoneOf,
      arrows: t.arrows,
      signals: t.signals ?? [],
      topRevealed: (s) => !!t.players[s]?.topRevealed,
      active: t.turn.active,
      header,
    });
    const c = boardsView.canvas;
    drawKeys(handKeys, boardKeys, c.spots, c.layout?.boards.flatMap((b) => b.piles.map((p) => ({ seat: b.seat, ...p }))) ?? [], {
      main: (s) => {
        if (!playing()) return;
        if (s.zone === "battlefield") tapCard(s.card);
        else if (s.zone === "hand") play(s.card);
        else openPile(s.seat, s.zone as PileZone);
      },
      pile: (s, z) => playing() && openPile(s, z),
      menu: (s, x, y, el) => cardMenu(s, x, y, el),
      preview: (s) => (preview.shown === s.card.id ? preview.hide() : showPreview(s)),
      pileLabel: (s, z) => {
        const n = zoneOf(`${s}.${z}`).count;
        const does = z === "library" && s === g ? ", press to draw a card" : zoneOf(`${s}.${z}`).cards?.length ? ", press to see them" : "";
        return `${nameOf(s)}'s ${z}: ${n} card${n === 1 ? "" : "s"}${does}`;
      },
    });
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
        b.addEventListener("click", () => send("goOn", { player: g }));
        return h("span", { class: "tt-vote", "data-seat": g }, b, ` ${votes.length} of ${need} votes`);
      }),
    );
  };

  /** Redraws, keeping the keyboard focus on the card, pile or button it was on. */
  const draw = () => keepFocus(root, drawNow);
  let spokenLines = -1;
  let logKey = "";
  let logNewest = -1;
  const drawNow = () => {
    // A reload's room state exists before its first patch decodes: wait for the fields.
    if (!wire || !wire.acting || !wire.seats) return;
    const parts: Parts = {};
    wire.parts?.forEach((p, k) => (parts[k] = p.json));
    const g = me();
    view = joinView(partsFor(parts, shell.me), g >= 0 ? g : "spectator");
    // After the view: the end screen's title reads the winners from it.
    shell.update(wire);
    ctx.setSubtitle(`${wire.mode === "solo" ? "Practice alone" : "Online"} · ${formatName(wire.format)}`);
    const t = view?.table;
    table.hidden = !t;
    decks.draw(view, g);
    // The bars above the table first: on a phone the canvas takes the height left under them.
    drawFrozen();
    drawEndVote(endBar, endVoteHost);
    if (!t) {
      tabs.replaceChildren();
      tools.draw();
      root.classList.remove("tt-compact");
      document.documentElement.classList.remove("tt-page-compact");
    } else {
      drawTable();
      drawLooking(dialogs);
      drawDig(dialogs);
      // The card previewed changed or left the viewer's sight: the preview follows or closes.
      if (preview.shown !== null) {
        const s = boardsView.canvas.spots.find((x) => x.card.id === preview.shown);
        if (s) preview.show(s.card, boardsView.client(s.rect));
        else preview.hide();
      }
    }
    // A dice or coin line already says its result.
    const lines = view?.lines ?? [];
    // Redrawn only when it changed: a redraw would scroll a reader back down and drop a click.
    const ls = logState();
    const key = `${ls.lines.length}:${ls.lines[0]?.seq ?? 0}:${ls.lines.at(-1)?.seq ?? 0}:${ls.finished}:${ls.replayId}`;
    if (key !== logKey) {
      logKey = key;
      drawLog(log, ls);
      logNote.textContent = logHint(ls);
      logNote.hidden = !logNote.textContent;
      // New lines: the newest in sight (a reader scrolled up stays put when only the links change).
      const newest = ls.lines.at(-1)?.seq ?? 0;
      if (newest !== logNewest) log.scrollTop = log.scrollHeight;
      logNewest = newest;
    }
    // what the others did, read out (client/ui/announce.ts); the lines there on arrival are not
    if (spokenLines >= 0) for (const l of lines.slice(spokenLines)) if (l.actor !== me()) announce(l.text);
    spokenLines = lines.length;
    // A new proposal, an answer or a refusal is read out (and the bar above the table shows it).
    const vote = view?.table?.phase === "finished" ? null : (view?.endVote ?? null);
    const said = vote ? endVoteText(vote, endVoteHost) : "";
    if (said && said !== lastVote) announce(said);
    lastVote = said;
  };
  let lastVote = "";
  const endVoteHost = { view: () => view, me, nameOf, answer: (agree: boolean) => send("answerEnd", { agree }), dismissed: () => draw() };

  // One handler on the current room: a reconnection's new room replaces it, destroy removes it.
  let unbind = () => {};
  const offRoom = ctx.session.onRoom((room) => {
    unbind();
    const onChange = (s: unknown) => {
      wire = s as TableWire;
      if (me() >= 0 && focus === 0) focus = me();
      draw();
    };
    room.onStateChange(onChange);
    unbind = () => room.onStateChange.remove(onChange);
    if (room.state) {
      wire = room.state as TableWire;
      draw();
    }
  });
  const offError = ctx.session.onMessage<{ code: string; message: string }>("error", (e) => {
    ctx.announce(e.message);
    // A deck refused (the check, a line not understood): said in the deck stage, where it is fixed.
    if (view?.stage === "decks") decks.refused(e.message);
    // What the server could not save (its disk full) is shown too, not only read out.
    if (e.code === "not-saved" || e.code === "game-too-long") toast(e.message, "error");
    if (e.code === "frozen") {
      drawFrozen();
      frozenBar.classList.remove("tt-flash");
      void frozenBar.offsetWidth;
      frozenBar.classList.add("tt-flash");
    }
  });
  const onResize = () => draw();
  window.addEventListener("resize", onResize);
  const onKey = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
    if (e.key === "Escape" && !preview.el.hidden) preview.hide();
    else if ((e.key === "h" || e.key === "H") && !e.ctrlKey && !e.metaKey && !e.altKey && view?.table && me() >= 0) {
      e.preventDefault();
      focusHand();
    }
  };
  document.addEventListener("keydown", onKey);

  let offGestures = () => {};
  let gone = false;
  void boardsView.init("The battlefields, piles and your hand. Drag a card to move it, double-click or double-tap to tap it, right click or long press for its menu; Tab reaches every card by keyboard.").then((ok) => {
    if (!ok || gone) return;
    offGestures = attachGestures(boardsView.canvas.app.canvas, boardsView.canvas, gestures);
    draw();
  });

  return {
    destroy() {
      gone = true;
      offRoom();
      unbind();
      offError();
      offGestures();
      window.removeEventListener("resize", onResize);
      sideWatch.disconnect();
      document.removeEventListener("keydown", onKey);
      document.documentElement.classList.remove("tt-page-compact");
      if (hoverTimer) clearTimeout(hoverTimer);
      contextMenu.destroy();
      boardsView.destroy();
      shell.destroy();
    },
    snapshot: () => ({
      phase: wire?.phase ?? "",
      stage: view?.stage ?? "",
      me: me(),
      hand: me() >= 0 ? (zoneOf(`${me()}.hand`).cards ?? []).map((c) => c.card?.name ?? "?") : [],
      battlefield: me() >= 0 ? (zoneOf(`${me()}.battlefield`).cards ?? []).map((c) => ({ id: c.id, name: c.card?.name ?? "?", tapped: !!c.tapped, counters: c.counters ?? {}, attachedTo: c.attachedTo ?? null, pos: c.pos ?? null })) : [],
      graveyard: me() >= 0 ? (zoneOf(`${me()}.graveyard`).cards ?? []).map((c) => c.card?.name ?? "?") : [],
      arrows: view?.table?.arrows.length ?? 0,
      signals: view?.table?.signals?.length ?? 0,
      highlighted: Object.values(view?.table?.zones ?? {}).flatMap((z) => z.cards ?? []).filter((c) => c.highlight).length,
      phantom: view?.table?.phantom ?? null,
      replayId: wire?.replayId ?? -1,
      library: me() >= 0 ? zoneOf(`${me()}.library`).count : 0,
      players: view?.table?.players.map((p) => ({ life: p.life, hand: p.cards.hand, kept: p.kept })) ?? [],
      phaseOfTable: view?.table?.phase ?? "",
      lines: view?.lines.map((l) => l.text) ?? [],
      focus,
      canvas: boardsView.ready && view?.table ? boardsView.snapshot() : null,
    }),
    renderNow() {
      boardsView.canvas.freeze();
    },
    resume() {
      boardsView.canvas.thaw();
    },
  };
}

export type { ActionKind };
export const MENU_WORDS = (kind: ActionKind) => CATALOGUE[kind].says;
