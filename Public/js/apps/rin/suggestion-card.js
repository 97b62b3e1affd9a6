// A pair of contacts that may be one person (RinSuggestion): both side by side, why Rin thinks so
// in words (the same phone or e-mail, how alike the names are, the same employer, birthdays that
// agree or clash), and three answers: Merge, Different people (never suggested again) and Not
// now, which only hides the card until the page is opened again and tells the server nothing.
import { h } from '../../dom.js';
import { formAlert } from '../../forms.js';
import { rinAvatar } from './avatar.js';
import * as client from './client.js';
import { contactHref } from './contact-row.js';
import { icon } from './icons.js';
import { problemText } from './state.js';
import { percentText } from './words.js';

/** Why the two may be one, one line per piece of evidence (RinMatchEvidence). */
export function evidenceList(evidence, contacts = []) {
  const lines = [];
  for (const phone of evidence.sharedPhones || []) lines.push(['phone', 'phone', `Same phone: ${phone}`]);
  for (const email of evidence.sharedEmails || []) lines.push(['email', 'mail', `Same e-mail: ${email}`]);
  const alike = percentText(evidence.nameSimilarity);
  lines.push(['name', 'people', evidence.sameFullName ? `Same name (${alike} alike)` : `Names ${alike} alike`]);
  for (const domain of evidence.sharedEmployerDomains || []) lines.push(['domain', 'globe', `Same employer domain: ${domain}`]);
  const org = contacts.find((c) => c.organization)?.organization;
  if (evidence.sameOrganization) lines.push(['organization', 'book', org ? `Same organisation: ${org}` : 'Same organisation']);
  if (evidence.birthday === 'agree') lines.push(['birthday', 'cake', 'Same birthday']);
  if (evidence.birthday === 'compatible') lines.push(['birthday', 'cake', 'Birthdays fit together (one has no year)']);
  if (evidence.birthday === 'clash') lines.push(['birthday', 'warning', 'Different birthdays: merging keeps both for you to choose']);
  return h('ul', { class: 'rin-evidence', 'aria-label': 'Why', dataset: { testid: 'rin-evidence' } }, lines.map(([kind, glyph, text]) =>
    h('li', { dataset: { testid: 'rin-evidence-item', kind, tone: glyph === 'warning' ? 'warning' : null } }, icon(glyph), h('span', {}, text))));
}

/** One side of the pair. */
function side(contact) {
  const lines = [contact.organization, contact.phone, contact.email].filter(Boolean);
  return h('a', { class: 'rin-pair-side', href: contactHref(contact.id), dataset: { testid: 'rin-pair-contact', id: contact.id } },
    rinAvatar({ name: contact.displayName, photo: contact.photo }),
    h('span', { class: 'rin-pair-name' }, contact.displayName),
    lines.length ? lines.map((line) => h('span', { class: 'muted rin-pair-line' }, line))
      : h('span', { class: 'muted rin-pair-line' }, 'No phone or e-mail'));
}

/**
 * suggestionCard(suggestion, { onMerged(result), onDismissed(), onLater() }) -> <li>. The card
 * makes the calls itself and says a failure on itself; the screen hears what was decided.
 */
export function suggestionCard(suggestion, { onMerged, onDismissed, onLater }) {
  const [a, b] = suggestion.contacts;
  const alert = formAlert('rin-suggestion-error');
  const merge = h('button', { type: 'button', class: 'btn btn-primary', dataset: { testid: 'rin-suggestion-merge' } }, icon('merge'), 'Merge');
  const different = h('button', { type: 'button', class: 'btn', dataset: { testid: 'rin-suggestion-dismiss' } }, 'Different people');
  const later = h('button', { type: 'button', class: 'btn btn-quiet', dataset: { testid: 'rin-suggestion-later' } }, 'Not now');
  const titleId = `rin-suggestion-${suggestion.id}`;
  const card = h('li', { class: 'card rin-suggestion', 'aria-labelledby': titleId,
    dataset: { testid: 'rin-suggestion', id: suggestion.id, names: `${a.displayName} / ${b.displayName}` } },
  h('h3', { id: titleId, class: 'rin-suggestion-title' }, 'Maybe the same person ',
    h('span', { class: 'badge rin-badge', dataset: { testid: 'rin-suggestion-confidence' } }, `${percentText(suggestion.confidence)} sure`)),
  h('div', { class: 'rin-pair' }, side(a), h('span', { class: 'rin-pair-and', 'aria-hidden': 'true' }, icon('link')), side(b)),
  h('p', { class: 'rin-evidence-title muted' }, 'Why:'),
  evidenceList(suggestion.evidence, suggestion.contacts),
  alert.el,
  h('div', { class: 'actions rin-suggestion-actions' }, merge, different, later));

  const busy = (on) => { for (const button of [merge, different, later]) button.disabled = on; };
  async function act(call, after) {
    busy(true);
    alert.clear();
    try {
      after(await call());
    } catch (err) {
      busy(false);
      alert.show(problemText(err));
    }
  }
  merge.addEventListener('click', () => act(() => client.mergeSuggestion(suggestion.id), (result) => onMerged?.(result)));
  different.addEventListener('click', () => act(() => client.dismissSuggestion(suggestion.id), () => onDismissed?.()));
  later.addEventListener('click', () => onLater?.());
  return card;
}
