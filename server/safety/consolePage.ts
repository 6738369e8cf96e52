// The moderators' console page (`/mod`): plain HTML and one script from this origin (the
// hub's Content-Security-Policy allows no inline script). The token is typed once and kept in
// this tab's sessionStorage only; every call sends it as a bearer token.

export const CONSOLE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Moderators' console</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
header{background:#263045;color:#fff;padding:10px 16px;display:flex;gap:12px;align-items:center;flex-wrap:wrap}
header h1{font-size:18px;margin:0;flex:1}
main{display:grid;grid-template-columns:minmax(260px,1fr) 2fr;gap:16px;padding:16px}
@media (max-width:800px){main{grid-template-columns:1fr}}
section{background:#fff;border-radius:8px;padding:12px;box-shadow:0 1px 2px #0002}
h2{font-size:16px;margin:0 0 8px}
button{font:inherit;padding:6px 12px;border-radius:6px;border:1px solid #8893a8;background:#fff;cursor:pointer;min-height:36px}
button.primary{background:#2f5bd3;color:#fff;border-color:#2f5bd3}
button.danger{background:#b3261e;color:#fff;border-color:#b3261e}
ul{list-style:none;margin:0;padding:0}
li.report{padding:8px;border-bottom:1px solid #e3e6ec;cursor:pointer}
li.report:hover,li.report.on{background:#eef2fb}
.muted{color:#5d667a}.chat{background:#f7f8fa;border-radius:6px;padding:6px 8px;margin:6px 0;max-height:220px;overflow:auto}
pre{white-space:pre-wrap;word-break:break-word;max-height:240px;overflow:auto;background:#f7f8fa;padding:6px;border-radius:6px;font-size:12px}
.row{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin:6px 0}
input,select{font:inherit;padding:5px 8px;min-height:34px}
#status{min-height:1.4em}
</style></head>
<body>
<header><h1>Moderators' console</h1><span id="who" class="muted"></span>
<form id="login" class="row"><label>Token <input id="token" type="password" autocomplete="off" size="28"></label><button class="primary">Sign in</button></form>
<button id="logout" hidden>Sign out</button></header>
<p id="status" role="status" style="padding:0 16px"></p>
<main hidden id="app">
<section><h2>Reports <select id="filter"><option value="open">open</option><option value="upheld">upheld</option><option value="dismissed">dismissed</option><option value="all">all</option></select></h2><ul id="reports"></ul></section>
<section><h2>Evidence</h2><div id="detail" class="muted">Choose a report.</div></section>
<section style="grid-column:1/-1"><h2>Audit log</h2><ul id="audit"></ul></section>
</main>
<script src="/mod/console.js"></script>
</body></html>`;

export const CONSOLE_JS = `"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const say = (text) => { $("status").textContent = text; };
  let token = sessionStorage.getItem("modToken") || "";
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  const when = (t) => new Date(t).toLocaleString();
  async function api(path, body) {
    const res = await fetch("/api/mod" + path, { method: body ? "POST" : "GET", headers: { authorization: "Bearer " + token, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(data.message || ("The hub answered " + res.status));
    return data;
  }
  async function loadReports() {
    const { reports } = await api("/reports?status=" + $("filter").value);
    $("reports").innerHTML = reports.length ? reports.map((r) => '<li class="report" data-id="' + r.id + '"><b>#' + r.id + " " + esc(r.reason) + "</b>: " + esc(r.reportedName) + ' <span class="muted">reported by ' + esc(r.reporterName) + ", " + when(r.createdAt) + " (" + r.status + ")</span></li>").join("") : '<li class="muted">No reports here.</li>';
  }
  async function loadAudit() {
    const { entries } = await api("/audit");
    $("audit").innerHTML = entries.length ? entries.map((e) => "<li>" + when(e.at) + " <b>" + esc(e.moderator) + "</b> " + esc(e.action) + (e.profileId ? " profile " + esc(e.profileId) : "") + (e.reportId ? " report #" + e.reportId : "") + ' <span class="muted">' + esc(e.detail) + "</span></li>").join("") : '<li class="muted">Nothing done yet.</li>';
  }
  async function show(id) {
    const { report: r, upheldAgainst, sanctions } = await api("/reports/" + id);
    const e = r.evidence;
    const chat = e.chat.length ? e.chat.map((l) => "<div><b>" + esc(l.name) + ":</b> " + esc(l.text) + "</div>").join("") : '<div class="muted">No chat in the room.</div>';
    $("detail").innerHTML =
      "<p><b>#" + r.id + " " + esc(r.reason) + "</b> against <b>" + esc(r.reportedName) + "</b> (" + esc(r.reportedId) + "), by " + esc(r.reporterName) + ", " + when(r.createdAt) + ". Status: " + r.status + (r.resolvedBy ? " by " + esc(r.resolvedBy) : "") + "</p>" +
      (r.note ? "<p>Note: " + esc(r.note) + "</p>" : "") +
      "<p class=muted>" + esc(e.game) + " in room " + esc(e.roomId) + "; seats: " + e.seats.map(esc).join(", ") + ". Upheld reports against them: " + upheldAgainst + ". Active sanctions: " + (sanctions.map((s) => esc(s.kind) + " until " + when(s.until)).join(", ") || "none") + "</p>" +
      "<h3>Chat</h3><div class=chat>" + chat + "</div>" +
      (e.gameId ? '<p>Finished game: <a href="/#/replay/' + e.gameId + '" target="_blank" rel="noopener">its replay</a> (' + (e.log ? e.log.length : 0) + " moves)</p>" : "<h3>Table as spectators saw it</h3><pre>" + esc(JSON.stringify(e.publicView, null, 1)) + "</pre>") +
      '<div class="row"><button data-act="uphold" class="primary">Uphold</button><button data-act="dismiss">Dismiss</button></div>' +
      '<div class="row"><input id="reason" placeholder="Reason the player reads" size="30" value="' + esc(r.reason) + '"><label>for <input id="hours" type="number" min="1" value="24" style="width:6em"> hours</label></div>' +
      '<div class="row"><button data-act="warn">Warn</button><button data-act="mute">Mute from chat</button><button data-act="ban" class="danger">Ban from quick play</button></div>';
    $("detail").dataset.id = r.id;
    $("detail").dataset.profile = r.reportedId;
  }
  async function act(kind) {
    const d = $("detail");
    const id = Number(d.dataset.id);
    try {
      if (kind === "uphold" || kind === "dismiss") await api("/reports/" + id + "/resolve", { status: kind === "uphold" ? "upheld" : "dismissed" });
      else await api("/sanctions", { profileId: d.dataset.profile, kind, hours: Number($("hours").value), reason: $("reason").value, reportId: id });
      say("Done: " + kind + " (in the audit log).");
      await Promise.all([loadReports(), loadAudit(), show(id)]);
    } catch (err) { say(err.message); }
  }
  async function start() {
    try {
      await Promise.all([loadReports(), loadAudit()]);
      $("app").hidden = false; $("login").hidden = true; $("logout").hidden = false;
      say("Signed in.");
    } catch (err) { say(err.message); $("app").hidden = true; $("login").hidden = false; }
  }
  $("login").addEventListener("submit", (ev) => { ev.preventDefault(); token = $("token").value.trim(); sessionStorage.setItem("modToken", token); start(); });
  $("logout").addEventListener("click", () => { sessionStorage.removeItem("modToken"); token = ""; location.reload(); });
  $("filter").addEventListener("change", () => loadReports().catch((e) => say(e.message)));
  $("reports").addEventListener("click", (ev) => { const li = ev.target.closest("li[data-id]"); if (li) show(li.dataset.id).catch((e) => say(e.message)); });
  $("detail").addEventListener("click", (ev) => { const b = ev.target.closest("button[data-act]"); if (b) act(b.dataset.act); });
  if (token) start();
})();
`;
