import { byId } from './dom.js';

/**
 * Which view is on screen, from the location hash (#schedules, #jobs,
 * #explore), so the browser's back button and bookmarks work. Other hashes
 * (the skip link's #main) leave the view as it is.
 */
export const VIEWS = ['schedules', 'jobs', 'explore'] as const;
export type ViewName = (typeof VIEWS)[number];

const SECTIONS = ['sign-in', ...VIEWS] as const;

function isView(name: string): name is ViewName {
  return (VIEWS as readonly string[]).includes(name);
}

/** Show one section (or the sign-in form) and mark its nav link as current. */
export function showSection(name: (typeof SECTIONS)[number]): void {
  for (const section of SECTIONS) byId(`view-${section}`).hidden = section !== name;
  for (const link of byId('nav').querySelectorAll('a')) {
    if (link.getAttribute('href') === `#${name}`) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

function currentView(): ViewName {
  const name = window.location.hash.slice(1);
  return isView(name) ? name : 'schedules';
}

/** Follow hash changes to views while signed in; returns the view first shown. */
export function followHash(onView: (name: ViewName) => void, signal: AbortSignal): ViewName {
  window.addEventListener(
    'hashchange',
    () => {
      const name = window.location.hash.slice(1);
      if (isView(name)) onView(name);
    },
    { signal },
  );
  return currentView();
}
