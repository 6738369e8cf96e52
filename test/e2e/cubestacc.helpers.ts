// The Cubestacc page's window.__hub snapshot as the browser suites read it
// (client/games/cubestacc: scene snapshot()), and the waits typed to it.
import type { Page } from "playwright-core";
import { hub, waitHub, type HubSnapshot } from "../helpers/e2e.js";

export type Legal = { card: number; onto: number; mode: string };
export type CsSeat = { name: string; occupied: boolean; connected: boolean; bot: boolean; inGame: boolean; cards: number; catchable: boolean; place: number; ready: boolean };
/** HubSnapshot's named fields (its index signature would swallow them under Omit). */
type Named<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
export type Cs = Omit<Named<HubSnapshot>, "seats"> & {
  [key: string]: unknown;
  game?: string;
  phase?: string;
  gameNo?: number;
  turn?: number;
  turnNo?: number;
  myTurn?: boolean;
  hand?: number[] | null;
  legal?: Legal[];
  drawAction?: string;
  canDone?: boolean;
  canUhOh?: boolean;
  cubes?: { id: number; card: number; by: number | null; mode: string; suit: string }[];
  seats?: CsSeat[];
  ranking?: { seat: number; cards: number; place: number; name: string }[];
  winner?: number;
  buttons?: Record<string, boolean>;
  reasons?: Record<string, string>;
  endShown?: boolean;
  afterShown?: boolean;
  waitingShown?: boolean;
  howtoShown?: boolean;
  guideShown?: boolean;
  animating?: boolean;
  selected?: number | null;
  glowing?: Legal[];
  picking?: boolean;
  log?: string;
  /** The penalty explanation's title while it shows ("" when closed). */
  penalty?: string;
  /** The last event lines, newest last. */
  lines?: string[];
  announced?: string[];
  yaw?: number;
  timerText?: string;
  deadline?: number;
  pack?: string;
};

export const cs = (page: Page) => hub(page) as unknown as Promise<Cs>;
export const waitCs = (page: Page, test: (s: Cs) => boolean, what: string, timeout = 20_000) =>
  waitHub(page, test as unknown as (s: HubSnapshot) => boolean, what, timeout) as unknown as Promise<Cs>;
