// One import, live: which of its two steps it is on (reading the file's contacts, then looking
// for duplicates), how far through as a bar, what it has added, merged and left to review, and
// the lines the reader skipped. Each batch of 100 arrives as `rin.import.progressed`; while the
// socket is down (or quiet for long) the screen asks the server itself. The person may leave:
// the import goes on without this screen, and the book catches up when it ends.
import { h } from '../../dom.js';
import { formAlert, statusLine } from '../../forms.js';
import { onStatus, realtimeStatus } from '../../realtime.js';
import * as client from './client.js';
import { icon } from './icons.js';
import { importCounts, importName, importWarnings } from './import-view.js';
import { problemText, screenState } from './state.js';
import { IMPORT_PHASES, counted, importRunning } from './words.js';

const POLL_MS = 3_000; // how often to ask while no event can arrive
const QUIET_MS = 15_000; // with the socket up, ask anyway after this long without news
const SLOW_MS = 30_000; // past this, say that only a first import takes so long

const number = (n) => new Intl.NumberFormat().format(n || 0);

export function render(root, { params }) {
  let alive = true;
  let current = null;
  let heardAt = Date.now();
  let asking = false;

  const heading = h('h1', { tabindex: '-1', class: 'rin-title', dataset: { testid: 'rin-import-title' } }, 'Import');
  const state = screenState('rin-import-state');
  const alert = formAlert('rin-import-error');
  const status = statusLine('rin-import-status');

  const steps = h('ol', { class: 'rin-steps', dataset: { testid: 'rin-import-steps' } },
    ['reading', 'matching'].map((phase) => h('li', { class: 'rin-step', dataset: { phase } },
      h('span', { class: 'rin-step-mark', 'aria-hidden': 'true' }), h('span', { class: 'rin-step-text' }, IMPORT_PHASES[phase].text))));
  const phase = h('p', { class: 'rin-import-phase', dataset: { testid: 'rin-import-phase' } });
  const bar = h('progress', { max: '1', value: '0', dataset: { testid: 'rin-import-bar' } });
  const barText = h('p', { class: 'muted rin-import-bar-text', dataset: { testid: 'rin-import-processed' } });
  const slow = h('p', { class: 'notice', hidden: true, dataset: { testid: 'rin-import-slow' } },
    'A wait like this happens only on your first import: later files go faster, because most of your book is in Rin already.');
  const leave = h('p', { class: 'muted', hidden: true, dataset: { testid: 'rin-import-leave' } },
    'You can leave this page. The import goes on, and your contacts update when it’s done.');
  const countsSlot = h('div');
  const failure = h('div', { class: 'rin-import-failed', hidden: true, dataset: { testid: 'rin-import-failed' } });
  const next = h('div', { class: 'actions', hidden: true, dataset: { testid: 'rin-import-next' } });
  const warningsSlot = h('div');
  const live = h('div', { class: 'rin-import-live', 'aria-live': 'polite' }, phase, barText);
  const panel = h('section', { class: 'card rin-import-card', hidden: true, dataset: { testid: 'rin-import-progress' } },
    steps, live, bar, slow, countsSlot, leave, failure, next);
  root.append(h('a', { class: 'rin-back', href: '#/rin/imports' }, icon('back'), 'Imports'),
    heading, state.el, alert.el, status.el, panel, warningsSlot);

  function resumeButton() {
    const button = h('button', { type: 'button', class: 'btn btn-primary', dataset: { testid: 'rin-import-resume' } }, 'Resume');
    button.addEventListener('click', async () => {
      button.disabled = true;
      alert.clear();
      try {
        show(await client.resumeImport(current.id));
        status.show('Going on from where it stopped.');
      } catch (err) {
        if (!alive) return;
        button.disabled = false;
        alert.show(problemText(err));
      }
    });
    return button;
  }

  function show(rinImport) {
    if (!alive) return;
    // An answer older than what is on screen (a poll crossing an event) never moves it back.
    if (current && IMPORT_PHASES[rinImport.phase].step) {
      const [was, now] = [IMPORT_PHASES[current.phase].step, IMPORT_PHASES[rinImport.phase].step];
      if (was > now || (was === now && current.processed > rinImport.processed)) return;
    }
    current = rinImport;
    heardAt = Date.now();
    const running = importRunning(rinImport);
    const words = IMPORT_PHASES[rinImport.phase] || { text: rinImport.phase, step: 0 };
    heading.textContent = running ? `Importing ${importName(rinImport)}` : importName(rinImport);
    document.title = `${heading.textContent} · Rin · Kindred`;
    panel.hidden = false;
    panel.dataset.phase = rinImport.phase;

    for (const li of steps.children) {
      const step = IMPORT_PHASES[li.dataset.phase].step;
      li.dataset.state = rinImport.phase === 'done' || step < words.step ? 'done' : step === words.step ? 'current' : 'waiting';
      if (li.dataset.state === 'current') li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
    }
    phase.dataset.phase = rinImport.phase;
    phase.textContent = running ? `Step ${words.step} of 2: ${words.text}…`
      : rinImport.phase === 'done' ? `Done: ${counted(rinImport.total, 'contact')} in the file, all through.`
        : 'The import stopped before the end.';
    const total = Math.max(rinImport.total, 1);
    bar.max = String(total);
    bar.value = String(rinImport.phase === 'done' ? total : Math.min(rinImport.processed, total));
    bar.hidden = rinImport.phase === 'failed';
    bar.setAttribute('aria-label', running ? words.text : 'Import');
    barText.textContent = `${number(rinImport.phase === 'done' ? rinImport.total : rinImport.processed)} of ${number(rinImport.total)}`;
    countsSlot.replaceChildren(importCounts(rinImport));
    leave.hidden = !running;
    if (!running) slow.hidden = true;

    failure.hidden = rinImport.phase !== 'failed';
    if (rinImport.phase === 'failed') {
      failure.replaceChildren(
        h('p', { dataset: { testid: 'rin-import-failure' } }, rinImport.error || 'Something stopped it.'),
        h('p', { class: 'muted' }, 'Nothing is lost: resuming goes on from the last batch it finished.'),
        h('div', { class: 'actions' }, resumeButton()));
    }
    next.hidden = rinImport.phase !== 'done';
    if (rinImport.phase === 'done') {
      const waiting = rinImport.suggested + rinImport.conflicts;
      next.replaceChildren(...[
        waiting || rinImport.merged
          ? h('a', { class: 'btn btn-primary', href: '#/rin/review', dataset: { testid: 'rin-import-review' } },
            waiting ? `Review ${counted(waiting, 'item')}` : 'See what was merged')
          : null,
        h('a', { class: `btn${waiting || rinImport.merged ? '' : ' btn-primary'}`, href: '#/rin/contacts',
          dataset: { testid: 'rin-import-contacts' } }, 'Go to your contacts'),
      ].filter(Boolean));
    }
    warningsSlot.replaceChildren(...[importWarnings(rinImport)].filter(Boolean));
  }

  async function ask() {
    if (asking) return;
    asking = true;
    try {
      const rinImport = await client.getImport(params.id);
      state.done();
      show(rinImport);
    } catch (err) {
      if (!alive) return;
      if (err.status === 404) {
        state.done();
        heading.textContent = 'Import not found';
        panel.hidden = true;
        warningsSlot.replaceChildren(h('p', { dataset: { testid: 'rin-import-missing' } }, 'This import isn’t one of yours, or it is gone.'),
          h('a', { class: 'btn', href: '#/rin/imports' }, 'Your imports'));
        stop();
      } else if (!current) {
        state.failed(err, first);
      }
      // Once something is on screen, a failed poll just waits for the next one.
    } finally {
      asking = false;
    }
  }

  function first() {
    state.loading();
    return ask();
  }

  const timer = setInterval(() => {
    if (!alive || (current && !importRunning(current))) return;
    if (realtimeStatus() !== 'open' || Date.now() - heardAt > QUIET_MS) ask();
  }, POLL_MS);
  const slowTimer = setTimeout(() => { if (alive && current && importRunning(current)) slow.hidden = false; }, SLOW_MS);
  const offs = [
    client.onImportProgressed((rinImport) => { if (client.sameId(rinImport.id, params.id)) show(rinImport); }),
    // Batches may have gone by while the socket was down.
    onStatus((s, { reconnected }) => { if (s === 'open' && reconnected) ask(); }),
  ];
  function stop() {
    clearInterval(timer);
    clearTimeout(slowTimer);
    offs.forEach((off) => off());
  }

  first();
  return () => { alive = false; stop(); };
}
