// "Spectator delay" when creating a private room: spectators see the table 15 or 60 seconds
// late (streams, tournaments: nobody can ghost the players). The server's choices are in
// server/rooms/game/spectatorDelay.ts; players are never delayed.
import { h } from "../ui/dom";
import { field } from "./ui";

const CHOICES = [
  { value: 0, label: "Off (live)" },
  { value: 15, label: "15 s" },
  { value: 60, label: "60 s" },
];

export function spectatorDelayField(id: string): { el: HTMLElement; seconds(): number } {
  const select = h("select", { id, name: "spectatorDelay" });
  for (const c of CHOICES) select.append(h("option", { value: c.value }, c.label));
  return {
    el: field("Spectator delay (private room)", select, "For a private room: people watching it see the table 15 or 60 s late, so nobody watching can help a player as it happens (streams, tournaments). Players are never delayed."),
    seconds: () => Number(select.value) || 0,
  };
}
