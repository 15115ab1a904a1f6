import { byId } from './dom.js';

/**
 * The page's two ARIA live regions (index.html): a polite one for progress
 * and completed actions, an assertive one for errors. Writing the same text
 * twice is still announced because the region is cleared first.
 */
function say(id: string, text: string): void {
  const region = byId(id);
  region.textContent = '';
  window.setTimeout(() => {
    region.textContent = text;
  }, 50);
}

export function announce(text: string): void {
  say('live-status', text);
}

export function announceError(text: string): void {
  say('live-alert', text);
}
