/** The demo pages' style sheet; inlined and allowed by its hash, so the pages need no `'unsafe-inline'`. */
export const demoCss = `
:root { color-scheme: light dark; --fg: #1d2430; --muted: #5b6473; --bg: #f5f6f8; --card: #fff; --line: #dde1e7;
  --brand: #3451b2; --brand-fg: #fff; --code: #eef0f4; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6e8ec; --muted: #a1a8b5; --bg: #14171c; --card: #1d2128; --line: #2f3540; --brand: #8ea2f2;
    --brand-fg: #10131a; --code: #262b34; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.5;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header, main, footer { max-width: 46rem; margin: 0 auto; padding: 0 1rem; }
header { display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; align-items: baseline; padding-top: 1.25rem; }
header .brand { font-weight: 700; font-size: 1.15rem; color: var(--fg); text-decoration: none; }
nav { display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
a { color: var(--brand); }
h1 { font-size: 1.6rem; margin: 1.25rem 0 .5rem; }
h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem 1.25rem;
  margin: 1rem 0; overflow-wrap: anywhere; }
.muted { color: var(--muted); }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: .75rem 0 0; }
.button { display: inline-block; padding: .5rem .9rem; border-radius: .5rem; border: 1px solid var(--brand);
  color: var(--brand); text-decoration: none; font-weight: 600; }
.button.primary { background: var(--brand); color: var(--brand-fg); }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .4rem .5rem .4rem 0; border-bottom: 1px solid var(--line); vertical-align: top; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .875rem; }
code { background: var(--code); padding: .05rem .3rem; border-radius: .25rem; }
pre { background: var(--code); padding: .75rem; border-radius: .5rem; overflow-x: auto; margin: .5rem 0 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; }
dt { color: var(--muted); }
dd { margin: 0; }
footer { padding-bottom: 2rem; font-size: .875rem; }
@media (max-width: 30rem) {
  thead { display: none; }
  tr { display: block; padding: .5rem 0; border-bottom: 1px solid var(--line); }
  td { display: block; border: 0; padding: 0; }
  td::before { content: attr(data-label) ": "; color: var(--muted); }
}
`
