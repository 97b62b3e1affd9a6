// Rin's calls to the API, in one place, so screens speak in Rin's terms (book, contact, circle,
// grid, profile, person) and never build paths. Every profile-scoped call takes the profile it is
// about; which one that is, the card picker decides (acting.js).
import { api } from '../../api.js';
import { uploadMedia } from '../../kindred-client.js';
import { onEvent } from '../../realtime.js';

const P = '/rin';
const id = (value) => encodeURIComponent(value);

/** path?limit=…&cursor=…&…: Kindred's one paging shape (openapi.yaml "Lists"), and a list's filters. */
function query(path, params = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '' && value !== false) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The A–Z list asks for the contract's default: 50 a page. */
export const CONTACTS_PAGE = 50;

// ---- share links and cards ----
/** { link, token, svg, createdAt }: the profile's link (made on first ask) and its QR code as SVG. */
export const getShareLink = (profileId) => api.get(`${P}/profiles/${id(profileId)}/share-link`);
/** Stops the link at once; the next getShareLink makes a new one. */
export const revokeShareLink = (profileId) => api.delete(`${P}/profiles/${id(profileId)}/share-link`);
/** { person: RinPersonView, contactId?, isOwn }: the card a link opens; 404 once revoked. */
export const getCard = (token, actingProfileId) => api.get(query(`${P}/cards/${id(token)}`, { actingProfileId }));
/** The contact the card becomes in the acting book (or the one already linked to it). */
export const addCard = (token, actingProfileId) => api.post(query(`${P}/cards/${id(token)}/contact`, { actingProfileId }));

// ---- blocks of one profile (never its owner's account) ----
/** { id, label, blockedAt }: blocks the card's profile for every profile of mine; its owner isn't told. */
export const blockCard = (token, actingProfileId) => api.post(query(`${P}/cards/${id(token)}/block`, { actingProfileId }));
/** The same for a person I know (I see them, a contact is linked to them, or they asked me). */
export const blockPerson = (profileId, actingProfileId) => api.post(query(`${P}/people/${id(profileId)}/block`, { actingProfileId }));
/** { items: [{ id, label, blockedAt }], nextCursor? }: my blocks, most recent first. */
export const listBlocks = (cursor) => api.get(query(`${P}/blocks`, { cursor }));
export const unblock = (blockId) => api.delete(`${P}/blocks/${id(blockId)}`);

// ---- the network and the score ----
/** { links, oneWay, showing, twoHop? }: twoHop is absent below five (a small number could name someone). */
export const getNetwork = () => api.get(`${P}/network`);
/** { items: [{ person, kind: reciprocal | card, since, showsConnections, bridges? }], nextCursor? }, newest first. */
export const listLinks = (cursor) => api.get(query(`${P}/network/links`, { cursor }));
/** { paths: [{ via: [RinPersonView] }] }: at most three, shortest; [] says only that none may be shown. */
export const getPaths = (profileId) => api.get(`${P}/network/paths/${id(profileId)}`);
/** { official?: { value, day, computedAt, stale }, provisional, explanations }. */
export const getScore = () => api.get(`${P}/score`);
/** { items: [{ day, score, quality, position, stability, trust }] }: the last 90 days, oldest first. */
export const getScoreHistory = () => api.get(`${P}/score/history`);

// ---- disputes ----
/** draft: { fieldKey, statement, evidence?: [mediaId] } about a detail the acting profile sees; resolves to the dispute. */
export const createDispute = (profileId, draft, actingProfileId) =>
  api.post(query(`${P}/people/${id(profileId)}/disputes`, { actingProfileId }), draft);
/** answer: { action: correct | remove | keep, value?, statement? }: the subject's. */
export const answerDispute = (disputeId, answer) => api.post(`${P}/disputes/${id(disputeId)}/answer`, answer);
export const withdrawDispute = (disputeId) => api.post(`${P}/disputes/${id(disputeId)}/withdraw`);
export const onDisputeChanged = (handler) => onEvent('rin.dispute.changed', handler);

