/** The sandbox pages' stylesheet, served at /assets/sandbox.css. */
export const SANDBOX_CSS = `
:root {
  --bg: #f6f7fb; --surface: #fff; --text: #1d2433; --muted: #5f6b7a; --border: #dde2ea;
  --accent: #3b5bdb; --accent-dark: #2f4ac0; --ok: #2b8a3e; --warn: #b35c00; --bad: #c92a2a;
  --radius: 10px; --shadow: 0 1px 2px rgba(16, 24, 40, .06), 0 1px 3px rgba(16, 24, 40, .1);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  color: var(--text); background: var(--bg);
}
* { box-sizing: border-box; }
body { margin: 0; line-height: 1.5; }
a { color: var(--accent); }
.topbar { display: flex; align-items: baseline; gap: 1rem; flex-wrap: wrap; padding: .9rem 1.5rem;
  background: #1d2433; color: #fff; }
.brand { color: #fff; font-weight: 650; text-decoration: none; font-size: 1.05rem; }
.brand-mark { color: #91a7ff; }
.topbar-note { color: #aab4c3; font-size: .85rem; }
.content { max-width: 1080px; margin: 0 auto; padding: 1.5rem; }
.narrow { max-width: 520px; margin: 2rem auto; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
h3 { font-size: 1rem; margin: 0; }
.card { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius);
  box-shadow: var(--shadow); padding: 1.25rem; margin-bottom: 1rem; }
.layout { display: grid; grid-template-columns: minmax(260px, 320px) 1fr; gap: 1.25rem; align-items: start; }
@media (max-width: 800px) { .layout { grid-template-columns: 1fr; } }
.field { display: flex; flex-direction: column; gap: .3rem; margin-bottom: .8rem; }
.field label { font-weight: 600; font-size: .9rem; }
.hint { color: var(--muted); font-size: .82rem; margin: 0; }
.card > .hint { margin-bottom: .9rem; }
input[type=text], input[type=email], input[type=tel], textarea, select {
  font: inherit; padding: .5rem .65rem; border: 1px solid var(--border); border-radius: 8px; background: #fff; width: 100%; }
input:focus, textarea:focus, button:focus, a:focus { outline: 3px solid rgba(59, 91, 219, .35); outline-offset: 1px; }
textarea { min-height: 5.5rem; resize: vertical; }
.button { display: inline-flex; align-items: center; justify-content: center; gap: .4rem; font: inherit;
  font-weight: 600; padding: .55rem 1rem; border-radius: 8px; border: 1px solid var(--accent);
  background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; }
.button:hover { background: var(--accent-dark); }
.button.secondary { background: #fff; color: var(--text); border-color: var(--border); }
.button.danger { background: var(--bad); border-color: var(--bad); }
.button.block { width: 100%; }
.actions { display: flex; gap: .6rem; flex-wrap: wrap; margin-top: 1rem; }
.badge { display: inline-block; font-size: .75rem; font-weight: 650; padding: .1rem .5rem; border-radius: 999px;
  background: #edf0f7; color: var(--muted); text-transform: uppercase; letter-spacing: .02em; }
.badge.ok { background: #e6f4ea; color: var(--ok); }
.badge.warn { background: #fff4e5; color: var(--warn); }
.badge.bad { background: #fdecec; color: var(--bad); }
.badge.info { background: #e8edff; color: var(--accent-dark); }
.notice { padding: .75rem 1rem; border-radius: 8px; background: #e8edff; margin-bottom: 1rem; }
.notice.bad { background: #fdecec; color: var(--bad); }
.entries { list-style: none; margin: 0; padding: 0; }
.entry { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius);
  box-shadow: var(--shadow); padding: 1rem 1.1rem; margin-bottom: .9rem; }
.entry-head { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; justify-content: space-between; }
.entry-route { font-size: .88rem; color: var(--muted); overflow-wrap: anywhere; }
.entry-route strong { color: var(--text); font-weight: 600; }
.entry time { font-size: .8rem; color: var(--muted); white-space: nowrap; }
.entry-subject { margin: .5rem 0; }
.bubble { margin-top: .6rem; padding: .6rem .85rem; border-radius: 14px; background: #edf0f7; white-space: pre-wrap;
  overflow-wrap: anywhere; max-width: 44rem; }
.entry.inbound .bubble { background: #e6f4ea; }
.mail-frame { width: 100%; height: 340px; border: 1px solid var(--border); border-radius: 8px; background: #fff;
  margin-top: .5rem; }
pre.mail-text { white-space: pre-wrap; overflow-wrap: anywhere; background: #f8f9fc; padding: .75rem;
  border-radius: 8px; margin: .5rem 0 0; font-size: .85rem; }
details summary { cursor: pointer; color: var(--muted); font-size: .85rem; margin-top: .5rem; }
.empty { color: var(--muted); text-align: center; padding: 2rem; }
.live { font-size: .8rem; color: var(--muted); }
.live[data-state=open]::before { content: "● "; color: var(--ok); }
.live[data-state=closed]::before { content: "● "; color: var(--bad); }
.identity-list { list-style: none; padding: 0; margin: 0 0 1rem; display: grid; gap: .5rem; }
.identity { width: 100%; display: flex; align-items: center; gap: .8rem; text-align: left; font: inherit;
  padding: .7rem .9rem; border-radius: 10px; border: 1px solid var(--border); background: #fff; cursor: pointer; }
.identity:hover { border-color: var(--accent); background: #f5f7ff; }
.avatar { width: 2.2rem; height: 2.2rem; border-radius: 50%; display: grid; place-items: center; font-weight: 700;
  background: #e8edff; color: var(--accent-dark); flex: none; }
.identity-email { color: var(--muted); font-size: .85rem; }
.amount { font-size: 1.8rem; font-weight: 700; margin: .25rem 0 1rem; }
dl.facts { display: grid; grid-template-columns: auto 1fr; gap: .3rem 1rem; margin: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
dl.facts.stacked { grid-template-columns: 1fr; gap: .1rem; font-size: .85rem; }
dl.facts.stacked dt { color: var(--text); font-weight: 600; font-variant-numeric: tabular-nums; }
dl.facts.stacked dd { color: var(--muted); margin-bottom: .55rem; }
.checkbox { display: flex; gap: .5rem; align-items: center; margin-bottom: .8rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
