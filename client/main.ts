// Entry point: hash router between the lobby and a room.
//   #/            lobby
//   #/games/ID    one game's page in the lobby (its modes, live rooms, leaderboard)
//   #/join/CODE   join a room by id or private code (invite links)
//   #/room/ID     play (a reload reclaims the seat with the stored seat token)
//   #/spectate/ID watch
//   #/claim/CLAIM continue on this device: redeem a device link, then play the seat it moved
//   #/offline[/PARAM]  the offline game's page (ClientGame.offline; no server needed once loaded)
//   #/replay/ID   watch a recorded game (GET /api/replays/ID, replayed with common/ rules); ?at=N a moment
//   #/me          My games: this browser's profile's finished games
//   #/profile/ID  a profile's page: ratings (with their chart), games, each game's bests
//   #/daily/GAME  start today's challenge of GAME (one try a day), then its room
//   #/tournament/ID  a tournament's page: what it is, a countdown, live standings, Join / Leave
import "./styles.css";
import "./ui/ui.css";
import { checkRoom, normaliseCode, type RoomCheck } from "./net/client";
import { errorText, openSession, type RoomSession } from "./net/session";
import { hubBusy, hubUnavailable, playsOffline } from "./net/retry";
import { forgetAnswers } from "./net/cachedGet";
import { loadName, loadSeat } from "./net/storage";
import { explainJoinFailure } from "./net/joinErrors";
import { confirmLeave, dismissLeave, leaveConsequence } from "./ui/confirm";
import { namePrompt } from "./ui/namePrompt";
import { unreachablePage, type UnreachablePage } from "./ui/unreachable";
import { Lobby } from "./lobby/lobby";
import { redeemClaim } from "./ui/deviceLink";
import { toast } from "./ui/toast";
import { ensureProfile, loadProfile, onSeatWithoutProfile } from "./net/profile";
import { messagePage, RoomView } from "./roomView";
import { installHub } from "./hub";
import { CLIENT_GAMES, clientGame, gameName } from "./games/registry";
import { registerServiceWorker } from "./pwa/register";
import { startDaily } from "./net/daily";
import type { PageHandle } from "./pages/page";
import { entry, whenMatched, type MatchedGame } from "./tournament/entry";
import { openReserved } from "./net/session";

playsOffline(CLIENT_GAMES.filter((g) => g.offline).map((g) => g.title));

type Route =
  | { name: "lobby"; game?: string }
  | { name: "join"; code: string }
  | { name: "room"; id: string }
  | { name: "spectate"; id: string }
  | { name: "claim"; claim: string }
  | { name: "offline"; param?: string }
  | { name: "replay"; id: string }
  | { name: "me" }
  | { name: "profile"; id: string }
  | { name: "daily"; game: string }
  | { name: "tournament"; id: string };

type BoardRoute = Extract<Route, { name: "offline" | "replay" | "me" | "profile" | "tournament" }>;

