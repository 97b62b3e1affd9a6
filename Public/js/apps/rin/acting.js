// The profile Rin's screens are about: the one chosen in the Profile tab's card picker, else the
// primary (getRinSettings' primaryProfileId). The choice is kept in sessionStorage, per account,
// so it lasts while this tab is open and never carries over to someone else signing in here.
import { currentSession, onSessionChange } from '../../session.js';
import * as client from './client.js';

const PREFIX = 'kindred.rin.profile.';
let settings = null; // the promise of this session's settings, asked once
let profiles = null; // the promise of my profiles, asked again after a change

const key = () => `${PREFIX}${currentSession()?.me?.id || ''}`;

function stored() {
  try { return sessionStorage.getItem(key()); } catch { return null; } // storage blocked: the primary it is
}

/** Settings ({ defaultRegion, primaryProfileId }), asked once per session unless `fresh`. */
export function loadSettings({ fresh = false } = {}) {
  if (fresh || !settings) {
    settings = client.getSettings();
    settings.catch(() => { settings = null; }); // a failure is asked again next time
  }
  return settings;
}

/** Remember new settings (after a change) without asking again. */
export function keepSettings(value) {
  settings = Promise.resolve(value);
}

/** My profiles, the primary first; asked once until something changes them (forgetProfiles). */
export function loadProfiles({ fresh = false } = {}) {
  if (fresh || !profiles) {
    profiles = client.listProfiles().then((list) => list.items);
    profiles.catch(() => { profiles = null; });
  }
  return profiles;
}

export function forgetProfiles() {
  profiles = null;
}

/** The id of the profile the screens work on. */
export async function actingProfileId() {
  return stored() || (await loadSettings()).primaryProfileId;
}

/** The acting profile itself (RinProfile), or the primary when the chosen one is gone. */
export async function actingProfile() {
  const [list, pid] = await Promise.all([loadProfiles(), actingProfileId()]);
  const found = list.find((p) => client.sameId(p.id, pid));
  if (found) return found;
  choose(null);
  return list.find((p) => p.kind === 'primary') || list[0];
}

/** Choose a profile (null: back to the primary). */
export function choose(profileId) {
  try {
    if (profileId) sessionStorage.setItem(key(), profileId);
    else sessionStorage.removeItem(key());
  } catch { /* storage blocked: the choice lasts no longer than this page */ }
}

/**
 * Runs request(profileId) for the acting profile. A chosen alternate that no longer exists
 * (deleted on another device) answers 404: then forget it and run again for the primary.
 */
export async function withProfile(request) {
  const chosen = stored();
  const pid = await actingProfileId();
  try {
    return await request(pid);
  } catch (err) {
    if (!(chosen && err.status === 404)) throw err;
    // The 404 may be about something else (a circle of the list's filter): only a profile that
    // is really gone sends the screen back to the primary.
    const list = await loadProfiles({ fresh: true });
    if (list.some((p) => client.sameId(p.id, pid))) throw err;
    choose(null);
    return request((await loadSettings()).primaryProfileId);
  }
}

// Another account signing in on this tab starts from its own settings and profiles.
onSessionChange((session, reason) => {
  if (reason === 'signed-in' || reason === 'restored' || !session) {
    settings = null;
    profiles = null;
  }
});
