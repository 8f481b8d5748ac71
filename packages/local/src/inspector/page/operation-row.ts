import type { OperationSummary } from '../inspected-operation.ts';
import { clock, percent, tokens } from './format.ts';
import { levelOrMode, statusClass } from './operation-labels.ts';
import { h, type ViewElement } from './view-node.ts';

function flagsCell(operation: OperationSummary): ViewElement {
  return h(
    'td',
    {},
    operation.replayed && h('span', { className: 'flag replay' }, 'replayed'),
    operation.conflict && h('span', { className: 'flag conflict' }, '409 conflict'),
    operation.fault && h('span', { className: 'flag fault' }, `fault: ${operation.fault}`),
    operation.compression === 'skipped' && h('span', { className: 'flag' }, 'skipped'),
  );
}

function savedCell(operation: OperationSummary): ViewElement {
  if (typeof operation.savedTokens !== 'number') return h('td', { className: 'number' }, '–');
  return h(
    'td',
    { className: 'number' },
    h('span', { className: 'saved' }, tokens(operation.savedTokens)),
    typeof operation.reductionPct === 'number' &&
      h('span', { className: 'muted' }, ` (${percent(operation.reductionPct)})`),
  );
}

function statusCell(operation: OperationSummary): ViewElement {
  const { status } = operation;
  return h(
    'td',
    {},
    h(
      'span',
      { className: `pill ${statusClass(status)}` },
      status === null ? 'dropped' : String(status),
    ),
    operation.code && h('span', { className: 'muted mono' }, ` ${operation.code}`),
  );
}

/** One row of the operations table; a click selects the operation. */
export function operationRow(
  operation: OperationSummary,
  selected: boolean,
  onSelect: (id: number) => void,
): ViewElement {
  return h(
    'tr',
    {
      className: selected ? 'selected' : '',
      dataset: { id: String(operation.id), requestId: operation.requestId },
      onClick: () => onSelect(operation.id),
    },
    h('td', { className: 'mono' }, clock(operation.time)),
    h('td', { className: 'mono' }, `${operation.method || '–'} ${operation.endpoint || ''}`),
    h('td', { className: 'mono' }, operation.requestId),
    h('td', {}, levelOrMode(operation)),
    h('td', { className: 'number' }, tokens(operation.inputTokens)),
    h('td', { className: 'number' }, tokens(operation.compressedTokens)),
    savedCell(operation),
    statusCell(operation),
    flagsCell(operation),
  );
}