export function parseRoute(hash: string): Route {
  // A moment of a replay rides after "?" (#/replay/ID?at=N): the page reads it itself.
  const parts = hash.replace(/^#\/?/, "").split("?")[0].split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "games" && parts[1]) return { name: "lobby", game: parts[1] };
  if (parts[0] === "join" && parts[1]) return { name: "join", code: parts[1] };
  if (parts[0] === "room" && parts[1]) return { name: "room", id: parts[1] };
  if (parts[0] === "claim" && parts[1]) return { name: "claim", claim: parts[1] };
  if (parts[0] === "spectate" && parts[1]) return { name: "spectate", id: parts[1] };
  if (parts[0] === "offline") return { name: "offline", param: parts[1] };
  if (parts[0] === "replay" && parts[1]) return { name: "replay", id: parts[1] };
  if (parts[0] === "me") return { name: "me" };
  if (parts[0] === "profile" && parts[1]) return { name: "profile", id: parts[1] };
  if (parts[0] === "daily" && parts[1]) return { name: "daily", game: parts[1] };
  if (parts[0] === "tournament" && parts[1]) return { name: "tournament", id: parts[1] };
  return { name: "lobby" };
}

const app = document.getElementById("app")!;
let current: { session: RoomSession; view: RoomView } | null = null;
let page: HTMLElement | null = null;
/** A non-room page with a board (offline solo, replay). */
let pageHandle: PageHandle | null = null;
/** Increments on every navigation; a join that finishes after the user moved on is dropped. */
let generation = 0;

const lobby = new Lobby({
  entered: (session) => {
    history.pushState(null, "", `#/room/${session.roomId}`);
    showRoom(session);
  },
  navigate: (hash) => {
    location.hash = hash;
  },
});
app.append(lobby.el);
lobby.el.hidden = true;

function closePageHandle(): void {
  const p = pageHandle;
  pageHandle = null;
  p?.destroy();
}

/** Offline solo and replays: their own pages (loaded on demand, Pixi stays out of the lobby chunk). */
async function showBoardPage(r: BoardRoute): Promise<void> {
  const gen = ++generation;
  closeCurrent();
  closePageHandle();
  setPage(null);
  lobby.hide();
  const host = document.createElement("div");
  host.className = "page-host";
  setPage(host);
  try {
    const handle =
      r.name === "offline"
        ? await mountOfflineGame(host, r.param)
        : r.name === "replay"
          ? await (await import("./pages/replay")).mountReplay(host, r.id, toLobby)
          : r.name === "me"
            ? await (await import("./pages/myGames")).mountMyGames(host, toLobby)
            : r.name === "tournament"
              ? await (await import("./tournament/page")).mountTournament(host, r.id, toLobby)
              : await (await import("./pages/profile")).mountProfile(host, r.id, toLobby);
    if (gen !== generation) {
      handle.destroy();
      return;
    }
    pageHandle = handle;
    if (r.name !== "tournament") document.title = `${r.name === "offline" ? "Offline solo" : r.name === "replay" ? `Replay #${r.id}` : r.name === "me" ? "My games" : "Profile"} · Game Hub`;
  } catch (e) {
    if (gen !== generation) return;
    console.error(e);
    const what = { offline: "Could not start offline play", replay: "Could not open the replay", me: "Could not open My games", profile: "Could not open the profile", tournament: "Could not open the tournament" };
    failed(what[r.name], errorText(e));
  }
}

/** #/offline: the offline page of the registry's (first) game that has one (ClientGame.offline). */
async function mountOfflineGame(host: HTMLElement, param: string | undefined): Promise<PageHandle> {
  const game = CLIENT_GAMES.find((g) => g.offline);
  if (!game?.offline) throw new Error("No game of this hub plays offline.");
  return (await game.offline())(host, param, toLobby);
}

function setPage(el: HTMLElement | null): void {
  page?.remove();
  page = el;
  if (el) app.append(el);
}

function toLobby(): void {
  toPage("#/");
}

/** Out of a room of `game`: its page in the lobby (another game of it, its leaderboard, every game one tap away). */
function toGamePage(game: string): void {
  toPage(lobby.hasPage(game) ? `#/games/${game}` : "#/");
}

function toPage(hash: string): void {
  if (location.hash !== hash) location.hash = hash;
  else void route();
}

/**
 * Takes the room off the screen. Navigating away (Back, a link, a typed address) is not a
 * choice to leave: the seat is kept like a dropped connection (`suspend`). Only "Leave" in
 * the confirmation (or "← Lobby" where nothing is lost) gives it up, before we get here.
 */
function closeCurrent(): void {
  if (!current) return;
  const { session, view } = current;
  current = null;
  dismissLeave();
  view.destroy();
  void session.suspend();
}

/** "← Lobby": leave on purpose, after saying what happens to the seat when something does. */
function leaveRoom(): void {
  const cur = current;
  if (!cur) return toLobby();
  const why = leaveConsequence(cur.session, (game) => clientGame(game)?.leaveConsequence);
  if (!why) {
    void cur.session.leave();
    return toGamePage(cur.session.game);
  }
  void confirmLeave(why).then((ok) => {
    if (!ok || current !== cur) return;
    void cur.session.leave();
    toGamePage(cur.session.game);
  });
}

/**
 * The browser's Back button in a room: a guard history entry (same address) is pushed when a
 * seat is taken, so Back first lands here, still in the room, and asks. Forward (back onto
 * the guard) or "Stay" carries on; a second Back goes to the lobby with the seat kept.
 */
window.addEventListener("popstate", () => {
  const cur = current;
  if (!cur || cur.session.spectator) return;
  const r = parseRoute(location.hash);
  if (r.name !== "room" || r.id !== cur.session.roomId) return; // the hashchange handler routes
  if ((history.state as { hubGuard?: boolean } | null)?.hubGuard) {
    dismissLeave();
    return;
  }
  const why = leaveConsequence(cur.session, (game) => clientGame(game)?.leaveConsequence);
  if (!why) {
    history.replaceState(null, "", "#/");
    void route();
    return;
  }
  void confirmLeave(why).then((ok) => {
    if (current !== cur) return;
    if (!ok) {
      // back onto a guard entry (a new one: there may be no Forward entry left)
      if (!(history.state as { hubGuard?: boolean } | null)?.hubGuard) history.pushState({ hubGuard: true }, "", location.hash);
      return;
    }
    void cur.session.leave();
    history.replaceState(null, "", "#/");
    void route();
  });
});

function showRoom(session: RoomSession): void {
  forgetAnswers(); // the game about to be played may move ratings, leaderboards, recent games and seats
  if (current?.session !== session) closeCurrent();
  closePageHandle();
  lobby.hide();
  setPage(null);
  if (!session.spectator && !(history.state as { hubGuard?: boolean } | null)?.hubGuard) {
    history.pushState({ hubGuard: true }, "", location.hash);
  }
  const view = new RoomView(session, {
    toLobby: leaveRoom,
    spectate: (id) => {
      location.hash = `#/spectate/${id}`;
    },
  });
  current = { session, view };
  app.append(view.el);
  document.title = `${view.el.getAttribute("aria-label")} · Game Hub`;
  view.mount().catch((e) => {
    console.error(e);
    view.el.append(messagePage("Could not load the game", errorText(e), [{ label: "Back to lobby", run: toLobby, primary: true }]));
  });
}

function joining(text: string): void {
  lobby.hide();
  setPage(messagePage("Joining…", text, [{ label: "Cancel", run: toLobby }]));
}

function failed(title: string, text: string, extra: { label: string; run: () => void }[] = []): void {
  lobby.hide();
  setPage(messagePage(title, text, [{ label: "Back to lobby", run: toLobby, primary: true }, ...extra]));
}

/**
 * A session opened for navigation `gen`: shown at `hash` if that navigation is still the
 * current one (the player may have gone elsewhere meanwhile), else left.
 */
function enterIfCurrent(gen: number, session: RoomSession, hash: string, how: "replace" | "push"): void {
  if (gen !== generation) return void session.leave();
  if (location.hash !== hash) {
    if (how === "push") history.pushState(null, "", hash);
    else history.replaceState(null, "", hash);
  }
  showRoom(session);
}

async function join(id: string, spectate: boolean): Promise<void> {
  const gen = ++generation;
  const stored = spectate ? null : loadSeat(id);
  joining(spectate ? `Opening room ${id} to watch.` : stored ? `Taking your seat back in room ${id}.` : `Joining room ${id}.`);
  let waiting: UnreachablePage | null = null;
  let networkFailedAt: number | undefined;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const options: Record<string, unknown> = spectate ? { spectate: true } : stored ? { seatToken: stored.seatToken } : {};
        const session = await openSession({ game: stored?.game ?? "", how: "joinById", roomId: id, options });
        enterIfCurrent(gen, session, spectate ? `#/spectate/${session.roomId}` : `#/room/${session.roomId}`, "replace");
        return;
      } catch (e) {
        if (gen !== generation) return;
        const why = explainJoinFailure(id, e, { spectate, reclaim: stored !== null, networkFailedAt });
        if (why.retry && hubUnavailable(e)) networkFailedAt = Date.now();
        if (!why.retry) {
          failed(why.title, why.text, why.watch ? [{ label: "Watch this room", run: () => (location.hash = `#/spectate/${id}`) }] : []);
          return;
        }
        // The network (or a hub that is briefly unavailable), not a refusal: wait (or for the
        // browser's `online`) and try again, as long as the player stays on this page.
        if (!waiting) {
          waiting = unreachablePage(
            spectate ? `room ${id} to watch` : stored ? `your seat in room ${id}` : `room ${id}`,
            stored ? "Your seat is kept while you are away: stay on this page and you will be back in it." : "",
            toLobby,
          );
          lobby.hide();
          setPage(waiting.el);
        }
        waiting.because(hubBusy(e));
        // the browser back online (or a tap on "Try again now"): a failure right then waits 1 s again, not the long backoff
        if ((await waiting.next(attempt)) === "now") attempt = 0;
        if (gen !== generation) return;
        waiting.trying();
      }
    }
  } finally {
    waiting?.destroy();
  }
}

