// The account page's "Your data": one ZIP of everything the account holds in every app, built
// on the server while this card shows how far it is (each `data-export.progressed` event asks
// again at once; a slow poll covers a socket that is down), then a link good for a day. The link is a
// signed URL that needs no session (a browser downloads it by following it), so it is shown only
// here, to the account it belongs to.
import { h } from '../dom.js';
import * as kindred from '../kindred-client.js';
import { formAlert, statusLine } from '../forms.js';
import { onEvent } from '../realtime.js';

/** How often a building export is asked about when no event says it moved. */
const pollMs = 2000;

const sizeText = (bytes) => (bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** The section and its cleanup: { el, cleanup }. */
export function dataSection() {
  const ask = h('button', { type: 'button', class: 'btn', dataset: { testid: 'data-export-start' } }, 'Download my data');
  const alert = formAlert('data-export-error');
  const status = statusLine('data-export-status');
  const bar = h('progress', { max: 1, value: 0, dataset: { testid: 'data-export-progress' } });
  const barLabel = h('span', { class: 'progress-label' });
  const progress = h('div', { class: 'progress-wrap', hidden: true }, barLabel, bar);
  const link = h('a', { class: 'btn btn-primary', dataset: { testid: 'data-export-link' }, hidden: true, download: '' }, 'Download ZIP');
  let timer = null;
  let gone = false;

  function show(exp) {
    clearTimeout(timer);
    timer = null;
    alert.clear();
    const building = exp?.status === 'building';
    progress.hidden = !building;
    ask.disabled = building;
    link.hidden = exp?.status !== 'ready';
    if (building) {
      bar.max = Math.max(1, exp.total);
      bar.value = exp.done;
      barLabel.textContent = exp.total ? `Gathering your data: ${exp.done} of ${exp.total}` : 'Gathering your data…';
      status.show('Building your file. You can leave this page; it will be here for a day.');
      timer = setTimeout(refresh, pollMs);
    } else if (exp?.status === 'ready') {
      link.href = exp.url;
      const until = new Date(exp.expiresAt).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });
      status.show(`Ready: ${sizeText(exp.byteCount || 0)}, until ${until}.`);
    } else if (exp?.status === 'failed') {
      status.clear();
      alert.show('We couldn’t build your file. Try again.');
    } else {
      status.clear();
    }
  }

  async function refresh() {
    try {
      const exp = await kindred.getDataExport();
      if (!gone) show(exp);
    } catch (err) {
      if (gone) return;
      if (err.status === 404) show(null);
      else {
        alert.show(err.detail || err.message);
        // The server went away mid-build: keep asking, more slowly, until it answers.
        timer = setTimeout(refresh, pollMs * 5);
      }
    }
  }

  ask.addEventListener('click', async () => {
    alert.clear();
    ask.disabled = true;
    try {
      show(await kindred.requestDataExport());
    } catch (err) {
      ask.disabled = false;
      alert.show(err.detail || err.message);
    }
  });

  const el = h('section', { class: 'card', 'aria-labelledby': 'data-title' },
    h('h2', { id: 'data-title' }, 'Your data'),
    h('p', {}, 'One ZIP file of everything your account holds in every Kindred app, with the photos and videos you uploaded.'),
    alert.el, progress, status.el,
    h('div', { class: 'actions' }, ask, link));
  refresh();
  const off = onEvent('data-export.progressed', () => { if (!gone) refresh(); });
  return { el, cleanup: () => { gone = true; clearTimeout(timer); off(); } };
}
