// "Continue on another device": the seat's owner gets a single-use link (and its QR code) (it expires in a few
// minutes) to open on the other device; opening it there moves the seat, and this tab is told
// its seat moved. Only a seated player sees the button (spectators have no seat to move).
import type { RoomSession } from "../net/session";
import { loadSeat, saveSeat } from "../net/storage";
import { adoptProfile, authHeaders, type StoredProfile } from "../net/profile";
import { h } from "./dom";
import { showLinkPanel } from "./linkPanel";
import { toast } from "./toast";

export function claimLink(claim: string): string {
  return `${location.origin}${location.pathname}#/claim/${claim}`;
}

async function post(path: string, body: unknown): Promise<any> {
  // The profile's key goes along: the link carries the profile to the other device too.
  const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json", ...authHeaders() }, body: JSON.stringify(body) });
  let out: any = null;
  try {
    out = await res.json();
  } catch {
    /* not JSON */
  }
  if (!res.ok) throw new Error(out?.message ?? `The server answered ${res.status}; try again.`);
  return out;
}

/**
 * Redeems a claim from a device link: keeps the profile it carries (this browser plays as it
 * from now on) and stores the seat token so joining the room reclaims the seat. roomId null:
 * the link carried only the profile (or its game is over: `seatGone` says so).
 */
export async function redeemClaim(claim: string): Promise<{ roomId: string | null; profile: StoredProfile | null; seatGone?: string }> {
  const r = (await fetch("/api/claims/redeem", { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify({ claim }) }).then(async (res) => {
    const body = await res.json().catch(() => null);
    if (!res.ok) throw new Error(body?.message ?? `The server answered ${res.status}; try again.`);
    return body;
  })) as { roomId?: string; seatToken?: string; seat?: number; game?: string; profile?: StoredProfile; seatGone?: string };
  if (r.profile) adoptProfile(r.profile);
  if (r.roomId && r.seatToken && r.game && typeof r.seat === "number") {
    saveSeat({ roomId: r.roomId, seatToken: r.seatToken, seat: r.seat, game: r.game });
    return { roomId: r.roomId, profile: r.profile ?? null };
  }
  return { roomId: null, profile: r.profile ?? null, seatGone: r.seatGone };
}

/** The room bar's "Another device" button and its panel (link, copy, expiry). */
export function deviceLinkButton(session: RoomSession): { el: HTMLElement; refresh(): void } {
  const button = h("button", { type: "button", class: "small secondary", id: "device-link-btn", hidden: true }, "Another device");
  button.title = "Continue this game on another device (phone, tablet, laptop)";
  button.addEventListener("click", () => void open());
  const refresh = () => {
    button.hidden = session.spectator || session.seat === null || session.seat < 0 || !loadSeat(session.roomId);
  };
  async function open(): Promise<void> {
    const stored = loadSeat(session.roomId);
    if (!stored) return;
    let got: { claim: string; expiresAt: number };
    try {
      got = await post("/api/claims", { roomId: session.roomId, seatToken: stored.seatToken });
    } catch (e) {
      toast(`Could not make a device link: ${(e as Error).message}`);
      return;
    }
    const minutes = Math.max(1, Math.round((got.expiresAt - Date.now()) / 60_000));
    const shut = showLinkPanel({
      id: "device-link-panel",
      title: "Continue on another device",
      text: `Scan this code with your phone, or open the link on your other device, within ${minutes} minutes. It works once; your seat moves there and this tab lets go of it. Keep it to yourself: whoever opens it gets your seat.`,
      link: claimLink(got.claim),
      qrLabel: "QR code of the device link",
      copied: "Device link copied.",
      opener: button,
    });
    // the panel goes with the room, and as soon as the seat has moved (or is lost)
    const off = session.onStatus((st) => {
      if (st.kind !== "connected") {
        off();
        shut();
      }
    });
  }
  return { el: button, refresh };
}