/** #/daily/GAME: today's challenge of a game (POST /api/daily/GAME/start), its room entered by the reservation. */
async function playDaily(game: string): Promise<void> {
  const gen = ++generation;
  closeCurrent();
  joining(`Starting today's ${gameName(game)} challenge.`);
  try {
    await ensureProfile();
    const session = await startDaily(game);
    enterIfCurrent(gen, session, `#/room/${session.roomId}`, "replace");
  } catch (e) {
    if (gen !== generation) return;
    const mine = loadProfile();
    failed(`Today's ${gameName(game)} challenge`, errorText(e), mine ? [{ label: "Your profile", run: () => (location.hash = `#/profile/${mine.id}`) }] : []);
  }
}

/** An invite link opened by someone the hub does not know yet: ask for a name first (or just watch). */
function askName(id: string, room?: RoomCheck): void {
  const gen = ++generation;
  lobby.hide();
  setPage(
    namePrompt(
      id,
      () => {
        if (gen === generation) void join(id, false);
      },
      toLobby,
      room ? gameName(room.game) : undefined,
      () => (location.hash = `#/spectate/${id}`),
    ),
  );
}

/**
 * An invite link (a code, a room address) for a room this browser holds no seat in: the room
 * is looked up first, so nobody types a name for a game that then refuses them. No such room:
 * said at once. Full (or playing and taking nobody new): watch it. A seat open: the name if
 * the hub does not know it yet, then the seat. When the look-up itself fails, the join decides.
 */
