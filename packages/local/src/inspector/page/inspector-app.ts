import type { OperationSummary } from '../inspected-operation.ts';
import type { InspectorState } from '../inspector-state.ts';
import type { OperationDetail } from '../operation-detail.ts';
import { detailView } from './detail-view.ts';
import { clock, dateTime, plural, tokens } from './format.ts';
import { getJson } from './get-json.ts';
import { findTarget, hashTarget } from './location-hash.ts';
import { showView } from './mount-view.ts';
import { matchesFilter } from './operation-filter.ts';
import { operationRow } from './operation-row.ts';
import { quotaGauge } from './quota-gauge.ts';
import { savingsChart } from './savings-chart.ts';
import { shadowView } from './shadow-view.ts';
import { h } from './view-node.ts';

const REFRESH_MS = 2000;

/**
 * Runs the inspector page in `document` (the HTML of `inspector-page.ts`): polls the state,
 * draws it, and shows the operation a row click or the location's hash selects.
 */
export function startInspectorApp(document: Document): void {
  const window = document.defaultView!;
  const current: {
    state: InspectorState | null;
    selectedId: number | null;
    requestedId: number | null;
  } = { state: null, selectedId: null, requestedId: null };

  const byId = <T extends HTMLElement = HTMLElement>(id: string) =>
    document.getElementById(id) as T;
  const control = (id: string) => byId<HTMLInputElement | HTMLSelectElement>(id).value;

  function renderOperations(operations: readonly OperationSummary[]) {
    const filter = {
      text: control('filter-text'),
      endpoint: control('filter-endpoint'),
      kind: control('filter-kind'),
    };
    const shown = operations.filter((operation) => matchesFilter(operation, filter));
    showView(
      document.querySelector('#operations tbody')!,
      shown.map((operation) =>
        operationRow(operation, operation.id === current.selectedId, select),
      ),
    );
    byId('count').textContent =
      shown.length === operations.length
        ? `(${operations.length})`
        : `(${shown.length} of ${operations.length})`;
    byId('empty').hidden = shown.length > 0;
  }

  function renderDetail(detail: OperationDetail) {
    const box = byId('detail');
    box.hidden = false;
    box.dataset.requestId = detail.requestId;
    showView(box, detailView(detail, current.state?.inspector.maxTextChars));
  }

  function select(id: number) {
    current.selectedId = id;
    current.requestedId = id;
    if (current.state) renderOperations(current.state.operations);
    getJson<OperationDetail>(`/inspector/api/operations/${id}`)
      .then((detail) => {
        if (current.requestedId === id) renderDetail(detail);
      })
      .catch((error: unknown) => {
        const box = byId('detail');
        box.hidden = false;
        showView(box, [h('p', { className: 'note' }, String((error as Error)?.message || error))]);
      });
  }

  function render(state: InspectorState) {
    current.state = state;
    const { inspector, savings } = state;
    byId('subtitle').textContent =
      `${plural(inspector.recordedOperations, 'request')} served since ${dateTime(inspector.startedAt)} · ${tokens(savings.totalSavedTokens)} tokens saved`;
    byId('ring-size').textContent = String(inspector.maxOperations);
    showView(byId('quota'), state.quota.map(quotaGauge));
    byId('saved-total').textContent = `· ${tokens(savings.totalSavedTokens)} in all`;
    showView(byId('savings'), [savingsChart(savings, inspector.startedAt)]);
    byId('shadow-card').hidden = state.shadow === undefined;
    showView(byId('shadow'), state.shadow ? shadowView(state.shadow) : []);
    renderOperations(state.operations);
  }

  function refresh() {
    return getJson<InspectorState>('/inspector/api/state')
      .then((state) => {
        render(state);
        byId('updated').textContent = `updated ${clock(new Date().toISOString())}`;
        document.querySelector('.dot')!.classList.remove('stale');
      })
      .catch(() => {
        byId('updated').textContent = 'emulator unreachable';
        document.querySelector('.dot')!.classList.add('stale');
      });
  }

  // #req_... filters to that requestId and opens it; #op=12 opens operation 12.
  function followHash() {
    const target = hashTarget(window.location.hash);
    if (!target || !current.state) return;
    if ('requestId' in target) {
      byId<HTMLInputElement>('filter-text').value = target.requestId;
      renderOperations(current.state.operations);
    }
    const operation = findTarget(current.state.operations, target);
    if (operation) select(operation.id);
  }

  for (const id of ['filter-text', 'filter-endpoint', 'filter-kind']) {
    byId(id).addEventListener('input', () => {
      if (current.state) renderOperations(current.state.operations);
    });
  }
  window.addEventListener('hashchange', followHash);
  refresh().then(followHash);
  window.setInterval(refresh, REFRESH_MS);
}