// ---- the security inbox ----
/** { sections: [{ section, action, unread }], action, unread }. */
export const getSecurity = () => api.get(`${P}/security`);
/** Everything up to now counts as seen; resolves to the counts. */
export const markSecurityRead = () => api.post(`${P}/security/read`);
/** section: access | disputes | alerts | reports; filter: all | action | resolved.
 * { items: [{ id, section, state: action | waiting | resolved, createdAt, unread, ask? | alert? | report? }], nextCursor? } */
export const listSecurityItems = (section, filter, cursor) => api.get(query(`${P}/security/items`, { section, filter, cursor }));
/** A new-device alert or an ended session reached this account (any app's realtime event). */
export const onAccountAlert = (handler) => onEvent('account.alert', handler);

// ---- settings ----
/** { defaultRegion, primaryProfileId, onboardedAt?, showsConnections }. The first Rin call of an account makes its primary profile. */
export const getSettings = () => api.get(`${P}/settings`);
/** changes: { defaultRegion?, showsConnections? }; resolves to the settings. */
export const updateSettings = (changes) => api.patch(`${P}/settings`, changes);

// ---- profiles and their fields ----
/** { items: [RinProfile] }: the primary first, then alternates oldest first. */
export const listProfiles = () => api.get(`${P}/profiles`);
/** draft: { kind: professional | personal | anonymous, displayName, bio?, discoverable? }; a 429 past the daily limit. */
export const createProfile = (draft) => api.post(`${P}/profiles`, draft);
/** { profile, fields } */
export const getProfile = (profileId) => api.get(`${P}/profiles/${id(profileId)}`);
/** changes: { displayName, bio, photoId, removePhoto, discoverable }; resolves to { profile, fields }. */
export const updateProfile = (profileId, changes) => api.patch(`${P}/profiles/${id(profileId)}`, changes);
export const deleteProfile = (profileId) => api.delete(`${P}/profiles/${id(profileId)}`);
/** draft: { kind, label?, value, isPrimary? }; resolves to the field as stored (phones in E.164). */
export const createField = (profileId, draft) => api.post(`${P}/profiles/${id(profileId)}/fields`, draft);
export const updateField = (profileId, fieldId, changes) => api.patch(`${P}/profiles/${id(profileId)}/fields/${id(fieldId)}`, changes);
export const deleteField = (profileId, fieldId) => api.delete(`${P}/profiles/${id(profileId)}/fields/${id(fieldId)}`);

// ---- circles ----
/** { items: [RinCircle] }: system first, then Family, Friends, Colleagues, then mine. */
export const listCircles = (profileId) => api.get(`${P}/profiles/${id(profileId)}/circles`);
/** draft: { name, emoji?, color?, template? }; resolves to the circle. */
export const createCircle = (profileId, draft) => api.post(`${P}/profiles/${id(profileId)}/circles`, draft);
/** changes: { name, emoji, removeEmoji, color }; resolves to the circle. */
export const updateCircle = (circleId, changes) => api.patch(`${P}/circles/${id(circleId)}`, changes);
export const deleteCircle = (circleId) => api.delete(`${P}/circles/${id(circleId)}`);
/** { items: [{ id, profileId?, contactId?, displayName?, addedAt }], nextCursor? }, newest first. */
export const listMembers = (circleId, cursor) => api.get(query(`${P}/circles/${id(circleId)}/members`, { cursor }));
/** additions: { profileIds?, contactIds? }; resolves to { items } added or already in. */
export const addMembers = (circleId, additions) => api.post(`${P}/circles/${id(circleId)}/members`, additions);
export const removeMember = (circleId, memberId) => api.delete(`${P}/circles/${id(circleId)}/members/${id(memberId)}`);

// ---- who sees what ----
/** { fields, circles, cells: [{ circleId, fieldKey, access, isTemplate }] } */
export const getPolicyGrid = (profileId) => api.get(`${P}/profiles/${id(profileId)}/policies`);
/** cells: [{ circleId, fieldKey, access }], saved all at once; resolves to the grid as it is now. */
export const updatePolicies = (profileId, cells) => api.put(`${P}/profiles/${id(profileId)}/policies`, { cells });
/** Every field of the circle back to its template's value. */
export const resetPolicies = (circleId) => api.delete(`${P}/circles/${id(circleId)}/policies`);
/** viewer: 'public' | 'circle:<id>' | 'profile:<id>'; resolves to the RinPersonView that viewer gets. */
export const previewProfile = (profileId, viewer) => api.get(query(`${P}/profiles/${id(profileId)}/preview`, { viewer }));

