import { announce } from '../announce.js';
import { fill, h } from '../dom.js';
import { threshold as thresholdText } from '../format.js';
import { showError } from '../notice.js';
import type { Session } from '../session.js';
import type { CurveResult, ExplainResponse } from '../types.js';
import { renderBreakdown } from './breakdown.js';

/**
 * What a threshold of a curve is made of: choosing one posts /v1/explain for
 * the peril at the place and window of the curves, and shows the answer in
 * the peril's slot under its chart. Slots and choices outlive a redraw of the
 * curves (the metric switch); a new place starts afresh, and an answer that
 * arrives after another choice, or after a new place, is dropped.
 */
export interface ThresholdChoice {
  /** The element under a peril's chart that holds its breakdown; the same element across redraws. */
  slot(peril: string): HTMLElement;
  /** The threshold last chosen for the peril, if any. */
  chosen(peril: string): string | number | null;
  choose(result: CurveResult, index: number): void;
}

export interface ThresholdBreakdowns extends ThresholdChoice {
  /** A new set of curves: the place fields and window dates of their request (explain takes whole days, no hours). */
  reset(request: Record<string, string | number>): void;
}

export function createThresholdBreakdowns(session: Session): ThresholdBreakdowns {
  let request: Record<string, string | number> = {};
  const slots = new Map<string, HTMLElement>();
  const choices = new Map<string, string | number>();
  /** Each choice's number, and the latest per peril: an answer is shown only if no choice or reset came after its request. */
  let latest = 0;
  const latestFor = new Map<string, number>();

  function slot(peril: string): HTMLElement {
    let element = slots.get(peril);
    if (!element) {
      element = h('div', { class: 'breakdown-slot', 'data-peril': peril });
      slots.set(peril, element);
    }
    return element;
  }

  async function choose(result: CurveResult, index: number): Promise<void> {
    const { peril, unit } = result;
    const threshold = result.threshold[index]!;
    const at = `${peril} at ${thresholdText(threshold, unit)}`;
    const ticket = ++latest;
    latestFor.set(peril, ticket);
    choices.set(peril, threshold);
    const box = slot(peril);
    box.setAttribute('aria-busy', 'true');
    fill(
      box,
      h('p', { class: 'help' }, `Explaining ${at}…`),
      // The first earthquake request builds the source model (docs/explain.md "Earthquake").
      peril === 'Earthquake' ? h('p', { class: 'help' }, 'The first Earthquake breakdown can take up to a minute.') : null,
    );
    announce(`Explaining ${at}.`);
    try {
      const answer = await session.api.post<ExplainResponse>('/v1/explain', { peril, threshold, ...request });
      if (latestFor.get(peril) !== ticket) return;
      renderBreakdown(box, answer, unit);
      announce(`The breakdown of ${at} is shown under its chart.`);
    } catch (error) {
      if (latestFor.get(peril) !== ticket) return;
      showError(box, `Breakdown of ${at}`, error);
    } finally {
      if (latestFor.get(peril) === ticket) box.removeAttribute('aria-busy');
    }
  }

  return {
    slot,
    chosen: (peril) => choices.get(peril) ?? null,
    choose: (result, index) => void choose(result, index),
    reset(next) {
      request = next;
      slots.clear();
      choices.clear();
      latestFor.clear();
    },
  };
}
