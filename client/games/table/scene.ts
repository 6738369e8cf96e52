// The card table's scene (hybrid): the battlefields, piles and hand fan on a Pixi canvas
// (boards.ts, canvas.ts), dragged between zones and within a battlefield by mouse or touch
// with the drop target lit, double-click / double-tap to tap, right click / long press for the
// context menu built from the action catalogue (cards.ts); the menu, the dialogs (scry,
// search, counters, keep, end), the tools with Undo naming what it undoes (tools.ts), life
// buttons, the log, the deck stage and the vote to go on stay DOM. Keyboard users reach every
// card through focusable stand-ins (keyboard.ts). What each gesture means: cardIntents.ts;
// picking a target: pick.ts; a player's strip: playerHeader.ts; the away bar: frozen.ts.
// Phone portrait: one battlefield at a time (tabs), the hand strip at the canvas's foot, the
// canvas sized to the screen under the tools.
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
import { type MenuItem, type MenuOps } from "./cards";
import { ContextMenu } from "./menu";
import { drawDig, moreActions } from "./actions";
import { counterDialog, drawLooking, endDialog, keepDialog, type DialogHost } from "./dialogs";
import { attachGestures } from "./input";
import { drawEndVote, endVoteText } from "./endVote";
import { drawKeys } from "./keyboard";
import { drawLog, logHint, type LogState } from "./logpanel";
import { shownSeats, type BoardBox, type PileZone } from "./layout";
import { CardIntents } from "./cardIntents";
import { drawFrozen, type FrozenHost } from "./frozen";
import { TargetPick } from "./pick";
import { playerHeader } from "./playerHeader";
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
    // A game seat no person sits in (a solo table's sparring partner) is named by the game.
    const n = names[g] || view?.table?.players[g]?.name || `Player ${g + 1}`;
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

  // ---- picking a target (attach, arrows): pick.ts ------------------------------------------------
  const pick = new TargetPick();
  pick.listen(root);

  const spot = () => {
    // As many places a row as the field holds cards side by side (tapped ones too), at least 2.
    const b = boardsView.canvas.layout?.boards.find((x) => x.seat === me());
    const cols = b ? Math.max(2, Math.min(12, Math.floor((b.field.w - b.card.h) / (b.card.h + 6)) + 1)) : 8;
    const rows = b ? Math.max(2, Math.min(6, Math.floor((b.field.h - b.card.h) / (b.card.h + 6)) + 1)) : 3;
    return freeSpot(me() >= 0 ? (zoneOf(`${me()}.battlefield`).cards ?? []) : [], cols, rows);
  };
  const dialogs: DialogHost = { dialog, act, send, view: () => view, me, zoneOf: (k) => zoneOf(k), nameOf, spot, withCard: (el, c, zone) => intents.withCard(el, c, zone) };
  const menuOps: MenuOps = { act, pick: (prompt, then) => pick.start(prompt, then), counters: (c: CardView) => counterDialog(dialogs, c), spot };
  root.append(pick.bar);
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

  // ---- what a gesture or a key means: cardIntents.ts ------------------------------------------
  const zoneOf = (key: string): ZoneView => view?.table?.zones[key] ?? { count: 0 };
  const playing = () => me() >= 0 && !!view?.table;
  const intents = new CardIntents({
    act,
    pick,
    playing,
    me,
    nameOf,
    zoneOf,
    dialogs: () => dialogs,
    menuOps: () => menuOps,
    openMenu,
    closeMenu,
    boards: boardsView,
    preview,
    root,
    menu,
    narrow,
    spot,
  });

  // ---- drawing -------------------------------------------------------------------------------
  const header = (b: BoardBox) => playerHeader({ view: () => view, me, nameOf, act }, b);

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

  /**
   * A wide screen's tools and import report sit in the shell's side column, under the seats, so
   * the battlefields take the page's height under the room's bar (their cards readable on a
   * 1366×768 laptop with four players); a narrow one keeps them above the canvas. (The
   * battlefield tabs stay above the canvas they switch.)
   */
  const placeBars = () => {
    const beside = !narrow() && !!side;
    for (const [el, home, before] of [[decks.report, root, endBar], [toolsEl, bar, tabs]] as const) {
      if (beside && el.parentElement !== side) side!.append(el);
      else if (!beside && el.parentElement !== home) home.insertBefore(el, before);
    }
  };

  const drawTable = () => {
    const t = view!.table!;
    const g = me();
    placeBars();
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
        if (s.zone === "battlefield") intents.tapCard(s.card);
        else if (s.zone === "hand") intents.play(s.card);
        else intents.openPile(s.seat, s.zone as PileZone);
      },
      pile: (s, z) => playing() && intents.openPile(s, z),
      menu: (s, x, y, el) => intents.cardMenu(s, x, y, el),
      preview: (s) => (preview.shown === s.card.id ? preview.hide() : intents.showPreview(s)),
      pileLabel: (s, z) => {
        const n = zoneOf(`${s}.${z}`).count;
        const does = z === "library" && s === g ? ", press to draw a card" : zoneOf(`${s}.${z}`).cards?.length ? ", press to see them" : "";
        return `${nameOf(s)}'s ${z}: ${n} card${n === 1 ? "" : "s"}${does}`;
      },
    });
  };
  const frozenHost: FrozenHost = {
    view: () => view,
    playing: () => wire?.phase === "playing",
    order,
    connected: (roomSeat) => !!wire?.seats[roomSeat]?.connected,
    me,
    nameOf,
    goOn: (g) => send("goOn", { player: g }),
  };
  const frozen = () => drawFrozen(frozenBar, frozenHost);

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
    frozen();
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
      frozen();
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
    offGestures = attachGestures(boardsView.canvas.app.canvas, boardsView.canvas, intents.gestures);
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
      intents.destroy();
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