async function invited(id: string): Promise<void> {
  const gen = ++generation;
  joining(`Looking up room ${id}.`);
  const room = await checkRoom(id).catch(() => undefined);
  if (gen !== generation) return;
  if (room === null) {
    const why = explainJoinFailure(id, new Error("not found"), { spectate: false, reclaim: false });
    return failed(why.title, why.text);
  }
  if (room && room.open === 0) {
    const game = gameName(room.game);
    const started = room.phase !== "waiting" && room.players < room.maxPlayers;
    lobby.hide();
    setPage(
      messagePage(
        "This game is full",
        `${started ? `The ${game} game with code ${id} has begun and takes no new players until it ends` : `Every seat in the ${game} game with code ${id} is taken`}. You can watch it now, or start your own game from the lobby.`,
        [
          { label: "Watch this room", run: () => (location.hash = `#/spectate/${id}`), primary: true },
          { label: "Back to lobby", run: toLobby },
        ],
      ),
    );
    return;
  }
  if (!loadName()) return askName(id, room);
  return join(id, false);
}

async function route(): Promise<void> {
  const r = parseRoute(location.hash);
  if (r.name === "offline" || r.name === "replay" || r.name === "me" || r.name === "profile" || r.name === "tournament") return showBoardPage(r);
  closePageHandle();
  if (r.name === "daily") return playDaily(r.game);
  if (r.name === "lobby") {
    generation++;
    closeCurrent();
    setPage(null);
    document.title = "Game Hub";
    lobby.show(r.game);
    return;
  }
  if (r.name === "claim") {
    closeCurrent();
    try {
      const { roomId, profile, seatGone } = await redeemClaim(r.claim);
      if (!roomId) {
        // The link carried the profile (only, or its game is over): its games are here now.
        history.replaceState(null, "", "#/me");
        if (profile) toast(seatGone ? `You play as ${profile.name} here now. ${seatGone}` : `You play as ${profile.name} on this device now: your games and ratings are here.`);
        return void route();
      }
      history.replaceState(null, "", `#/room/${roomId}`);
      return join(roomId, false);
    } catch (e) {
      return failed("Could not continue here", errorText(e));
    }
  }
  if (r.name === "join") {
    const code = r.code.length === 5 ? normaliseCode(r.code) ?? r.code : r.code;
    if (current && current.session.roomId === code && !current.session.spectator) {
      history.replaceState(null, "", `#/room/${code}`);
      return;
    }
    closeCurrent();
    if (!loadSeat(code)) return invited(code);
    return join(code, false);
  }
  const spectate = r.name === "spectate";
  if (current && current.session.roomId === r.id && current.session.spectator === spectate) return;
  closeCurrent();
  if (!spectate && !loadSeat(r.id)) return invited(r.id);
  return join(r.id, spectate);
}

