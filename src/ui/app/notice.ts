import { announce, announceError } from './announce.js';
import { h, fill } from './dom.js';
import { describeError, errorTag } from './messages.js';

/**
 * Inline outcome boxes beside the control that caused them, each also read
 * out through the live regions so screen-reader users hear it where they are.
 */
export function showError(container: Element, title: string, error: unknown): void {
  const text = describeError(error);
  const tag = errorTag(error);
  fill(container, h('div', { class: 'notice error' }, h('strong', {}, `${title}: `), text, tag ? h('span', { class: 'code' }, ` (${tag})`) : null));
  announceError(`${title}: ${text}`);
}

export function showSuccess(container: Element, text: string, ...extra: (Node | string)[]): void {
  fill(container, h('div', { class: 'notice success' }, text, ...extra));
  announce(text);
}
