import type { MarkedSegment } from '../mark-sentences.ts';
import type { OperationDetail } from '../operation-detail.ts';
import { dateTime, percent, tokens } from './format.ts';
import { hasScores, keptCount, markedText } from './marked-text.ts';
import { levelOrMode } from './operation-labels.ts';
import { h, present, type ViewChild, type ViewElement, type ViewNode } from './view-node.ts';

function chip(label: string, value: string): ViewElement {
  return h('span', { className: 'chip' }, `${label} `, h('strong', {}, value));
}

function header(detail: OperationDetail): ViewElement {
  return h(
    'div',
    { className: 'detail-head' },
    h('h2', {}, 'Operation ', h('span', { className: 'mono' }, detail.requestId)),
    h('span', { className: 'muted' }, `${dateTime(detail.time)} · ${detail.durationMs} ms`),
  );
}

function chips(detail: OperationDetail): ViewElement {
  const status =
    detail.status === null ? 'dropped' : `${detail.status}${detail.code ? ` ${detail.code}` : ''}`;
  const counted = typeof detail.inputTokens === 'number';
  return h(
    'div',
    { className: 'chips' },
    chip('endpoint', `${detail.method} ${detail.endpoint}`),
    chip('status', status),
    chip('level / mode', levelOrMode(detail)),
    detail.provider && chip('model', `${detail.provider} ${detail.model}`),
    counted && chip('tokens', `${tokens(detail.inputTokens)} → ${tokens(detail.compressedTokens)}`),
    counted && chip('saved', `${tokens(detail.savedTokens)} (${percent(detail.reductionPct)})`),
    detail.replayed && chip('replay', 'stored answer'),
    detail.fault && chip('fault', detail.fault),
  );
}

function note(text: string): ViewElement {
  return h('p', { className: 'note' }, text);
}

/** Why there is nothing to compare, and how much of the context was kept if it was cut. */
function withoutComparison(detail: OperationDetail, maxTextChars: number | undefined): ViewChild[] {
  const { context } = detail;
  return [
    h(
      'p',
      { className: 'muted' },
      context
        ? 'No compression to compare: the operation did not succeed, or its context was cut at the cap.'
        : 'This request did not reach the operation: no context to show.',
    ),
    context?.truncated &&
      note(
        `The context had ${tokens(context.chars)} characters; the inspector keeps the first ${tokens(maxTextChars)}.`,
      ),
  ];
}

/** The original with each unit marked kept or dropped, beside the compressed text. */
function comparison(detail: OperationDetail, segments: readonly MarkedSegment[]): ViewChild[] {
  const { kept, total } = keptCount(segments);
  return [
    h(
      'div',
      { className: 'legend' },
      h('span', { className: 'segment kept' }, 'kept'),
      h('span', { className: 'segment dropped' }, 'dropped'),
      h('span', {}, `${kept} of ${total} sentences and blocks kept`),
      hasScores(segments) &&
        h('span', { className: 'muted' }, 'point at a sentence for its score and signals'),
    ),
    h(
      'div',
      { className: 'columns' },
      h(
        'div',
        { className: 'column' },
        h('h3', {}, `Original context · ${tokens(detail.inputTokens)} tokens`),
        h('pre', { className: 'text original' }, ...markedText(segments)),
      ),
      h(
        'div',
        { className: 'column' },
        h('h3', {}, `Compressed · ${tokens(detail.compressedTokens)} tokens`),
        h('pre', { className: 'text compressed' }, detail.compressed?.text ?? ''),
      ),
    ),
  ];
}

/**
 * One operation in full: its figures, the query, the original context with each sentence
 * marked kept or dropped beside the compressed text, and a generate call's answer.
 * `maxTextChars` is the inspector's cap, quoted when the context was cut.
 */
export function detailView(detail: OperationDetail, maxTextChars: number | undefined): ViewNode[] {
  const children: ViewChild[] = [
    header(detail),
    chips(detail),
    detail.query !== null && h('h3', {}, 'Query'),
    detail.query !== null && h('p', { className: 'query' }, detail.query || '(empty)'),
  ];
  const { segments, context, compressed } = detail;
  if (!segments) {
    children.push(...withoutComparison(detail, maxTextChars));
  } else {
    children.push(
      ...comparison(detail, segments),
      context?.truncated &&
        note(
          `The context had ${tokens(context.chars)} characters; the first ${tokens(maxTextChars)} are shown.`,
        ),
      compressed?.source === 'recomputed' &&
        note(
          'A generate answer does not carry the compressed text: it was computed again by the same deterministic engine.',
        ),
      detail.answer !== null &&
        h(
          'div',
          { className: 'answer' },
          h('h3', {}, 'Answer'),
          h('pre', { className: 'text' }, detail.answer),
        ),
    );
  }
  return present(children);
}