/**
 * A tournament handed this player a game (tournament/entry.ts): straight to it, wherever they
 * are, as rated quick play does (the reservation carries the seat's ticket).
 */
async function openTournamentGame(m: MatchedGame): Promise<void> {
  // Fresh from a game's end screen (an arena pairs whoever is free at once): a moment to read
  // the result first, said (the seat is held for SEAT_RESERVATION_SECONDS, 15 s).
  if (current && !current.session.spectator) {
    toast(`Your next tournament game is ready: it opens in ${NEXT_GAME_SECONDS} seconds.`, "info", NEXT_GAME_SECONDS * 1000);
    await new Promise((r) => setTimeout(r, NEXT_GAME_SECONDS * 1000));
  }
  const gen = ++generation;
  const back = { label: "Back to the tournament", run: () => toPage(`#/tournament/${encodeURIComponent(m.tournament)}`) };
  closeCurrent();
  closePageHandle();
  joining(`Your tournament game against ${m.players.map((p) => p.name).join(" and ")} is ready: opening it.`);
  try {
    const session = await openReserved("", m.reservation);
    enterIfCurrent(gen, session, `#/room/${session.roomId}`, "push");
  } catch (e) {
    if (gen !== generation) return;
    console.warn("tournament game", errorText(e));
    failed("Could not open your tournament game", "The game's room did not take this browser in time (its seat is held only a few seconds). You stay in the tournament: the next game is paired as soon as you are free.", [back]);
  }
}
const NEXT_GAME_SECONDS = 4;
whenMatched((m) => void openTournamentGame(m));
void entry.resume();

window.addEventListener("hashchange", () => void route());
installHub(
  () => current,
  () => pageHandle,
);
void route();
registerServiceWorker();
// A profile is made the first time this browser needs one (a seat, rated play, My games, a
// chosen name); one it has is checked with the server once per page load, names brought together.
// (A device link brings one instead: its redeem keeps it.)
if (parseRoute(location.hash).name !== "claim" && loadProfile()) void ensureProfile();
// A seat taken without a profile (the hub would not make one) is said once a page load, in the
// hub's words (My games and rated play say it on their own pages).
const troublesSaid = new Set<string>();
onSeatWithoutProfile((t) => {
  if (troublesSaid.has(t.code)) return;
  troublesSaid.add(t.code);
  toast(t.message, "error", 10_000);
});
