// The follow button, one for every place a person appears (search, profiles, lists). It reads
// Follow, Requested or Following (KinnectFollowState): Follow asks, Requested takes the request
// back, and Following asks before unfollowing, since following again needs their approval.
import { h } from '../../dom.js';
import * as client from './client.js';

const LABELS = { none: 'Follow', requested: 'Requested', following: 'Following' };

/**
 * person: { username, displayName }; state: none | requested | following.
 * followsMe: they follow me, so "Follow" reads "Follow back". onChange(state) after a change;
 * onError(err) when it failed (the button is back as it was). Returns { el, set(state) }.
 */
export function followButton(person, { state = 'none', followsMe = false, onChange, onError } = {}) {
  const who = person.displayName || person.username;
  const el = h('button', { type: 'button', class: 'btn kinnect-follow', dataset: { testid: 'kinnect-follow' } });

  function set(next) {
    state = LABELS[next] ? next : 'none';
    el.dataset.state = state;
    el.textContent = state === 'none' && followsMe ? 'Follow back' : LABELS[state];
    el.classList.toggle('btn-primary', state === 'none');
    el.setAttribute('aria-label', {
      none: `Follow ${who}`,
      requested: `Requested: take back your request to follow ${who}`,
      following: `Following ${who}: unfollow`,
    }[state]);
  }

  el.addEventListener('click', async () => {
    if (state === 'following' && !window.confirm(`Unfollow ${who}? To follow them again you’ll have to ask again.`)) return;
    const before = state;
    el.disabled = true;
    try {
      if (before === 'none') {
        const result = await client.follow(person.username);
        set(result.state);
      } else {
        await client.unfollow(person.username);
        set('none');
      }
      onChange?.(state, before);
    } catch (err) {
      set(before);
      onError?.(err);
    } finally {
      el.disabled = false;
    }
  });

  set(state);
  return { el, set, get state() { return state; } };
}
