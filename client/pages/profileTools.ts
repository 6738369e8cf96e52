// The profile's own controls, on My games and on one's own profile page: its name, the links
// between the two pages, "Another device" (a single-use link and QR code that brings this
// profile to a phone or another browser) and "Forget me".
import { adoptProfile, api, forgetProfile, myName, renameProfile, type StoredProfile } from "../net/profile";
import { h } from "../ui/dom";
import { showLinkPanel } from "../ui/linkPanel";
import { toast } from "../ui/toast";
import { claimLink } from "../ui/deviceLink";

export function profileTools(me: StoredProfile, opts: { here: "games" | "profile" }): HTMLElement {
  // the one name this browser plays under (a rename still on its way to the hub included)
  const name = h("input", { type: "text", id: "profile-name", maxlength: 16, value: myName(), autocomplete: "nickname", "aria-label": "Your name" });
  const save = h("button", { type: "button", class: "small", id: "profile-rename" }, "Save name");
  save.addEventListener("click", () =>
    void renameProfile(name.value).then(
      (p) => {
        if (p) adoptProfile(p);
        toast("Name saved: your next games show it.");
      },
      (e) => toast(`Could not save the name: ${(e as Error).message}`, "error"),
    ),
  );
  const device = h("button", { type: "button", class: "secondary", id: "profile-device-btn" }, "Another device");
  device.title = "Use this profile on your phone or another browser too";
  device.addEventListener("click", async () => {
    try {
      const got = (await api("/api/claims", { method: "POST", body: "{}" })) as { claim: string; expiresAt: number };
      const minutes = Math.max(1, Math.round((got.expiresAt - Date.now()) / 60_000));
      showLinkPanel({
        id: "profile-link-panel",
        title: "Your profile on another device",
        text: `Scan this code with your phone, or open the link on your other device, within ${minutes} minutes. It works once; that device then plays as ${myName()}, with your games and ratings, and so does this one. Keep it to yourself.`,
        link: claimLink(got.claim),
        qrLabel: "QR code of the profile link",
        copied: "Profile link copied.",
        opener: device,
      });
    } catch (e) {
      toast(`Could not make a device link: ${(e as Error).message}`, "error");
    }
  });
  const forget = h("button", { type: "button", class: "danger", id: "profile-forget-btn" }, "Forget me");
  forget.addEventListener("click", async () => {
    const sure = window.confirm(
      `Forget ${myName()}? Your profile, your ratings and every game only you played are deleted from this hub, on every device. In games with others your seat becomes "Forgotten player". This cannot be undone.`,
    );
    if (!sure) return;
    try {
      const gone = await forgetProfile();
      toast(`Forgotten: ${gone.deletedGames} game${gone.deletedGames === 1 ? "" : "s"} deleted. A new profile is made the next time you open the hub.`);
      location.hash = "#/";
    } catch (e) {
      toast(`Could not forget the profile: ${(e as Error).message}`, "error");
    }
  });
  return h(
    "section",
    { class: "card profile-tools", id: "profile-tools", "aria-label": "Your profile" },
    h("div", { class: "profile-name-row" }, h("label", { for: "profile-name" }, "Playing as"), name, save),
    h(
      "div",
      { class: "notice-actions" },
      opts.here === "games" ? h("a", { class: "button-link", href: `#/profile/${me.id}`, id: "profile-page-link" }, "Profile & ratings") : h("a", { class: "button-link", href: "#/me", id: "my-games-link" }, "My games"),
      device,
      forget,
    ),
    h("p", { class: "profile-note" }, "No account, no e-mail: this browser holds your profile's key. Another device gets its own key to the same profile."),
  );
}
