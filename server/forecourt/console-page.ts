// The forecourt console: one HTML page with a small script. It polls /forecourt/api/stations/{id} every second and
// updates each device's <article> in place (so a click never lands on a replaced button).
// Phone first (an operator walks the forecourt with it): one column of device cards whose heights do not change as the
// devices do (a reserved meter line, a fixed button grid where Fault and Clear fault share one slot, a feedback box of
// fixed height), so nothing moves under a thumb between looking and tapping. Operator-only and English by design, like
// the dev mailbox: it is served by the server, not the app, and carries none of the app's catalogs.
import { pageCsp } from '../http/security-headers';
import { escapeHtml as h } from '../mail/mailer';

// Colours: text on white >= 4.5:1 (WCAG AA); every control at least 44 x 44 CSS px.
const STYLE = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{font-family:system-ui,sans-serif;font-size:1rem;line-height:1.4;margin:0;color:#111;background:#f2f4f7;overflow-wrap:anywhere}
header{background:#13325b;color:#fff;padding:.75rem 0}header h1{font-size:1.25rem;max-width:72rem;margin:0 auto;padding:0 .75rem}header .sign-out{max-width:72rem;margin:.5rem auto 0;padding:0 .75rem}
main{max-width:72rem;margin:0 auto;padding:.75rem}
h2{font-size:1.2rem;margin:0}
.panel{background:#fff;border:1px solid #c3cad5;border-radius:.6rem;padding:.75rem;margin-bottom:.75rem}
.panel>p:first-child{margin-top:0}
[role=alert]{color:#a0001c;font-weight:600}
.field{display:flex;flex-direction:column;gap:.25rem;margin-bottom:.5rem;min-width:0}
.field:last-child{margin-bottom:0}
label{font-weight:600}
.hint{margin:0;color:#4a5261;font-size:.9rem}
select,button,input{font:inherit;color:inherit;min-height:2.75rem;padding:.5rem .75rem;border-radius:.5rem;border:1px solid #6b7486;background:#fff;max-width:100%}
select,input{width:100%;min-width:0}
button{cursor:pointer;touch-action:manipulation;font-weight:600;background:#eef2f8;border-color:#5d6a80}
@media (hover:hover){button:hover{background:#dde6f3}}
button:active{background:#cbd8ec}
:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
[hidden]{display:none!important}
.station-head{display:flex;flex-direction:column;gap:.5rem}
.station-status{margin:0;font-weight:600}
.station-status b{padding:.1rem .45rem;border-radius:.3rem;background:#e6f2ea;color:#0f5a25}
.station-status b.OFFLINE{background:#fbe9ec;color:#a0001c}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:.5rem}
#feedback{margin:0 0 .75rem;min-height:calc(3 * 1.4em + .8rem + 2px);padding:.4rem .75rem;border-radius:.5rem;background:#fff;border:1px solid #c3cad5;color:#2b3240}
#feedback.error{border-color:#b00020;color:#a0001c;background:#fff6f7}
#wash-code-form{display:grid;grid-template-columns:1fr auto;gap:.5rem;align-items:end}
#wash-code-form .field{margin:0}
#devices{display:grid;grid-template-columns:1fr;gap:.75rem;padding:0;margin:0}
article{display:grid;grid-template-columns:minmax(0,1fr) 8.5rem;column-gap:.5rem;align-items:center;background:#fff;border:1px solid #c3cad5;border-left:.4rem solid #6b7486;border-radius:.6rem;padding:.6rem .75rem .75rem}
article h3{margin:0;font-size:1.1rem}
article .upkeep{display:grid}.upkeep button{white-space:nowrap;padding-inline:.5rem}
.status,.meter,.actions{grid-column:1/-1}
.status{font-weight:700;margin:.3rem 0 0}
.meter{margin:.1rem 0 .5rem;color:#333;font-variant-numeric:tabular-nums;min-height:2.8em}
article.k-WASH .meter{min-height:1.4em}
article.s-AVAILABLE{border-left-color:#1d7a3a}.s-AVAILABLE .status{color:#146c2e}
article.s-IN_USE{border-left-color:#b86e00}.s-IN_USE .status{color:#8a5200}
article.s-OUT_OF_ORDER{border-left-color:#b00020}.s-OUT_OF_ORDER .status{color:#a0001c}
article.s-UNAVAILABLE .status{color:#4a5261}
.actions{display:grid;grid-template-columns:1fr 1fr;gap:.5rem}
.actions button,.upkeep button{width:100%}
button[data-action=fault]{color:#a0001c;border-color:#b00020;background:#fff}
button[data-action=clear-fault]{color:#0f5a25;border-color:#1d7a3a;background:#fff}
@media (min-width:40rem){
main{padding:1rem}header h1{padding:0 1rem}
.pickers{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.4fr);gap:.75rem;align-items:start}
.pickers .field{margin:0}
.station-head{flex-direction:row;flex-wrap:wrap;align-items:center;justify-content:space-between}
.station-head .pair{grid-template-columns:auto auto}
#feedback{min-height:calc(2 * 1.4em + .8rem + 2px)}
#devices{grid-template-columns:repeat(auto-fill,minmax(18rem,1fr))}
}`;

const SCRIPT = `
const $ = (id) => document.getElementById(id);
const select = $('station');
const filter = $('station-filter');
const list = $('devices');
const feedback = $('feedback');
let stationId = new URLSearchParams(location.search).get('station');
let stations = [];
let timer;
const BUTTONS = {
  PUMP: [['lift', 'Lift nozzle'], ['hang-up', 'Hang up'], ['fault', 'Fault'], ['clear-fault', 'Clear fault']],
  CONNECTOR: [['plug', 'Plug in'], ['unplug', 'Unplug'], ['fault', 'Fault'], ['clear-fault', 'Clear fault'], ['disconnect', 'Disconnect'], ['reconnect', 'Reconnect']],
  WASH: [['start-wash', 'Start wash'], ['fault', 'Fault'], ['clear-fault', 'Clear fault']],
};
const LABEL = { PUMP: 'Pump', CONNECTOR: 'Charger', WASH: 'Wash' };
const FAULTED = ['FAULT', 'OUT_OF_ORDER', 'Faulted', 'Unavailable'];
const say = (text, error) => { feedback.textContent = text; feedback.className = error ? 'error' : ''; };
const money = (minor, currency) => currency ? (minor / 100).toFixed(2) + ' ' + currency : '';
// Accents and case do not matter when looking for a station ("liege" finds Liège).
const fold = (text) => text.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '').toLowerCase();

async function call(method, url, body) {
  // Writes are JSON, always (the server refuses other content types: a cross-site form could send those).
  const write = method !== 'GET';
  const res = await fetch(url, { method, headers: write ? { 'content-type': 'application/json' } : {}, body: write ? JSON.stringify(body || {}) : undefined, credentials: 'same-origin' });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.message || ('HTTP ' + res.status));
  return data;
}

function meterText(d) {
  if (d.kind === 'PUMP') {
    const max = d.maxAmount !== null ? ' · max ' + money(d.maxAmount, d.currency) : '';
    return (d.itemName ? d.itemName + ' · ' : '') + (d.quantity / 1000).toFixed(2) + ' l · ' + money(d.amount, d.currency) + max + (d.capped ? ' · flow stopped' : '');
  }
  if (d.kind === 'CONNECTOR') {
    return (d.powerKw !== null ? d.powerKw + ' kW · ' : '') + (d.quantity / 1000).toFixed(2) + ' kWh · ' + money(d.amount, d.currency) + (d.plugged ? ' · plugged in' : '') + (d.authorized ? ' · authorized' : '');
  }
  return d.itemName ? d.itemName : '';
}

// A charger's OCPP connection: which charge point (built-in or an outside one) is connected, and what it reported.
function ocppText(d) {
  const o = d.ocpp;
  if (!o) return '';
  const who = !o.connected ? 'offline' : o.builtin ? 'connected (built-in)' : 'connected (outside charge point)';
  return 'OCPP ' + (o.chargePointId || d.productId) + ': ' + who + (o.connected && o.status ? ' · reports ' + o.status : '') + (o.cableOut ? ' · network cable out' : '');
}

function renderDevice(d) {
  let el = list.querySelector('article[data-id="' + d.productId + '"]');
  const name = LABEL[d.kind] + ' ' + d.name;
  if (!el) {
    el = document.createElement('article');
    el.dataset.id = d.productId;
    el.setAttribute('aria-label', name);
    const h3 = document.createElement('h3'); h3.textContent = name; el.append(h3);
    // Fault and Clear fault take turns in one slot beside the name (upkeep, apart from a customer's actions), and a
    // customer's actions sit in a fixed grid: a card keeps its height as its device changes.
    const upkeep = document.createElement('div'); upkeep.className = 'upkeep';
    const actions = document.createElement('div'); actions.className = 'actions';
    for (const [action, text] of BUTTONS[d.kind]) {
      const b = document.createElement('button'); b.type = 'button'; b.textContent = text; b.dataset.action = action;
      b.addEventListener('click', () => act(d.productId, action, name + ': ' + text));
      (action === 'fault' || action === 'clear-fault' || action === 'disconnect' || action === 'reconnect' ? upkeep : actions).append(b);
    }
    const st = document.createElement('p'); st.className = 'status'; st.setAttribute('role', 'status');
    const m = document.createElement('p'); m.className = 'meter';
    el.append(upkeep, st, m);
    if (d.ocpp) { const o = document.createElement('p'); o.className = 'ocpp'; el.append(o); }
    el.append(actions);
    list.append(el);
  }
  // Only one of Fault / Clear fault is shown at a time, so each name is unambiguous on the page.
  const faulted = FAULTED.includes(d.state);
  for (const b of el.querySelectorAll('button')) {
    if (b.dataset.action === 'fault') b.hidden = faulted;
    if (b.dataset.action === 'clear-fault') b.hidden = !faulted;
    if (b.dataset.action === 'disconnect') b.hidden = !d.ocpp || d.ocpp.cableOut;
    if (b.dataset.action === 'reconnect') b.hidden = !d.ocpp || !d.ocpp.cableOut;
  }
  const o = el.querySelector('.ocpp'); const ot = ocppText(d);
  if (o && o.textContent !== ot) o.textContent = ot;
  const cls = 'k-' + d.kind + ' s-' + d.status;
  if (el.className !== cls) el.className = cls;
  const st = el.querySelector('.status');
  const text = d.status + ' · ' + d.state;
  if (st.textContent !== text) st.textContent = text;
  const m = el.querySelector('.meter'); const mt = meterText(d);
  if (m.textContent !== mt) m.textContent = mt;
}

function render(station) {
  const status = $('station-status-value');
  if (status.textContent !== station.status) { status.textContent = station.status; status.className = station.status; }
  $('station-name').textContent = station.name + ' (' + station.city + ', ' + station.countryCode + ')';
  const ids = new Set(station.devices.map((d) => d.productId));
  for (const el of [...list.querySelectorAll('article')]) if (!ids.has(el.dataset.id)) el.remove();
  station.devices.forEach(renderDevice);
  $('empty').hidden = station.devices.length > 0;
  $('wash-code-form').hidden = !station.devices.some((d) => d.kind === 'WASH');
}

async function refresh() {
  if (!stationId) return;
  try { render(await call('GET', '/forecourt/api/stations/' + encodeURIComponent(stationId))); }
  catch (e) { say('Could not load the station: ' + e.message, true); }
}

async function act(productId, action, what) {
  try {
    const d = await call('POST', '/forecourt/api/stations/' + encodeURIComponent(stationId) + '/devices/' + encodeURIComponent(productId) + '/' + action);
    renderDevice(d);
    say(what + ' — done: ' + d.status + ' · ' + d.state);
  } catch (e) { say(what + ' — refused: ' + e.message, true); }
  refresh();
}

async function setOnline(online) {
  const what = online ? 'Bring station online' : 'Take station offline';
  try { const s = await call('POST', '/forecourt/api/stations/' + encodeURIComponent(stationId) + '/' + (online ? 'online' : 'offline')); say(what + ' — done: ' + s.status); }
  catch (e) { say(what + ' — refused: ' + e.message, true); }
  refresh();
}

function choose(id) {
  stationId = id;
  const url = new URL(location.href); url.searchParams.set('station', id); history.replaceState(null, '', url);
  list.replaceChildren();
  refresh();
}

// The picker lists the stations that match the search, by country; the station on show stays in it (first) even when
// it does not match, so the picker always names what the page shows.
function fillPicker() {
  const words = fold(filter.value).split(/\\s+/).filter(Boolean);
  const matches = stations.filter((s) => words.every((w) => s.search.includes(w)));
  const current = stations.find((s) => s.id === stationId);
  const shown = current && !matches.includes(current) ? [current, ...matches] : matches;
  const groups = new Map();
  for (const s of shown) {
    const key = s === current && !matches.includes(current) ? 'On show' : s.countryCode;
    if (!groups.has(key)) { const g = document.createElement('optgroup'); g.label = key; groups.set(key, g); }
    const o = document.createElement('option'); o.value = s.id; o.textContent = s.name + ' · ' + s.city; groups.get(key).append(o);
  }
  select.replaceChildren(...groups.values());
  if (stationId) select.value = stationId;
  $('station-count').textContent = words.length === 0
    ? stations.length + ' stations'
    : matches.length + ' of ' + stations.length + ' stations match' + (matches.length ? ': pick one under Station, or press Enter for the first' : '');
}

filter.addEventListener('input', fillPicker);
// Enter in the search opens the first match, so one thumb can type a few letters and go.
$('station-find').addEventListener('submit', (e) => {
  e.preventDefault();
  const words = fold(filter.value).split(/\\s+/).filter(Boolean);
  const first = stations.find((s) => words.every((w) => s.search.includes(w)));
  if (!first) { say('No station matches "' + filter.value + '"', true); return; }
  if (first.id !== stationId) { choose(first.id); fillPicker(); }
  select.focus();
});

// The wash terminal's keypad: the driver's code (typed or scanned) starts their wash once.
$('wash-code-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const input = $('wash-code');
  const code = input.value.trim();
  if (!code) { say('Wash code — type the code first', true); input.focus(); return; }
  try {
    const r = await call('POST', '/forecourt/api/stations/' + encodeURIComponent(stationId) + '/wash-codes/redeem', { code });
    renderDevice(r.device);
    say('Wash code ' + r.code + ' — redeemed: ' + LABEL.WASH + ' ' + r.device.name + ' started' + (r.device.itemName ? ' (' + r.device.itemName + ')' : ''));
    input.value = '';
  } catch (err) { say('Wash code ' + code + ' — refused: ' + err.message, true); input.select(); }
  refresh();
});

$('offline').addEventListener('click', () => setOnline(false));
$('online').addEventListener('click', () => setOnline(true));
select.addEventListener('change', () => { choose(select.value); fillPicker(); });

(async () => {
  try {
    stations = (await call('GET', '/forecourt/api/stations')).map((s) => ({ ...s, search: fold([s.countryCode, s.name, s.city, s.id].join(' ')) }));
    if (!stationId || !stations.some((s) => s.id === stationId)) stationId = stations[0] && stations[0].id;
    fillPicker();
    if (stationId) choose(stationId);
    timer = setInterval(refresh, 1000);
  } catch (e) { say('Could not load the stations: ' + e.message, true); }
})();
`;

/** The console's pages run only their own style and script (by hash) and talk only to this origin. */
export const CONSOLE_CSP = pageCsp({ styles: [STYLE], scripts: [SCRIPT], connect: true, forms: true });

const HEAD = `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style>`;

export function consolePage(opts: { signOut?: boolean } = {}): string {
  const signOut = opts.signOut
    ? '<form method="post" action="/forecourt/logout" class="sign-out"><button type="submit">Sign out</button></form>'
    : '';
  return `<!doctype html><html lang="en"><head>${HEAD}<title>Forecourt console</title></head><body><header><h1>Forecourt console</h1>${signOut}</header><main>
<section class="panel pickers" aria-label="Choose a station">
<form id="station-find" class="field" role="search"><label for="station-filter">Find a station</label><input id="station-filter" name="q" type="search" enterkeyhint="go" autocomplete="off" placeholder="Name, city or country" aria-describedby="station-count"><p id="station-count" class="hint" aria-live="polite"></p></form>
<div class="field"><label for="station">Station</label><select id="station" name="station"></select></div>
</section>
<section aria-labelledby="station-name">
<div class="panel station-head"><div><h2 id="station-name">Loading…</h2><p id="station-status" class="station-status">Station status: <b id="station-status-value">…</b></p></div>
<div class="pair"><button type="button" id="offline">Take station offline</button><button type="button" id="online">Bring station online</button></div></div>
<p id="feedback" aria-live="polite">What an action did shows here.</p>
<form id="wash-code-form" class="panel" hidden><div class="field"><label for="wash-code">Wash code</label><input id="wash-code" name="code" inputmode="numeric" autocomplete="off" maxlength="32"></div><button type="submit">Redeem code</button></form>
<p id="empty" class="panel" hidden>This station has no pumps, chargers or wash bays.</p>
<div id="devices"></div>
</section></main><script>${SCRIPT}</script></body></html>`;
}

export function loginPage(error?: string): string {
  return `<!doctype html><html lang="en"><head>${HEAD}<title>Forecourt console — sign in</title></head><body><header><h1>Forecourt console</h1></header><main>
<form method="post" action="/forecourt/login" class="panel"><p>The console needs the console token (FORECOURT_CONSOLE_TOKEN).</p>
${error ? `<p role="alert">${h(error)}</p>` : ''}
<div class="field"><label for="token">Console token</label><input id="token" name="token" type="password" autocomplete="current-password" required></div>
<p><button type="submit">Open the console</button></p></form></main></body></html>`;
}
