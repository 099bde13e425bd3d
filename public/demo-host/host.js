// The demo host app: opens Forecourt Pay in a frame with a callback to this page, and shows what the app hands back.
// When the app follows the callback inside the frame, this page loads in the frame: it passes what it got to the
// page that embeds it and stops there.
const CALLBACK_MESSAGE = 'forecourt-pay-callback';
const here = new URL(window.location.href);
const embedded = window.parent !== window;

function show(search) {
  const params = new URLSearchParams(search);
  const raw = params.get('paymentData');
  let data = null;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    data = null;
  }
  const amount = data?.amount;
  document.getElementById('result-order').textContent = data?.orderId ?? '—';
  document.getElementById('result-state').textContent = data?.state ?? '—';
  document.getElementById('result-amount').textContent =
    amount && typeof amount.amount === 'number'
      ? new Intl.NumberFormat('en-GB', { style: 'currency', currency: amount.currency }).format(
          amount.amount / 10 ** amount.precision,
        )
      : '—';
  document.getElementById('result-raw').textContent = raw ?? '(no paymentData)';
  document.getElementById('result').hidden = false;
  document.getElementById('app').hidden = true;
}

if (embedded && here.searchParams.has('returned')) {
  // Back from the app inside the frame: tell the host page (same origin only) and show nothing else here.
  window.parent.postMessage({ type: CALLBACK_MESSAGE, search: here.search }, window.location.origin);
  document.body.textContent = '';
} else {
  if (here.searchParams.has('returned')) show(here.search);
  window.addEventListener('message', (event) => {
    if (event.origin !== window.location.origin || event.data?.type !== CALLBACK_MESSAGE) return;
    show(event.data.search);
  });
  document.getElementById('start').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const callback = new URL('/demo-host/?returned=1', window.location.origin).href;
    const app = new URL('/pay', window.location.origin);
    app.searchParams.set('pid', String(form.get('station')));
    app.searchParams.set('callback', callback);
    app.searchParams.set('hideRydMapLink', 'true');
    if (form.get('partner')) app.searchParams.set('partner', String(form.get('partner')));
    const frame = document.getElementById('app');
    frame.src = app.href;
    frame.hidden = false;
    document.getElementById('result').hidden = true;
  });
}
