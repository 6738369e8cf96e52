// "What should the others call you?" — asked once before joining someone's game by an
// invite link, so nobody sits at a friend's table as "Player".
import { renameProfile } from "../net/profile";
import { cleanName, saveName } from "../net/storage";
import { h } from "./dom";

/**
 * A full-page form; `join` runs with the chosen (remembered) name, `cancel` goes back, `watch`
 * (when given) watches the game without a seat. `game`: its name, when the room was looked up.
 */
export function namePrompt(roomId: string, join: () => void, cancel: () => void, game?: string, watch?: () => void): HTMLElement {
  const input = h("input", {
    type: "text",
    id: "invite-name",
    name: "name",
    maxlength: 16,
    autocomplete: "nickname",
    spellcheck: "false",
    placeholder: "Your name",
    "aria-describedby": "invite-name-hint",
  });
  const hint = h("p", { id: "invite-name-hint", class: "field-hint" }, "1 to 16 characters. The other players see it next to your seat.");
  const go = h("button", { type: "submit", class: "primary", id: "invite-join" }, "Join the game");
  const back = h("button", { type: "button", class: "secondary" }, "Cancel");
  back.addEventListener("click", cancel);
  const look = watch ? h("button", { type: "button", class: "secondary", id: "invite-watch" }, "Just watch") : null;
  look?.addEventListener("click", watch!);
  const form = h(
    "form",
    { class: "notice name-prompt", "aria-labelledby": "invite-h", novalidate: true },
    h("h2", { id: "invite-h" }, game ? `You're invited to ${game}` : `You're invited to room ${roomId}`),
    game ? h("p", { class: "field-hint" }, `A seat is open for you in room ${roomId}.`) : null,
    h("label", { for: "invite-name" }, "What should the others call you?"),
    input,
    hint,
    h("div", { class: "notice-actions" }, go, look, back),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = cleanName(input.value);
    if (!name) {
      hint.textContent = "Type a name first (1 to 16 characters): it is how the others will know you.";
      hint.classList.add("error");
      input.focus();
      return;
    }
    saveName(name);
    // The profile (My games, ratings) takes the name too, not only this room's seat.
    void renameProfile(name).catch(() => undefined);
    join();
  });
  queueMicrotask(() => input.focus());
  return h("section", { class: "message-page", id: "name-prompt" }, form);
}
