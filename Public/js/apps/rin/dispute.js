// Disputes: on a person's page, saying a detail they show me is wrong or mine (a statement and up
// to five photos of my own, which they never see); in the security inbox, each side's view of one
// and its actions: the person it is about corrects, removes or keeps the detail; the one who
// raised it may withdraw it.
import { h, timeEl, uid } from '../../dom.js';
import { field, formAlert, setPending, showApiError, statusLine } from '../../forms.js';
import * as client from './client.js';
import { actingProfileId } from './acting.js';
import { problemText } from './state.js';
import { fieldName } from './words.js';

const MAX_PHOTOS = 5;
const STATUS = {
  open: 'Waiting for an answer', answered: 'Kept with a statement: with the moderators', corrected: 'Corrected',
  withdrawn: 'Withdrawn', upheld: 'Upheld by the moderators', dismissed: 'Dismissed by the moderators',
};

/** The person page's form, for the details they show me (`view.fields`); null when none. */
export function disputeForm(profileId, view) {
  const fields = view.fields || [];
  if (!fields.length) return null;
  const selectId = uid('rin-dispute-field');
  const select = h('select', { id: selectId, class: 'rin-select', dataset: { testid: 'rin-dispute-field' } },
    fields.map((f) => h('option', { value: f.key }, `${fieldName(f.kind, f.label)}: ${f.value}`)));
  const statement = field({ name: 'statement', label: 'What is wrong', testid: 'rin-dispute-statement', multiline: true,
    maxlength: '2000', hint: 'Up to 2,000 characters. They see this, and you as they see you.' });
  const photosId = uid('rin-dispute-photos');
  const photos = h('input', { id: photosId, type: 'file', accept: 'image/*', multiple: true, dataset: { testid: 'rin-dispute-photos' } });
  const submit = h('button', { type: 'submit', class: 'btn', dataset: { testid: 'rin-dispute-submit' } }, 'Send to them');
  const alert = formAlert('rin-dispute-error');
  const status = statusLine('rin-dispute-status');
  const form = h('form', { class: 'rin-dispute-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: selectId }, 'The detail'), select), statement.wrap,
    h('div', { class: 'field' }, h('label', { for: photosId }, 'Photos (optional, up to 5)'), photos,
      h('p', { class: 'hint' }, 'Only you and Kindred’s moderators see them.')),
    h('div', { class: 'actions' }, submit), alert.el, status.el);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    alert.clear();
    statement.setError(null);
    const files = [...photos.files];
    if (files.length > MAX_PHOTOS) { alert.show(`Attach at most ${MAX_PHOTOS} photos.`); return; }
    if (!statement.input.value.trim()) { statement.setError('Say in a few words what is wrong.'); statement.input.focus(); return; }
    setPending(form, submit, true, 'Sending…');
    try {
      const evidence = [];
      for (const file of files) evidence.push((await client.uploadPhoto(file)).id);
      await client.createDispute(profileId, { fieldKey: select.value, statement: statement.input.value, evidence }, await actingProfileId());
      form.reset();
      status.show('Sent. They can correct it or answer you; follow it in your security inbox.');
    } catch (err) {
      showApiError(err, { statement }, alert);
    } finally {
      setPending(form, submit, false);
    }
  });
  return h('details', { class: 'rin-section', dataset: { testid: 'rin-dispute' } },
    h('summary', {}, h('h2', {}, 'A detail is wrong or yours?')), form);
}

/** One dispute in the security inbox, as my side sees it. */
export function disputeItem(item, { alert, status, reload, stateBadge }) {
  const d = item.dispute;
  const other = d.other.displayName || 'Someone on Rin';
  const detail = `${fieldName(d.field.kind, d.field.label)} ${d.field.value}`;
  const li = h('li', { class: 'rin-security-item', dataset: { testid: 'rin-security-item', section: 'disputes', state: item.state, role: d.role } },
    h('p', {}, d.role === 'subject' ? [h('strong', {}, other), ` says your ${detail} is wrong or theirs. `]
      : ['You said ', h('strong', {}, other), `’s ${detail} is wrong or yours. `], stateBadge(item)),
    h('blockquote', { class: 'rin-statement', dataset: { testid: 'rin-dispute-claim' } }, d.statement),
    d.response ? h('p', { dataset: { testid: 'rin-dispute-response' } }, h('strong', {}, d.role === 'subject' ? 'You answered: ' : 'Their answer: '), d.response) : null,
    d.evidence.length ? h('div', { class: 'rin-dispute-photos' }, d.evidence.map((m) => h('img', { src: m.url, alt: 'Your photo', width: '64', height: '64' }))) : null,
    h('p', { class: 'muted' }, timeEl(item.createdAt), ` · ${d.withModerators && d.status === 'open' ? 'Unanswered for 14 days: with the moderators' : STATUS[d.status]}`));
  const run = async (button, work, done) => {
    button.disabled = true;
    alert.clear();
    try {
      await work();
      status.show(done);
      reload();
    } catch (err) {
      button.disabled = false;
      alert.show(problemText(err));
    }
  };
  if (d.role === 'subject' && d.status === 'open') {
    const value = h('input', { type: 'text', value: d.field.value, 'aria-label': 'The detail as it should be', maxlength: '500',
      dataset: { testid: 'rin-dispute-value' } });
    const correct = h('button', { type: 'button', class: 'btn', dataset: { testid: 'rin-dispute-correct' } }, 'Correct it');
    const remove = h('button', { type: 'button', class: 'btn', dataset: { testid: 'rin-dispute-remove' } }, 'Remove it');
    const why = h('textarea', { 'aria-label': 'Why it is right', maxlength: '2000', dataset: { testid: 'rin-dispute-why' } });
    const keep = h('button', { type: 'button', class: 'btn', dataset: { testid: 'rin-dispute-keep' } }, 'Keep it');
    correct.addEventListener('click', () => run(correct, () => client.answerDispute(item.id, { action: 'correct', value: value.value }),
      'Corrected: the dispute is resolved.'));
    remove.addEventListener('click', () => run(remove, () => client.answerDispute(item.id, { action: 'remove' }),
      'Removed: the dispute is resolved.'));
    keep.addEventListener('click', () => {
      if (!why.value.trim()) { alert.show('Say why the detail is right.'); why.focus(); return; }
      run(keep, () => client.answerDispute(item.id, { action: 'keep', statement: why.value }),
        'Kept, with your statement: the moderators will decide.');
    });
    li.append(h('div', { class: 'rin-inline-form' }, value, correct), h('div', { class: 'actions' }, remove),
      h('div', { class: 'rin-dispute-keep' }, why, keep));
  }
  if (d.role === 'claimant' && (d.status === 'open' || d.status === 'answered')) {
    const withdraw = h('button', { type: 'button', class: 'btn btn-quiet', dataset: { testid: 'rin-dispute-withdraw' } }, 'Withdraw');
    withdraw.addEventListener('click', () => run(withdraw, () => client.withdrawDispute(item.id), 'Withdrawn.'));
    li.append(h('div', { class: 'actions' }, withdraw));
  }
  return li;
}