// ---- people ----
/** Someone's primary profile by username, as they let `actingProfileId` see it (RinPersonView). */
export const findPerson = (username, actingProfileId) => api.get(query(`${P}/people`, { username, actingProfileId }));
/** { items: [RinPersonView] }: discoverable people whose name has every word of q (at most 20). */
export const searchPeople = (q, actingProfileId) => api.get(query(`${P}/people/search`, { q, actingProfileId }));
export const getPerson = (profileId, actingProfileId) => api.get(query(`${P}/people/${id(profileId)}`, { actingProfileId }));

// ---- the book ----
/** filters: { q, circleId, favourites }; { items: [RinContactSummary], nextCursor? }, A to Z. */
export const listContacts = (profileId, { q, circleId, favourites, cursor, signal } = {}) =>
  api.get(query(`${P}/profiles/${id(profileId)}/contacts`, { q, circleId, favourites, limit: CONTACTS_PAGE, cursor }), { signal });
/** { recent, favourites, total, incomplete } */
export const getContactsHome = (profileId) => api.get(`${P}/profiles/${id(profileId)}/contacts/home`);
/** draft: RinContactDraft; resolves to the contact's detail. */
export const createContact = (profileId, draft) => api.post(`${P}/profiles/${id(profileId)}/contacts`, draft);
export const getContact = (contactId) => api.get(`${P}/contacts/${id(contactId)}`);
/** changes: RinContactEdit (left out stays, '' clears, `values` replaces them all); resolves to the detail. */
export const updateContact = (contactId, changes) => api.patch(`${P}/contacts/${id(contactId)}`, changes);
export const deleteContact = (contactId) => api.delete(`${P}/contacts/${id(contactId)}`);
/** Says which Rin person the contact is; resolves to the detail with their live view. */
/** Links a contact by their username, or by their card's token ({ token }): the only way to an alternate. */
export const linkContact = (contactId, username) => api.put(`${P}/contacts/${id(contactId)}/link`, { username });
export const linkContactToCard = (contactId, token) => api.put(`${P}/contacts/${id(contactId)}/link`, { token });
export const unlinkContact = (contactId) => api.delete(`${P}/contacts/${id(contactId)}/link`);
/** vCard 4.0 of one contact, or of the whole book, as a Blob (my own values only). */
export const exportContact = (contactId) => api.getBlob(`${P}/contacts/${id(contactId)}/vcard`);
export const exportContacts = (profileId) => api.getBlob(`${P}/profiles/${id(profileId)}/contacts/vcard`);

// ---- imports: a vCard or CSV file into the book ----
/** The largest file createRinImport takes (openapi.yaml: 20 MiB). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * The file's bytes as they are, with the upload's progress; resolves to { status, body: RinImport }:
 * 202 a new import, 200 this file went into this book before (the answer is that import, and
 * nothing changed). A broken file is a 422 whose detail names its line.
 */
export const createImport = (profileId, file, { onProgress, signal, idempotencyKey } = {}) =>
  api.upload(query(`${P}/profiles/${id(profileId)}/imports`, { name: (file.name || '').slice(0, 200) }), file,
    { onProgress, signal, idempotencyKey, withStatus: true });
/** { items: [RinImport], nextCursor? }, newest first. */
export const listImports = (profileId, { cursor, limit } = {}) => api.get(query(`${P}/profiles/${id(profileId)}/imports`, { cursor, limit }));
/** RinImport: phase reading | matching | done | failed, processed of total, the counts, warnings. */
export const getImport = (importId) => api.get(`${P}/imports/${id(importId)}`);
/** Goes on with a failed or stalled import from where it stopped; resolves to the import. */
export const resumeImport = (importId) => api.post(`${P}/imports/${id(importId)}/resume`);
/** handler(RinImport) after each batch of any of my imports, and when one ends. Returns the unsubscribe. */
export const onImportProgressed = (handler) => onEvent('rin.import.progressed', (event) => { if (event.import) handler(event.import); });

