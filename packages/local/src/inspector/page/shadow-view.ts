import type { ShadowFiguresState } from '../shadow-figures.ts';
import { clock, tokens } from './format.ts';
import { h, type ViewElement } from './view-node.ts';

const share = (value: number) => `${Math.round(value * 100)}%`;

function agreementTable(agreement: ShadowFiguresState['agreement']): ViewElement {
  const header = ['Level', 'Content', 'Judged', 'Agreed', 'Rate', '95% interval'];
  return h(
    'table',
    { className: 'agreement' },
    h('tr', {}, ...header.map((name) => h('th', {}, name))),
    ...agreement.map((figure) =>
      h(
        'tr',
        {},
        ...[
          figure.level,
          figure.kind,
          String(figure.judged),
          String(figure.agreed),
          share(figure.rate),
          `${share(figure.lower)}–${share(figure.upper)}`,
        ].map((text) => h('td', {}, text)),
      ),
    ),
  );
}

/**
 * Shadow evaluation's figures: agreement per level and kind of content, the level changes
 * `adapt` made, what `observe` saw, and the shadow calls that failed.
 */
export function shadowView(shadow: ShadowFiguresState): ViewElement[] {
  return [
    shadow.agreement.length > 0 && agreementTable(shadow.agreement),
    ...shadow.changes.map((change) =>
      h(
        'p',
        { className: 'note' },
        `${clock(change.time)} · ${change.kind}: ${change.from} → ${change.to}${
          change.reason === 'agreement' ? ' (agreement below the threshold)' : ' (probation held)'
        }`,
      ),
    ),
    shadow.observed.calls > 0 &&
      h(
        'p',
        { className: 'note' },
        `Observed ${shadow.observed.calls} calls: compression would have saved ${tokens(shadow.observed.savedTokens)} tokens.`,
      ),
    shadow.failures > 0 &&
      h(
        'p',
        { className: 'note' },
        `${shadow.failures} shadow calls failed (the answers users received were not affected).`,
      ),
  ].filter((node): node is ViewElement => node !== false);
}
