// Short sounds synthesised with WebAudio (no files to load): a chime for your turn, a tick
// for a play, an alarm for UH OH / Caught!, a fanfare or a thud at the end. On by default;
// the mute choice is remembered in localStorage. Browsers start audio only after a gesture,
// so the context is created and resumed on the first tap or key press.

export type Tone = "turn" | "play" | "draw" | "alert" | "win" | "lose" | "join" | "leave";

const KEY = "hub.sound";

/** [frequency Hz, start s, length s, wave, gain] per note. */
type Note = [number, number, number, OscillatorType, number];

const TONES: Record<Tone, Note[]> = {
  turn: [
    [660, 0, 0.12, "sine", 0.22],
    [990, 0.1, 0.22, "sine", 0.2],
  ],
  play: [[420, 0, 0.07, "triangle", 0.14]],
  draw: [[300, 0, 0.09, "triangle", 0.12]],
  alert: [
    [880, 0, 0.09, "square", 0.1],
    [660, 0.1, 0.09, "square", 0.1],
    [880, 0.2, 0.12, "square", 0.1],
  ],
  win: [
    [523, 0, 0.14, "sine", 0.2],
    [659, 0.12, 0.14, "sine", 0.2],
    [784, 0.24, 0.3, "sine", 0.2],
  ],
  lose: [
    [330, 0, 0.18, "sawtooth", 0.08],
    [220, 0.16, 0.3, "sawtooth", 0.08],
  ],
  join: [[740, 0, 0.1, "sine", 0.12]],
  leave: [[370, 0, 0.12, "sine", 0.12]],
};

let ctx: AudioContext | null = null;
let unlockBound = false;
let sleepTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * A running AudioContext renders silence on the audio thread for as long as the page is open
 * (measured in headless Chromium: 1.5–2 % of a core per idle page; on a phone it also keeps
 * the audio hardware awake): it is suspended `ms` after the last sound and resumed by the next.
 */
function sleepAfter(a: AudioContext, ms: number): void {
  if (sleepTimer) clearTimeout(sleepTimer);
  sleepTimer = setTimeout(() => {
    sleepTimer = null;
    if (a.state === "running") void a.suspend().catch(() => {});
  }, ms);
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function soundOn(): boolean {
  return storage()?.getItem(KEY) !== "off";
}

const listeners = new Set<(on: boolean) => void>();

export function setSound(on: boolean): void {
  if (on) storage()?.removeItem(KEY);
  else storage()?.setItem(KEY, "off");
  const a = on ? audio() : null;
  if (a) {
    void a.resume().catch(() => {});
    sleepAfter(a, 1000);
  }
  for (const fn of [...listeners]) fn(on);
}

export function onSoundChange(fn: (on: boolean) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function audio(): AudioContext | null {
  if (ctx) return ctx;
  const Ctor = (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext) as typeof AudioContext | undefined;
  if (!Ctor) return null;
  try {
    ctx = new Ctor();
  } catch {
    return null;
  }
  return ctx;
}

/** Resumes audio on the first user gesture (autoplay rules). */
export function unlockAudioOnGesture(): void {
  if (unlockBound) return;
  unlockBound = true;
  const unlock = () => {
    const a = audio();
    if (a && a.state !== "running") {
      void a.resume().catch(() => {});
      sleepAfter(a, 1000);
    }
  };
  for (const type of ["pointerdown", "keydown", "touchend"]) window.addEventListener(type, unlock, { capture: true, passive: true });
}

/** Plays `tone` unless muted. Returns true when it was played (or would be, if audio is blocked). */
export function playTone(tone: Tone): boolean {
  if (!soundOn()) return false;
  const a = audio();
  if (!a) return true;
  if (a.state === "suspended") void a.resume().catch(() => {});
  const t0 = a.currentTime + 0.01;
  const notes = TONES[tone];
  sleepAfter(a, 1000 + 1000 * Math.max(...notes.map(([, start, len]) => start + len)));
  for (const [freq, start, len, wave, gain] of notes) {
    const osc = a.createOscillator();
    const amp = a.createGain();
    osc.type = wave;
    osc.frequency.value = freq;
    // a quick attack and an exponential fade: no clicks
    amp.gain.setValueAtTime(0.0001, t0 + start);
    amp.gain.exponentialRampToValueAtTime(gain, t0 + start + 0.012);
    amp.gain.exponentialRampToValueAtTime(0.0001, t0 + start + len);
    osc.connect(amp).connect(a.destination);
    osc.start(t0 + start);
    osc.stop(t0 + start + len + 0.02);
  }
  return true;
}