// ---- clean-up: suggestions, merges, conflicts ----
/** { items: [RinSuggestion: { id, confidence, evidence, contacts: [two summaries] }], nextCursor? } */
export const listSuggestions = (profileId, cursor) => api.get(query(`${P}/profiles/${id(profileId)}/suggestions`, { cursor }));
/** These two are one person; resolves to { merge, contact } (the merged contact). */
export const mergeSuggestion = (suggestionId) => api.post(`${P}/suggestions/${id(suggestionId)}/merge`);
/** "Different people": never suggested again. ("Not now" stores nothing: the screen just hides the card.) */
export const dismissSuggestion = (suggestionId) => api.post(`${P}/suggestions/${id(suggestionId)}/dismiss`);
/** Merges otherId into contactId's person (the older keeps its id); resolves to { merge, contact }. */
export const mergeContacts = (contactId, otherId) => api.post(`${P}/contacts/${id(contactId)}/merge`, { otherId });
/** { items: [RinMergeRecord], nextCursor? }: merges that stand, newest first; `automatic`: only an import's. */
export const listMerges = (profileId, { automatic, cursor, limit } = {}) =>
  api.get(query(`${P}/profiles/${id(profileId)}/merges`, { automatic, cursor, limit }));
/**
 * Both contacts back as they were; resolves to { survivor, restored }. A 409 when a later merge
 * must go first, or (its error on `discardEdits`) when the merged contact was edited since.
 */
export const undoMerge = (mergeId, { discardEdits } = {}) => api.post(query(`${P}/merges/${id(mergeId)}/undo`, { discardEdits }));
/** { items: [RinConflict: { id, contactId, contactName, field, options: [{ value, contactId }] }], nextCursor? } */
export const listConflicts = (profileId, cursor) => api.get(query(`${P}/profiles/${id(profileId)}/conflicts`, { cursor }));
/** Keeps option `choice` (its index); resolves to the contact as it is now. */
export const resolveConflict = (conflictId, choice) => api.post(`${P}/conflicts/${id(conflictId)}/resolve`, { choice });

// ---- asks and overrides ----
/** Asks the owner of profileId for a field on Ask; resolves to { fieldKey, requested: true } (waiting and declined alike). */
export const createAsk = (profileId, fieldKey, actingProfileId) =>
  api.post(query(`${P}/people/${id(profileId)}/asks`, { actingProfileId }), { fieldKey });
/** { items: [{ id, requester: RinPersonView, field: { key, kind, label? }, createdAt }], nextCursor? }, newest first. */
export const listIncomingAsks = (profileId, { cursor, limit } = {}) => api.get(query(`${P}/profiles/${id(profileId)}/asks`, { cursor, limit }));
/** Shows them the field from now on; allFields: every field, present and future. */
export const approveAsk = (askId, { allFields } = {}) => api.post(query(`${P}/asks/${id(askId)}/approve`, { allFields }));
/** Declines silently: they go on seeing that they asked. */
export const denyAsk = (askId) => api.post(`${P}/asks/${id(askId)}/deny`);
/** What one person (viewerProfileId) sees of one field (or '*'), whatever their circles say; access allow | ask | deny. */
export const setOverride = (profileId, viewerProfileId, fieldKey, access) =>
  api.put(`${P}/profiles/${id(profileId)}/overrides`, { viewerProfileId, fieldKey, access });
/** Their circles decide again. */
export const deleteOverride = (profileId, viewerProfileId, fieldKey) =>
  api.delete(query(`${P}/profiles/${id(profileId)}/overrides`, { viewerProfileId, fieldKey }));
/** handler({ askId, profileId }) when someone asks for a field of one of my profiles. */
export const onAskRequested = (handler) => onEvent('rin.ask.requested', handler);
/** handler({ askId, profileId }) when an owner said yes to me: profileId is theirs, to fetch again. */
export const onAskApproved = (handler) => onEvent('rin.ask.approved', handler);

// ---- media ----
/** A photo's bytes with progress; resolves to the stored media ({ id, url, … }). */
export const uploadPhoto = (blob, { onProgress, signal, idempotencyKey } = {}) =>
  uploadMedia(blob, { onProgress, signal, idempotencyKey });

/** Server ids are UUIDs in capitals; field keys carry them in lower case: compare whatever the case. */
export const sameId = (a, b) => String(a || '').toUpperCase() === String(b || '').toUpperCase();
