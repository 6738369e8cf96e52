// What the browser tests and window.__hub read of a live table (GameHandle.snapshot): the
// model as this seat sees it, plus what is on screen (buttons and their reasons, the turn
// and timer words, the event lines, the camera, the glowing targets, which notices show).
import type { Aim } from "./aim";
import type { Flights } from "./flights";
import type { Hud } from "./hud";
import { tableSnapshot, type TableModel } from "./model";
import type { PenaltyNotice } from "./penalty";
import type { TableView } from "./tableView";
import type { Teaching } from "./teaching";

export interface SceneParts {
  model: TableModel;
  me: number | null;
  root: HTMLElement;
  hud: Hud;
  view: TableView;
  aim: Aim;
  flights: Flights;
  /** The event line's last words, newest last. */
  lines: readonly string[];
  teaching: Teaching;
  penalty: PenaltyNotice;
}

export function sceneSnapshot(p: SceneParts): Record<string, unknown> {
  const { model: m, me, root, hud, view, aim } = p;
  const b = hud.buttons;
  return {
    ...tableSnapshot(m, me),
    buttons: Object.fromEntries(Object.entries(b).map(([k, el]) => [k, !el.disabled])),
    turnText: root.querySelector("#cs-turn")?.textContent ?? "",
    timerText: root.querySelector("#cs-timer")?.textContent ?? "",
    log: p.lines[p.lines.length - 1] ?? "",
    lines: [...p.lines],
    yaw: view.yaw,
    zoom: Math.round(view.board.camera.cam.z * 1000) / 1000,
    follow: view.board.camera.follow,
    cubeSize: { ...view.board.size },
    positions: view.board.positions(),
    selected: aim.selected,
    glowing: view.board.activeTargets.map((t) => ({ ...t })),
    picking: hud.picking,
    endShown: !hud.endScreen.hidden,
    afterShown: !hud.afterBar.hidden,
    howtoShown: p.teaching.howto.shown,
    penalty: p.penalty.shown ? root.querySelector("#cs-penalty-title")?.textContent ?? "" : "",
    guideShown: p.teaching.guide.shown,
    reasons: Object.fromEntries(Object.entries(b).map(([k, el]) => [k, el.disabled ? (el.lastElementChild?.textContent ?? "") : ""])),
    stackInView: view.stackInView(m.cubes),
    waitingShown: !hud.waiting.hidden,
    animating: view.anim.busy || p.flights.arriving.size > 0,
  };
}
