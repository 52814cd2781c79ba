/**
 * The one style sheet of the platform's server-rendered pages, served at a content-hashed address
 * (`page-stylesheet-routes.ts`, decision 103) that every page links: no build step, and no `style`
 * attributes (the CSP allows none).
 */
export const pageStyles = /* css */ `
:root {
  color-scheme: light;
  --text: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa; --accent: #0969da;
  --accent-text: #ffffff; --danger: #cf222e; --ok: #1a7f37; --warn-bg: #fff8c5; --ok-bg: #dafbe1;
  --danger-bg: #ffebe9; --radius: 6px;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 15px; line-height: 1.45;
}
* { box-sizing: border-box; }
body { margin: 0; color: var(--text); background: #fff; }
a { color: var(--accent); }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.75rem 0 0.75rem; }
h3 { font-size: 1rem; margin: 1rem 0 0.5rem; }
p { margin: 0.5rem 0; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: #fff; padding: 0.5rem; z-index: 2; }
.topbar { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1.5rem; padding: 0.6rem 1.5rem; background: #24292f; color: #fff; }
.topbar a { color: #fff; text-decoration: none; }
.topbar .brand { font-weight: 600; min-width: 0; overflow-wrap: anywhere; }
.topbar .account { margin-left: auto; display: flex; align-items: center; gap: 0.75rem; color: #d1d9e0; }
.topbar .account button { background: transparent; color: #fff; border-color: #6e7781; }
main { padding: 1.25rem 1.5rem 3rem; max-width: 1200px; }
/* The dashboard: its menu by task (a <details>, opened by its button on a phone), then the page. */
.shell { display: grid; grid-template-columns: minmax(0, 1fr); }
.nav-menu { border-bottom: 1px solid var(--line); background: var(--soft); }
.nav-menu > summary { display: flex; align-items: center; gap: 0.75rem; padding: 0.5rem 1rem; cursor: pointer; list-style: none; }
.nav-menu > summary::-webkit-details-marker { display: none; }
.menu-button { display: inline-flex; align-items: center; gap: 0.4rem; font-weight: 600; padding: 0.3rem 0.8rem; border: 1px solid var(--line); border-radius: var(--radius); background: #fff; }
.menu-button::before { content: "☰"; }
.nav-menu[open] .menu-button::before { content: "✕"; }
.menu-place { color: var(--muted); }
.nav-groups, .nav-groups ul { list-style: none; margin: 0; padding: 0; }
.nav-groups { padding: 0.25rem 0.75rem 0.75rem; }
.nav-groups > li { margin: 0.15rem 0; }
.nav-groups ul { margin: 0 0 0.35rem; }
.nav-groups a { display: block; padding: 0.35rem 0.6rem; border-radius: var(--radius); color: var(--text); text-decoration: none; }
.nav-groups ul a { padding-left: 1.25rem; }
.nav-groups a:hover { background: #eaeef2; }
.nav-groups a[aria-current="page"] { background: #ddf4ff; color: #0550ae; font-weight: 600; box-shadow: inset 3px 0 0 var(--accent); }
.nav-heading { display: block; padding: 0.6rem 0.6rem 0.2rem; font-size: 0.8rem; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); }
/* A laptop: the menu is a column always shown beside the page (the <details> content shown though closed). */
@media (min-width: 900px) {
  body:has(> .shell) { display: flex; flex-direction: column; min-height: 100vh; }
  .shell { grid-template-columns: 13.5rem minmax(0, 1fr); flex: 1; }
  .nav-menu { border-bottom: 0; border-right: 1px solid var(--line); }
  .nav-menu::details-content { content-visibility: visible; display: block; }
  @supports selector(::details-content) { .nav-menu > summary { display: none; } }
  .nav-menu > nav { position: sticky; top: 0; max-height: 100vh; overflow-y: auto; }
  .nav-groups { padding-top: 0.75rem; }
  /* Closer rows than the phone's, so all 22 places fit a laptop's 844 px beside the header (Webhooks and
     Single sign-on were below the menu's own scroll, the current one out of sight). */
  .nav-groups > li { margin: 0; }
  .nav-groups ul { margin: 0; }
  .nav-groups a { padding-top: 0.2rem; padding-bottom: 0.2rem; line-height: 1.35; }
  .nav-heading { padding: 0.5rem 0.6rem 0.1rem; line-height: 1.3; }
}
/* A shop's hosted pages (decision 087): its header in its colour, its logo and name, and the way back to it. */
.shop-frame { background: var(--brand, #24292f); color: #fff; }
.shop-frame-inner { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.4rem 1rem; max-width: 1200px; margin: 0 auto; padding: 0.6rem 1.25rem; }
.shop-frame-name { display: inline-flex; align-items: center; gap: 0.6rem; font-weight: 600; font-size: 1.1rem; min-width: 0; overflow-wrap: anywhere; }
.shop-frame-logo { max-height: 40px; max-width: 160px; width: auto; height: auto; background: #fff; border-radius: 4px; padding: 2px; }
.shop-frame a.shop-frame-back { color: #fff; text-decoration: underline; text-underline-offset: 3px; }
.shop-frame + .narrow, .shop-frame + main .narrow { margin-top: 2rem; }
/* The shop details' current icon and logo: 48 px high whatever their own size (an SVG has none). */
.shop-icon-current img { height: 48px; width: auto; max-width: 100%; vertical-align: middle; }
.narrow { width: calc(100% - 2rem); max-width: 420px; margin: 4rem auto; padding: 1.5rem; border: 1px solid var(--line); border-radius: var(--radius); }
/* A narrow page's one column of fields: each as wide as the column, on a phone as on a laptop. */
.narrow .field > input:not([type="checkbox"]):not([type="radio"]), .narrow .field > select { width: 100%; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
.field { margin-bottom: 0.9rem; }
.hint { color: var(--muted); font-size: 0.875rem; font-weight: 400; }
input[type="text"], input[type="email"], input[type="password"], input[type="number"], input[type="search"],
input[type="url"], input[type="tel"], input[type="date"], input[type="datetime-local"], input:not([type]), select, textarea {
  font: inherit; padding: 0.35rem 0.5rem; border: 1px solid var(--line); border-radius: var(--radius);
  background: #fff; color: inherit; max-width: 100%;
}
textarea { width: 100%; min-height: 5rem; }
.wide { width: 100%; }
input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"] { border-color: var(--danger); }
.error-text { color: var(--danger); font-size: 0.875rem; margin-top: 0.2rem; }
.check { display: flex; align-items: center; gap: 0.4rem; font-weight: 400; }
button, .button {
  font: inherit; display: inline-block; padding: 0.35rem 0.9rem; border: 1px solid var(--line); border-radius: var(--radius);
  background: var(--soft); color: var(--text); cursor: pointer; text-decoration: none;
}
button.primary, .button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-text); }
button.danger { color: var(--danger); }
.actions { display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; margin: 1rem 0; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 0 1.25rem; }
@media (min-width: 720px) { .grid > .field.wide { grid-column: span 2; } }
/* The bookings pages: services as cards, days and free times as a grid of tappable chips (decision 069). */
.bookings-page { max-width: 720px; margin: 0 auto; }
.choices { list-style: none; margin: 0.5rem 0 1rem; padding: 0; display: grid; gap: 0.75rem; }
.choices > li { border: 1px solid var(--line); border-radius: var(--radius); padding: 0.75rem 1rem; }
.choices > li > a { font-size: 1.05rem; }
.service-picture { float: right; width: 96px; height: 96px; object-fit: cover; border-radius: var(--radius); margin: 0 0 0.5rem 0.75rem; }
.choices > li::after { content: ''; display: block; clear: both; }
.choices.inline { display: grid; grid-template-columns: repeat(auto-fill, minmax(6.5rem, 1fr)); gap: 0.5rem; }
.choices.inline > li { border: 0; padding: 0; }
.choices.inline button { width: 100%; min-height: 44px; background: #fff; font-variant-numeric: tabular-nums; }
.choices.inline a { display: flex; align-items: center; justify-content: center; min-height: 44px; padding: 0.4rem 0.5rem;
  border: 1px solid var(--line); border-radius: var(--radius); text-align: center; text-decoration: none;
  font-size: 0.95rem; font-variant-numeric: tabular-nums; background: #fff; }
.choices.inline a:hover, .choices.inline a:focus-visible { border-color: var(--accent); background: var(--soft); }
.choices.inline a[aria-current] { background: var(--accent); border-color: var(--accent); color: var(--accent-text); font-weight: 600; }
.choices.inline a:has(.places), .choices.inline .full { flex-direction: column; text-align: center; }
.choices.inline .places { font-size: 0.8rem; }
.choices.inline .full { display: flex; align-items: center; justify-content: center; min-height: 44px; padding: 0.4rem 0.5rem;
  border: 1px dashed var(--line); border-radius: var(--radius); color: var(--muted); }
fieldset { border: 1px solid var(--line); border-radius: var(--radius); margin: 0 0 1rem; padding: 0.75rem 1rem; }
/* Shipping setup (decision 099): countries as a summary with a ticked list behind "Change", options as
   lines that open to their fields, "Add" opening one empty block; all <details>, no script. */
summary.button { list-style: none; margin: 0.25rem 0; }
summary.button::-webkit-details-marker { display: none; }
.destination-summary { margin: 0 0 0.5rem; }
.country-shortcuts { margin: 0.75rem 0 0.5rem; }
.country-filter { width: 100%; margin: 0.25rem 0 0.5rem; }
.country-list { max-height: 18rem; overflow-y: auto; columns: 14rem; column-gap: 1.25rem; }
.country-list .check { break-inside: avoid; padding: 0.15rem 0; }
.country-list hr { column-span: all; border: 0; border-top: 1px solid var(--line); }
.narrowed, .slot { margin: 0.75rem 0 0.25rem; }
.narrowed > summary, .slot > summary { cursor: pointer; color: var(--accent); }
.option-card { border: 1px solid var(--line); border-radius: var(--radius); margin: 0 0 0.75rem; padding: 0.6rem 1rem; }
.option-card > summary { cursor: pointer; }
.option-card.new-option { border-style: dashed; }
.option-card.new-option:not([open]) { border: 0; padding: 0; }
.option-card[open] > summary { margin-bottom: 0.75rem; }
.tier-row { display: grid; grid-template-columns: repeat(2, minmax(0, 11rem)); gap: 0 1rem; }
.tier-row .field { margin-bottom: 0.4rem; }
.tier-row input { width: 100%; }
/* The tiers read as a table: the labels shown once, above the first row (kept for screen readers). */
.tier-row + .tier-row label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* Only the price fields of the chosen way of pricing; a browser without :has() shows both. */
.option-fields:has(select[name$="-rateType"] option[value="FLAT"]:checked) .tiers { display: none; }
.option-fields:has(select[name$="-rateType"] option[value="WEIGHT_TIERS"]:checked) .flat-price { display: none; }
.option-fields:has(select[name$="-valueType"] option[value="FLAT"]:checked) .fee-percent { display: none; }
.option-fields:has(select[name$="-valueType"] option[value="PERCENTAGE"]:checked) .fee-amount { display: none; }
legend { font-weight: 600; padding: 0 0.3rem; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; }
th, td { text-align: left; padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: middle; }
th { background: var(--soft); font-weight: 600; }
td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
td input[type="number"] { width: 7rem; }
td input[type="text"] { width: 9rem; }
.filters { display: flex; gap: 0.75rem; align-items: end; flex-wrap: wrap; margin-bottom: 1rem; }
.filters .field { margin: 0; }
.notice, .problem, .warning { padding: 0.6rem 0.9rem; border-radius: var(--radius); margin: 0 0 1rem; }
.notice { background: var(--ok-bg); border: 1px solid #aceebb; }
.problem { background: var(--danger-bg); border: 1px solid #ffcecb; }
.warning { background: var(--warn-bg); border: 1px solid #eed888; }
.test-mode-banner { margin: 0; border-radius: 0; border-width: 0 0 1px; text-align: center; }
.problem ul { margin: 0.25rem 0 0; padding-left: 1.25rem; }
.badge { display: inline-block; white-space: nowrap; font-size: 0.8rem; padding: 0 0.45rem; border-radius: 999px; border: 1px solid var(--line); color: var(--muted); }
.badge.ok { color: var(--ok); border-color: #aceebb; }
.badge.off { color: var(--danger); border-color: #ffcecb; }
.muted { color: var(--muted); }
.badge.waiting { color: #7d4e00; border-color: #eed888; background: var(--warn-bg); }
/* The bookings desk (decision 074): a week is seven columns on a wide screen, days one under another on a phone. */
.calendar-nav { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0 0 1rem; }
.calendar-jump { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
.calendar-week { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.75rem; }
@media (min-width: 1100px) { .calendar-week { grid-template-columns: repeat(7, minmax(0, 1fr)); gap: 0.5rem; } }
.calendar-column { border: 1px solid var(--line); border-radius: var(--radius); padding: 0.5rem; min-width: 0; }
.calendar-column h2 { font-size: 0.95rem; margin: 0 0 0.5rem; }
.calendar-column h2[aria-current] { color: var(--accent); }
.calendar-entries { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.4rem; }
.calendar-entry { border-left: 3px solid var(--accent); background: var(--soft); border-radius: var(--radius); padding: 0.35rem 0.5rem; overflow-wrap: anywhere; }
.calendar-entry a { display: block; text-decoration: none; color: inherit; min-height: 2.75rem; }
.calendar-entry.cancelled { border-left-color: var(--line); opacity: 0.75; }
.calendar-entry.cancelled strong { text-decoration: line-through; }
.calendar-time { font-variant-numeric: tabular-nums; color: var(--muted); font-size: 0.875rem; }
.calendar-who, .calendar-places { display: block; font-size: 0.875rem; color: var(--muted); }
.calendar-none { margin: 0; font-size: 0.875rem; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.35rem 1rem; margin: 0; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.slot-choices { display: grid; grid-template-columns: repeat(auto-fill, minmax(6rem, 1fr)); gap: 0.5rem; }
.slot-choices .check { min-height: 44px; border: 1px solid var(--line); border-radius: var(--radius); padding: 0 0.5rem; }
/* The dashboard kit (dashboard/kit/): a page's header, its sections, an empty list. */
.page-header { display: flex; flex-wrap: wrap; align-items: flex-start; justify-content: space-between; gap: 0.5rem 1rem; margin: 0 0 1rem; }
.page-header h1 { margin: 0; }
/* The heading's words give way to the actions: a long description no longer pushes New service under it. */
.page-header > div:first-child { flex: 1 1 24rem; min-width: 0; }
.page-actions { flex: none; }
.page-header p { margin: 0.25rem 0 0; }
.page-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.page-section { margin: 1.75rem 0 0; }
/* A column of tick boxes is as wide as its box at every width (a short list's took a sixth of a laptop's table). */
main table tr > :first-child:has(> input[type="checkbox"]) { width: 2.25rem; }
.section-header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; margin: 0 0 0.75rem; }
.section-header h2 { margin: 0; }
.empty-state { border: 1px dashed var(--line); border-radius: var(--radius); padding: 1.25rem 1rem; text-align: center; color: var(--muted); margin: 0.5rem 0 1rem; }
.empty-state p { margin: 0 0 0.5rem; }
.line-notes { list-style: none; padding: 0; margin: 0.25rem 0 0; font-size: 0.875rem; }
.pager { display: flex; gap: 1rem; align-items: center; margin: 1rem 0; }
/* The dashboard's lists: a product's picture beside its name, the bulk actions on ticked rows, the question
   before a deletion (ConfirmDialog, an open <dialog> the server draws). */
.named-thumb { display: flex; align-items: center; gap: 0.6rem; min-width: 12rem; }
.thumb { flex: none; display: inline-block; width: 40px; height: 40px; object-fit: cover; border: 1px solid var(--line); border-radius: 6px; background: var(--soft); }
/* A moment in a list ("2 Dec 2026, 15:11 UTC") on one line: on a phone its table scrolls instead. */
td.when { white-space: nowrap; }
/* A span of time in a list (spanColumn): its day and its hours each on one line, the break between them. */
time.span > span { white-space: nowrap; }
/* A DataTable's own box: a list wider than the page scrolls inside it instead of widening the page. Its
   row headings (rowHeaders: an order's number, a product) read as the row's name, not as a heading row. */
.table-box { overflow-x: auto; max-width: 100%; position: relative; }
.table-box tbody th[scope="row"] { background: transparent; font-weight: inherit; }
/* A line in a table (the order page's, the packing slip's) keeps room for its name and options on a phone. */
.table-box .line-summary { min-width: 11rem; }
/* The ship and refund forms' rows: "[ 1 ] of 1" on one line. */
.line-quantities td.number { white-space: nowrap; }
.line-quantities label { font-weight: 400; }
.bulk-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; padding: 0.5rem 0.75rem; }
.bulk-actions legend { font-size: 0.9rem; }
.bulk-collection { display: inline-flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; max-width: 100%; }
.bulk-collection select { max-width: 12rem; }
.confirm-dialog { position: static; display: block; width: auto; max-width: 40rem; margin: 0 0 1rem; padding: 1rem 1.25rem; border: 2px solid var(--danger); border-radius: var(--radius); background: #fff; color: inherit; }
.confirm-dialog h2 { margin-top: 0; }
.thumbs { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; padding: 0; margin: 0.5rem 0; }
.thumbs li { width: 150px; }
.thumbs img { width: 150px; height: 150px; object-fit: cover; border: 1px solid var(--line); border-radius: var(--radius); background: var(--soft); }
.secret { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--soft); padding: 0.6rem; border-radius: var(--radius); word-break: break-all; user-select: all; }
.progress-steps > :not(:last-child) { display: none; }
progress { width: 100%; max-width: 480px; height: 1.1rem; }
.inline { display: inline; }
.cols { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); gap: 1.5rem; }
/* minmax(0, …) on one column too: a 1fr column is as wide as its widest table or word, past a phone's screen. */
@media (max-width: 800px) { .cols { grid-template-columns: minmax(0, 1fr); } }
.checkout-header { display: flex; justify-content: space-between; align-items: center; gap: 1rem; padding: 0.9rem max(1.5rem, calc((100% - 1080px) / 2 + 1.5rem)); border-bottom: 1px solid var(--line); }
.checkout-header .shop-name { font-size: 1.1rem; }
main.checkout { margin: 0 auto; max-width: 1080px; }
.checkout-cols { display: grid; grid-template-columns: minmax(0, 1fr) 340px; gap: 2rem; align-items: start; }
.summary-side { position: sticky; top: 1rem; background: var(--soft); border: 1px solid var(--line); border-radius: var(--radius); padding: 0.25rem 1rem 0.75rem; }
.summary-side h2 { margin-top: 0.75rem; }
.summary-fold { display: none; }
.summary-table th { background: transparent; font-weight: 400; }
.line-summary { display: flex; gap: 0.6rem; align-items: flex-start; }
.line-thumbnail { flex: none; object-fit: cover; border-radius: 4px; border: 1px solid var(--line); background: #fff; }
.line-words { display: flex; flex-direction: column; min-width: 0; }
.line-details { color: var(--muted); overflow-wrap: anywhere; }
.line-list { list-style: none; margin: 0; padding: 0; }
.line-list li { display: flex; gap: 0.4rem; align-items: center; margin: 0.2rem 0; }
.summary-table .total-row th, .summary-table .total-row td { font-size: 1.1rem; font-weight: 600; border-bottom: 0; }
main.checkout select, main.checkout .wide { width: 100%; }
.option { display: flex; align-items: flex-start; gap: 0.6rem; padding: 0.6rem 0.75rem; border: 1px solid var(--line); border-radius: var(--radius); margin-bottom: 0.5rem; }
.option input { margin-top: 0.2rem; }
.option .option-title { flex: 1; }
.hint.block, .option-title .block { display: block; }
.address-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 0 0.75rem; }
.place-actions > span:first-child { flex: 1; }
button.place { width: 100%; padding: 0.7rem; font-size: 1.05rem; }
.small { font-size: 0.875rem; }
.js .no-js-only { display: none; }
.next-steps { padding-left: 1.25rem; }
.next-steps li { margin-bottom: 0.35rem; }
address { font-style: normal; }
main.provider { max-width: 440px; }
@media (max-width: 800px) {
  .checkout-cols { grid-template-columns: minmax(0, 1fr); gap: 0; }
  main.checkout { padding: 0.75rem 0.9rem 2rem; }
  .checkout:not(.confirmation) .summary-side { display: none; }
  .confirmation .summary-side { position: static; }
  .summary-fold { display: block; border: 1px solid var(--line); border-radius: var(--radius); padding: 0.6rem 0.9rem; margin-bottom: 1rem; background: var(--soft); }
  .summary-fold summary { display: flex; justify-content: space-between; gap: 1rem; cursor: pointer; }
  .address-grid { grid-template-columns: 1fr 1fr; }
  fieldset { padding: 0.6rem 0.75rem; }
}
.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 0.75rem; margin: 0 0 1rem; }
.figure { border: 1px solid var(--line); border-radius: var(--radius); padding: 0.6rem 0.8rem; }
.figure-value { font-size: 1.4rem; font-weight: 600; font-variant-numeric: tabular-nums; }
.scroll { overflow-x: auto; }
/* A table whose rows stack on a phone: each row a card, each cell a line under its column's name. */
@media (max-width: 600px) {
  table.stacked-rows thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  table.stacked-rows, table.stacked-rows tbody, table.stacked-rows tr, table.stacked-rows td, table.stacked-rows tbody th { display: block; width: 100%; }
  table.stacked-rows tr { border: 1px solid var(--line); border-radius: var(--radius); padding: 0.35rem 0.75rem; margin: 0 0 0.75rem; }
  table.stacked-rows td, table.stacked-rows tbody th { border: 0; padding: 0.3rem 0; overflow-wrap: anywhere; text-align: left; }
  table.stacked-rows td[data-label]::before { content: attr(data-label); display: block; color: var(--muted); font-size: 0.8rem; font-weight: 400; }
}
/* The chart keeps legible labels on a phone: it scrolls sideways rather than shrinking its text, and opens
   at its right end, so today and the days before it show first. */
.chart { margin: 0 0 1rem; overflow-x: auto; direction: rtl; }
.chart > * { direction: ltr; }
.chart svg { min-width: 520px; }
.badges { display: inline-flex; flex-wrap: wrap; gap: 0.25rem; }
.timeline { list-style: none; padding: 0; margin: 0; border-left: 2px solid var(--line); }
.timeline li { margin: 0 0 0.75rem; padding-left: 0.75rem; }
.timeline time { display: block; font-size: 0.8rem; color: var(--muted); }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.25rem 1rem; margin: 0 0 1rem; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.contents { display: contents; }
/* The shop details page's mail preview; its two colours come from the page's own nonce'd style. */
.mail-preview { max-width: 420px; margin: 0 0 1.25rem; border: 1px solid var(--line); border-radius: var(--radius); overflow: hidden; background: var(--soft); }
.mail-preview-header { color: #fff; padding: 0.75rem 1rem; font-size: 1.1rem; font-weight: 600; }
.mail-preview-body { padding: 0.75rem 1rem; background: #fff; }
.mail-preview-body p { margin: 0 0 0.75rem; }
.mail-preview-button { display: inline-block; color: #fff; padding: 0.45rem 0.9rem; border-radius: var(--radius); }
.mail-preview figcaption { padding: 0.4rem 1rem; }
/* The product editor: one form of cards, a save bar at its end that stays in view (decision 080). */
[hidden] { display: none !important; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 0.9rem 1.1rem 1rem; margin: 0 0 1rem; background: #fff; box-shadow: 0 1px 2px rgba(31, 35, 40, 0.05); }
.card > h2 { margin: 0 0 0.75rem; font-size: 1.05rem; }
/* A kit section drawn inside a card (the product editor's Files buyers download) starts at the card's top. */
.card > .page-section:first-child { margin-top: 0; }
.card .field > input:not([type="checkbox"]):not([type="color"]), .card .field > select, .card .field > textarea { width: 100%; }
.editor-head { margin: 0 0 1rem; }
.editor-head h1 { margin: 0; }
.editor-head p { margin: 0.15rem 0 0; }
.save-bar { position: sticky; bottom: 0; z-index: 2; display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 0.75rem; background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 0.6rem 0.9rem; margin: 0 0 1rem; box-shadow: 0 -2px 10px rgba(31, 35, 40, 0.12); }
.save-bar .save-state { margin: 0; flex: 1 1 8rem; font-weight: 600; }
.save-bar .button { margin-left: auto; }
.save-bar .upload-state:empty { display: none; }
.js .save-bar:not([data-unsaved]) { display: none; }
.picture-grid th, .picture-grid td { text-align: center; padding: 0.3rem 0.4rem; }
.picture-grid th[scope="row"] { text-align: left; white-space: nowrap; }
.picture-grid thead img { width: 40px; height: 40px; object-fit: cover; border-radius: 4px; display: block; margin: 0 auto; }
.picture-grid input[type="checkbox"] { width: 1.25rem; height: 1.25rem; }
.swatch { width: 1rem; height: 1rem; vertical-align: -0.15rem; margin-right: 0.4rem; }
.variant-fill { display: flex; flex-wrap: wrap; align-items: end; gap: 0 0.75rem; border: 1px solid var(--line); border-radius: var(--radius); padding: 0.4rem 0.75rem 0; margin: 0 0 0.75rem; }
.variant-fill .field { flex: 0 1 14rem; }
.variant-fill button { margin-bottom: 0.9rem; }
.variant-fill .hint { flex-basis: 100%; margin: 0 0 0.6rem; }
.variant-table input:not([type="checkbox"]) { min-width: 5.5rem; }
.variant-table th[scope="row"] { min-width: 8.5rem; }
/* On a phone the bar's words take a line, its two buttons the next. */
@media (max-width: 600px) { .save-bar .save-state { flex-basis: 100%; } }
/* The product editor's columns: the details and below them pictures and options on the left, price, stock
   and publishing beside both; the markup is in a phone's order (details, price and stock, pictures). The
   second row takes what the side column needs beyond the first, so no gap opens under the details. */
.editor-cols { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); grid-template-rows: auto 1fr; gap: 0 1.25rem; align-items: start; }
.editor-lead { grid-column: 1; grid-row: 1; }
.editor-side { grid-column: 2; grid-row: 1 / span 2; }
.editor-rest { grid-column: 1; grid-row: 2; }
.pair { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 0 0.9rem; }
.row-label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.option-row { background: var(--soft); padding: 0.6rem 0.9rem 0.75rem; }
.option-head { display: flex; flex-wrap: wrap; gap: 0 0.9rem; align-items: end; }
.option-head .field { flex: 1 1 150px; }
.option-head button { margin-bottom: 0.9rem; }
.choice-rows { list-style: none; margin: 0 0 0.6rem; padding: 0; }
.choice-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 0.75rem; padding: 0.45rem 0; border-top: 1px solid var(--line); }
.choice-row .field { margin: 0; }
.choice-name { flex: 1 1 150px; }
.choice-name input { width: 100%; }
input[type="color"] { width: 2.6rem; height: 2.1rem; padding: 0.15rem; border: 1px solid var(--line); border-radius: var(--radius); background: #fff; cursor: pointer; }
.js .option-row[data-type="drop_down"] .colour-field { display: none; }
button.small, .button.small { font-size: 0.85rem; padding: 0.2rem 0.65rem; }
.image-list { list-style: none; padding: 0; margin: 0 0 0.75rem; display: grid; grid-template-columns: repeat(auto-fill, minmax(118px, 1fr)); gap: 0.75rem; }
.image-item { border: 1px solid var(--line); border-radius: var(--radius); padding: 0.4rem; background: #fff; }
.image-item[draggable="true"] { cursor: grab; }
.image-item:first-child { border-color: var(--accent); box-shadow: 0 0 0 1px var(--accent); }
.image-item img { width: 100%; aspect-ratio: 1; object-fit: cover; border-radius: 4px; background: var(--soft); display: block; }
.image-controls { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.3rem; margin-top: 0.35rem; }
.image-controls input.position { width: 3.6rem; }
.image-controls .check { margin: 0; }
.image-item.dragging { opacity: 0.45; }
.image-item.removed img { opacity: 0.3; }
.image-item.failed { border-color: var(--danger); color: var(--danger); }
.image-item progress { width: 100%; height: 0.6rem; margin-top: 0.3rem; }
.image-item [data-upload-note] { word-break: break-all; margin-top: 0.3rem; }
.dropzone { border: 2px dashed var(--line); border-radius: 8px; padding: 0.9rem 1rem; background: var(--soft); }
.dropzone.over { border-color: var(--accent); background: #ddf4ff; }
fieldset.plain { border: 0; padding: 0; margin: 0.75rem 0 0; }
fieldset.plain legend { padding: 0; margin-bottom: 0.3rem; }
.converted h3 { font-size: 0.95rem; margin: 0.75rem 0 0.25rem; }
/* minmax(0, …): a wide variants table scrolls in its card instead of widening the page. */
@media (max-width: 900px) {
  .editor-cols { grid-template-columns: minmax(0, 1fr); grid-template-rows: none; }
  .editor-lead, .editor-side, .editor-rest { grid-column: 1; grid-row: auto; }
}
/* A phone: a table wider than the screen scrolls within itself rather than widening the page, and long
   words (ids, addresses, e-mails) wrap. */
@media (max-width: 600px) {
  main { padding: 1rem 1rem 3rem; overflow-wrap: anywhere; }
  .topbar { padding: 0.6rem 1rem; }
  .topbar .account-email { display: none; }
  /* Positioned, the table holds its visually hidden headings (.row-label, absolute) inside its scroll box:
     otherwise one past the screen's edge widens the page. */
  table { display: block; overflow-x: auto; position: relative; }
  /* A cell keeps its words and figures whole ("$17.28", "Shipped"): its table scrolls instead. */
  main th, main td { overflow-wrap: normal; }
  main .number { white-space: nowrap; }
  /* The first column (the row's name or number) stays in view while the rest of the row scrolls. */
  /* The row's name stays in view while the rest of the row scrolls: the first column, or the one after
     a column of tick boxes (which stays too, 2.25rem wide). */
  main table:not(.summary-table, .stacked-rows) tr > :first-child:not(:has(> input[type="checkbox"])),
  main table:not(.summary-table, .stacked-rows) tr > :first-child:has(> input[type="checkbox"]) + * { position: sticky; left: 0; z-index: 1; background: #fff; box-shadow: inset -1px 0 0 var(--line); }
  main table:not(.summary-table, .stacked-rows) tr > :first-child:has(> input[type="checkbox"]) { position: sticky; left: 0; z-index: 1; background: #fff; width: 2.25rem; min-width: 2.25rem; max-width: 2.25rem; }
  main table:not(.summary-table, .stacked-rows) tr > :first-child:has(> input[type="checkbox"]) + * { left: 2.25rem; }
  main table:not(.summary-table) tr > th:is(:first-child, :first-child + *) { background: var(--soft); }
  main .table-box table tbody th[scope="row"] { background: #fff; }
  /* A DataTable's box scrolls, so its table stays a table as wide as the page (a block table shrinks to its
     columns, and two lists side by side end at different places). */
  .table-box > table { display: table; overflow: visible; }
  .table-box > table.stacked-rows { display: block; }
  /* Totals add up in one column as wide as the items above them. */
  main table.summary-table { display: table; width: 100%; }
  /* A dashboard list's card: the row's name on top, then each figure on one line beside its column's name. */
  .table-box table.stacked-rows td[data-label] { text-align: right; padding: 0.15rem 0; }
  .table-box table.stacked-rows td[data-label]::before { display: inline; float: left; margin-right: 1rem; }
  .table-box table.stacked-rows tbody th { padding-bottom: 0.35rem; }
  /* A ticked row's box sits before its name. */
  .table-box table.stacked-rows td:has(> input[type="checkbox"]), .table-box table.stacked-rows td:has(> input[type="checkbox"]) + th { display: inline-block; width: auto; vertical-align: middle; }
  .table-box table.stacked-rows td:has(> input[type="checkbox"]) { margin-right: 0.5rem; }
  .filters > * { min-width: 0; max-width: 100%; }
  .pair { grid-template-columns: minmax(0, 1fr); }
  main img { max-width: 100%; height: auto; }
  .thumbs li { max-width: 100%; }
}
/* The API reference (/docs) and the GraphQL explorer (/_dev/graphql). */
.reference-contents { columns: 3 14rem; padding-left: 1.25rem; }
details.operation { border: 1px solid var(--line); border-radius: var(--radius); margin: 0 0 0.4rem; padding: 0.3rem 0.75rem; }
details.operation[open] { padding-bottom: 0.75rem; }
details.operation summary { cursor: pointer; }
details.operation h4 { margin: 0.9rem 0 0.3rem; }
.method { display: inline-block; min-width: 4.2rem; text-align: center; font-size: 0.8rem; font-weight: 600; padding: 0 0.4rem; border-radius: var(--radius); background: var(--soft); border: 1px solid var(--line); }
.method-get { color: var(--ok); } .method-post { color: var(--accent); } .method-delete { color: var(--danger); }
ul.schema { list-style: none; margin: 0.15rem 0 0.15rem 0.4rem; padding-left: 0.9rem; border-left: 1px solid var(--line); }
ul.schema li { margin: 0.15rem 0; }
.schema-type { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.85rem; color: #8250df; }
.response p { margin: 0.3rem 0; }
.explorer textarea { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.875rem; }
.explorer textarea[name="query"] { min-height: 16rem; }
.explorer pre, pre.sdl { background: var(--soft); border: 1px solid var(--line); border-radius: var(--radius); padding: 0.75rem; overflow: auto; max-height: 32rem; }
.packing-slip { border: 1px solid var(--line); border-radius: var(--radius); padding: 1rem 1.25rem; margin: 1rem 0; max-width: 820px; }
.slip-head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 1rem 2rem; }
.slip-head h2 { margin: 0.2rem 0 0.3rem; }
.slip-head h3 { margin: 0 0 0.3rem; }
.slip-shop { font-weight: 600; font-size: 1.1rem; }
.slip-ship-to address { font-style: normal; }
.slip-lines td.number { font-size: 1.15rem; font-weight: 600; }
.slip-nothing { font-weight: 600; }
@media print {
  .topbar, .nav-menu, .skip, .slip-actions { display: none !important; }
  /* The menu's column goes with the menu: the page takes the paper's whole width, however wide it is. */
  .shell { display: block; }
  :root { --text: #000; --muted: #000; --line: #000; --soft: #fff; }
  body, main { color: #000; background: #fff; padding: 0; max-width: none; }
  a { color: #000; text-decoration: none; }
  .packing-slip { border: 0; margin: 0; padding: 0; max-width: none; break-after: page; break-inside: avoid-page; }
  .packing-slip:last-of-type { break-after: auto; }
  .packing-slip th { background: #fff; }
  .slip-lines tr { break-inside: avoid; }
  .table-box { overflow: visible; }
}
`
