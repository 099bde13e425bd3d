// The forecourt console: one HTML page with a small script. It polls /forecourt/api/stations/{id} every second and
// updates each device's <article> in place (so a click never lands on a replaced button).
import { pageCsp } from '../http/security-headers';
import { escapeHtml as h } from '../mail/mailer';

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;color:#111;background:#f5f6f8}
header{background:#13325b;color:#fff;padding:.75rem 1rem}header h1{margin:0;font-size:1.25rem}
main{max-width:72rem;margin:0 auto;padding:1rem}
.bar{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-bottom:.75rem}
select,button,input{font:inherit;padding:.35rem .6rem;border-radius:.35rem;border:1px solid #8a94a6;background:#fff}
button{cursor:pointer}button:hover{background:#eef3fb}
#devices{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:.75rem}
article{background:#fff;border:1px solid #cfd5de;border-radius:.5rem;padding:.6rem .8rem}
article h3{margin:0 0 .25rem;font-size:1.05rem}
.status{font-weight:600;margin:.2rem 0}.meter{margin:.2rem 0;color:#333;font-variant-numeric:tabular-nums}
.s-AVAILABLE{color:#146c2e}.s-IN_USE{color:#9a5b00}.s-OUT_OF_ORDER{color:#b00020}.s-UNAVAILABLE{color:#555}
.actions{display:flex;flex-wrap:wrap;gap:.35rem;margin-top:.4rem}
#feedback{min-height:1.5em;padding:.35rem .6rem;border-radius:.35rem;background:#fff;border:1px solid #cfd5de}
#feedback.error{border-color:#b00020;color:#b00020}`;

const SCRIPT = `
const $ = (id) => document.getElementById(id);
const select = $('station');
const list = $('devices');
const feedback = $('feedback');
let stationId = new URLSearchParams(location.search).get('station');
let timer;
const BUTTONS = {
  PUMP: [['lift', 'Lift nozzle'], ['hang-up', 'Hang up'], ['fault', 'Fault'], ['clear-fault', 'Clear fault']],
  CONNECTOR: [['plug', 'Plug in'], ['unplug', 'Unplug'], ['fault', 'Fault'], ['clear-fault', 'Clear fault']],
  WASH: [['start-wash', 'Start wash'], ['fault', 'Fault'], ['clear-fault', 'Clear fault']],
};
const LABEL = { PUMP: 'Pump', CONNECTOR: 'Charger', WASH: 'Wash' };
const FAULTED = ['FAULT', 'OUT_OF_ORDER', 'Faulted', 'Unavailable'];
const say = (text, error) => { feedback.textContent = text; feedback.className = error ? 'error' : ''; };
const money = (minor, currency) => currency ? (minor / 100).toFixed(2) + ' ' + currency : '';

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

function renderDevice(d) {
  let el = list.querySelector('article[data-id="' + d.productId + '"]');
  const name = LABEL[d.kind] + ' ' + d.name;
  if (!el) {
    el = document.createElement('article');
    el.dataset.id = d.productId;
    el.setAttribute('aria-label', name);
    const h3 = document.createElement('h3'); h3.textContent = name; el.append(h3);
    const st = document.createElement('p'); st.className = 'status'; st.setAttribute('role', 'status'); el.append(st);
    const m = document.createElement('p'); m.className = 'meter'; el.append(m);
    const actions = document.createElement('div'); actions.className = 'actions';
    for (const [action, text] of BUTTONS[d.kind]) {
      const b = document.createElement('button'); b.type = 'button'; b.textContent = text; b.dataset.action = action;
      b.addEventListener('click', () => act(d.productId, action, name + ': ' + text));
      actions.append(b);
    }
    el.append(actions);
    list.append(el);
  }
  // Only one of Fault / Clear fault is shown at a time, so each name is unambiguous on the page.
  const faulted = FAULTED.includes(d.state);
  for (const b of el.querySelectorAll('button')) {
    if (b.dataset.action === 'fault') b.hidden = faulted;
    if (b.dataset.action === 'clear-fault') b.hidden = !faulted;
  }
  const st = el.querySelector('.status');
  const text = d.status + ' · ' + d.state;
  if (st.textContent !== text) { st.textContent = text; st.className = 'status s-' + d.status; }
  const m = el.querySelector('.meter'); const mt = meterText(d);
  if (m.textContent !== mt) m.textContent = mt;
}

function render(station) {
  $('station-status').textContent = 'Station status: ' + station.status;
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
select.addEventListener('change', () => choose(select.value));

(async () => {
  try {
    const stations = await call('GET', '/forecourt/api/stations');
    for (const s of stations) {
      const o = document.createElement('option'); o.value = s.id; o.textContent = s.countryCode + ' · ' + s.name; select.append(o);
    }
    if (!stationId || !stations.some((s) => s.id === stationId)) stationId = stations[0] && stations[0].id;
    if (stationId) { select.value = stationId; choose(stationId); }
    timer = setInterval(refresh, 1000);
  } catch (e) { say('Could not load the stations: ' + e.message, true); }
})();
`;

/** The console's pages run only their own style and script (by hash) and talk only to this origin. */
export const CONSOLE_CSP = pageCsp({ styles: [STYLE], scripts: [SCRIPT], connect: true, forms: true });

export function consolePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Forecourt console</title><style>${STYLE}</style></head><body><header><h1>Forecourt console</h1></header><main>
<div class="bar"><label for="station">Station</label><select id="station" name="station"></select></div>
<section aria-labelledby="station-name">
<h2 id="station-name">Loading…</h2>
<div class="bar"><p id="station-status">Station status: …</p><button type="button" id="offline">Take station offline</button><button type="button" id="online">Bring station online</button></div>
<p id="feedback" aria-live="polite"></p>
<form id="wash-code-form" class="bar" hidden><label for="wash-code">Wash code</label><input id="wash-code" name="code" inputmode="numeric" autocomplete="off" maxlength="32"><button type="submit">Redeem code</button></form>
<p id="empty" hidden>This station has no pumps, chargers or wash bays.</p>
<div id="devices"></div>
</section></main><script>${SCRIPT}</script></body></html>`;
}

export function loginPage(error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Forecourt console — sign in</title><style>${STYLE}</style></head><body><header><h1>Forecourt console</h1></header><main>
<form method="post" action="/forecourt/login"><p>The console needs the console token (FORECOURT_CONSOLE_TOKEN).</p>
${error ? `<p role="alert">${h(error)}</p>` : ''}
<p><label for="token">Console token</label> <input id="token" name="token" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Open the console</button></p></form></main></body></html>`;
}
