/**
 * The inspector page's script, served at `/inspector/inspector.js`: plain browser JavaScript with no dependency, shipped as a string so the page needs no build step and works from the bundled `dist`. It builds every node with `textContent`, never `innerHTML`, so a context can never inject markup.
 */
export const inspectorScript = String.raw`(function () {
  'use strict';
  var REFRESH_MS = 2000;
  var SVG = 'http://www.w3.org/2000/svg';
  var current = { state: null, selectedId: null, requestedId: null };

  function byId(id) { return document.getElementById(id); }
  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function svg(tag, attributes) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, String(attributes[name])); });
    return node;
  }
  function tokens(count) { return typeof count === 'number' ? count.toLocaleString('en-US') : '–'; }
  function clock(iso) { return new Date(iso).toLocaleTimeString('en-GB', { hour12: false }); }
  function statusClass(status) {
    if (status === null) return 'status-dropped';
    if (status < 300) return 'status-ok';
    if (status < 500) return 'status-client';
    return 'status-server';
  }
  function levelOrMode(operation) {
    if (operation.level) return 'level ' + operation.level;
    if (operation.mode) return 'mode ' + operation.mode;
    return operation.operation ? 'default' : '–';
  }

  function getJson(path) {
    return fetch(path, { cache: 'no-store', headers: { accept: 'application/json' } }).then(function (response) {
      if (!response.ok) throw new Error(path + ' answered ' + response.status);
      return response.json();
    });
  }

  function matches(operation) {
    var text = byId('filter-text').value.trim().toLowerCase();
    var endpoint = byId('filter-endpoint').value;
    var kind = byId('filter-kind').value;
    if (endpoint === 'other' && (operation.endpoint === '/v1/compress' || operation.endpoint === '/v1/generate')) return false;
    if (endpoint && endpoint !== 'other' && operation.endpoint !== endpoint) return false;
    if (kind === 'ok' && !(operation.status !== null && operation.status < 300)) return false;
    if (kind === 'error' && operation.status !== null && operation.status < 300) return false;
    if (kind === 'replayed' && !operation.replayed) return false;
    if (kind === 'conflict' && !operation.conflict) return false;
    if (kind === 'fault' && !operation.fault) return false;
    if (!text) return true;
    var haystack = [operation.requestId, operation.endpoint, operation.method, operation.code, operation.level,
      operation.mode, operation.provider, operation.model, operation.fault, operation.status].join(' ').toLowerCase();
    return haystack.indexOf(text) !== -1;
  }

  function flagsOf(operation) {
    var cell = element('td');
    if (operation.replayed) cell.appendChild(element('span', 'flag replay', 'replayed'));
    if (operation.conflict) cell.appendChild(element('span', 'flag conflict', '409 conflict'));
    if (operation.fault) cell.appendChild(element('span', 'flag fault', 'fault: ' + operation.fault));
    if (operation.compression === 'skipped') cell.appendChild(element('span', 'flag', 'skipped'));
    return cell;
  }

  function renderOperations(operations) {
    var body = document.querySelector('#operations tbody');
    var shown = operations.filter(matches);
    body.textContent = '';
    shown.forEach(function (operation) {
      var row = element('tr');
      row.dataset.id = String(operation.id);
      row.dataset.requestId = operation.requestId;
      if (operation.id === current.selectedId) row.className = 'selected';
      row.appendChild(element('td', 'mono', clock(operation.time)));
      row.appendChild(element('td', 'mono', (operation.method || '–') + ' ' + (operation.endpoint || '')));
      row.appendChild(element('td', 'mono', operation.requestId));
      row.appendChild(element('td', '', levelOrMode(operation)));
      row.appendChild(element('td', 'number', tokens(operation.inputTokens)));
      row.appendChild(element('td', 'number', tokens(operation.compressedTokens)));
      var saved = element('td', 'number');
      if (typeof operation.savedTokens === 'number') {
        saved.appendChild(element('span', 'saved', tokens(operation.savedTokens)));
        if (typeof operation.reductionPct === 'number') saved.appendChild(element('span', 'muted', ' (' + operation.reductionPct.toFixed(1) + '%)'));
      } else saved.textContent = '–';
      row.appendChild(saved);
      var status = element('td');
      var pill = element('span', 'pill ' + statusClass(operation.status), operation.status === null ? 'dropped' : operation.status);
      status.appendChild(pill);
      if (operation.code) status.appendChild(element('span', 'muted mono', ' ' + operation.code));
      row.appendChild(status);
      row.appendChild(flagsOf(operation));
      row.addEventListener('click', function () { select(operation.id); });
      body.appendChild(row);
    });
    byId('count').textContent = shown.length === operations.length ? '(' + operations.length + ')' : '(' + shown.length + ' of ' + operations.length + ')';
    byId('empty').hidden = shown.length > 0;
  }

  function renderQuota(quota) {
    var box = byId('quota');
    box.textContent = '';
    quota.forEach(function (account) {
      var share = account.limitTokens > 0 ? Math.min(1, account.usedTokens / account.limitTokens) : 1;
      var gauge = element('div', 'gauge');
      gauge.dataset.usedTokens = String(account.usedTokens);
      var drawing = svg('svg', { viewBox: '0 0 120 68', role: 'img', 'aria-label': Math.round(share * 100) + '% of the monthly quota used' });
      var arc = 'M 10 60 A 50 50 0 0 1 110 60';
      var length = Math.PI * 50;
      drawing.appendChild(svg('path', { d: arc, fill: 'none', stroke: '#e5e7eb', 'stroke-width': 11, 'stroke-linecap': 'round' }));
      var colour = share < 0.7 ? '#16a34a' : share < 0.9 ? '#d97706' : '#dc2626';
      if (share > 0) drawing.appendChild(svg('path', { d: arc, fill: 'none', stroke: colour, 'stroke-width': 11, 'stroke-linecap': 'round', 'stroke-dasharray': (share * length).toFixed(2) + ' ' + length.toFixed(2) }));
      var percent = svg('text', { x: 60, y: 56, 'text-anchor': 'middle', 'font-size': 17, 'font-weight': 650, fill: '#1f2430' });
      percent.textContent = (share * 100).toFixed(share < 0.1 ? 1 : 0) + '%';
      drawing.appendChild(percent);
      gauge.appendChild(drawing);
      var words = element('div');
      words.appendChild(element('div', 'figure', tokens(account.usedTokens)));
      words.appendChild(element('div', 'label', 'of ' + tokens(account.limitTokens) + ' tokens used'));
      words.appendChild(element('div', 'label', account.label + ' · ' + tokens(account.remainingTokens) + ' left · ' + account.operations + (account.operations === 1 ? ' operation' : ' operations')));
      words.appendChild(element('div', 'label', 'resets ' + new Date(account.resetsAt).toISOString().slice(0, 10)));
      gauge.appendChild(words);
      box.appendChild(gauge);
    });
  }

  function renderSavings(savings) {
    var box = byId('savings');
    box.textContent = '';
    byId('saved-total').textContent = '· ' + tokens(savings.totalSavedTokens) + ' in all';
    var points = savings.points;
    if (points.length === 0) {
      box.appendChild(element('p', 'empty', 'No tokens saved yet.'));
      return;
    }
    var width = 640, height = 180, left = 56, right = 14, top = 12, bottom = 26;
    // The chart starts at zero when the emulator started, so one point still draws a line.
    var series = [{ time: current.state.inspector.startedAt, totalSavedTokens: 0 }].concat(points);
    var start = new Date(series[0].time).getTime();
    var end = new Date(series[series.length - 1].time).getTime();
    if (end <= start) { start -= 1000; }
    var highest = Math.max(1, points[points.length - 1].totalSavedTokens);
    function x(time) { return left + ((new Date(time).getTime() - start) / (end - start)) * (width - left - right); }
    function y(total) { return top + (1 - total / highest) * (height - top - bottom); }
    var line = series.map(function (point, index) { return (index ? 'L ' : 'M ') + x(point.time).toFixed(1) + ' ' + y(point.totalSavedTokens).toFixed(1); }).join(' ');
    var drawing = svg('svg', { viewBox: '0 0 ' + width + ' ' + height, role: 'img', 'aria-label': 'Tokens saved over time' });
    [0, 0.5, 1].forEach(function (fraction) {
      var level = y(highest * fraction);
      drawing.appendChild(svg('line', { x1: left, x2: width - right, y1: level, y2: level, stroke: '#eef0f3' }));
      var label = svg('text', { x: left - 8, y: level + 4, 'text-anchor': 'end', class: 'axis' });
      label.textContent = tokens(Math.round(highest * fraction));
      drawing.appendChild(label);
    });
    var baseline = y(0).toFixed(1);
    drawing.appendChild(svg('path', { d: line + ' L ' + x(series[series.length - 1].time).toFixed(1) + ' ' + baseline + ' L ' + x(series[0].time).toFixed(1) + ' ' + baseline + ' Z', fill: 'rgba(79, 70, 229, 0.12)' }));
    drawing.appendChild(svg('path', { d: line, fill: 'none', stroke: '#4f46e5', 'stroke-width': 2.2, 'stroke-linejoin': 'round' }));
    points.forEach(function (point) {
      drawing.appendChild(svg('circle', { cx: x(point.time).toFixed(1), cy: y(point.totalSavedTokens).toFixed(1), r: 3, fill: '#4f46e5' }));
    });
    var first = clock(series[0].time), last = clock(series[series.length - 1].time);
    [[left, first, 'start'], [width - right, last, 'end']].forEach(function (axis, index) {
      if (index && last === first) return;
      var label = svg('text', { x: axis[0], y: height - 6, 'text-anchor': axis[2], class: 'axis' });
      label.textContent = axis[1];
      drawing.appendChild(label);
    });
    box.appendChild(drawing);
  }

  function renderShadow(shadow) {
    var card = byId('shadow-card');
    var box = byId('shadow');
    card.hidden = !shadow;
    box.textContent = '';
    if (!shadow) return;
    var percent = function (value) { return Math.round(value * 100) + '%'; };
    if (shadow.agreement.length) {
      var table = element('table', 'agreement');
      var head = element('tr');
      ['Level', 'Content', 'Judged', 'Agreed', 'Rate', '95% interval'].forEach(function (name) { head.appendChild(element('th', '', name)); });
      table.appendChild(head);
      shadow.agreement.forEach(function (figure) {
        var row = element('tr');
        [figure.level, figure.kind, String(figure.judged), String(figure.agreed), percent(figure.rate), percent(figure.lower) + '–' + percent(figure.upper)].forEach(function (text) { row.appendChild(element('td', '', text)); });
        table.appendChild(row);
      });
      box.appendChild(table);
    }
    shadow.changes.forEach(function (change) {
      box.appendChild(element('p', 'note', clock(change.time) + ' · ' + change.kind + ': ' + change.from + ' → ' + change.to + (change.reason === 'agreement' ? ' (agreement below the threshold)' : ' (probation held)')));
    });
    if (shadow.observed.calls) {
      box.appendChild(element('p', 'note', 'Observed ' + shadow.observed.calls + ' calls: compression would have saved ' + tokens(shadow.observed.savedTokens) + ' tokens.'));
    }
    if (shadow.failures) {
      box.appendChild(element('p', 'note', shadow.failures + ' shadow calls failed (the answers users received were not affected).'));
    }
  }

  function chip(label, value) {
    var node = element('span', 'chip');
    node.appendChild(document.createTextNode(label + ' '));
    node.appendChild(element('strong', '', value));
    return node;
  }

  function renderDetail(detail) {
    var box = byId('detail');
    box.textContent = '';
    box.hidden = false;
    box.dataset.requestId = detail.requestId;
    var head = element('div', 'detail-head');
    var title = element('h2');
    title.appendChild(document.createTextNode('Operation '));
    title.appendChild(element('span', 'mono', detail.requestId));
    head.appendChild(title);
    head.appendChild(element('span', 'muted', new Date(detail.time).toLocaleString('en-GB', { hour12: false }) + ' · ' + detail.durationMs + ' ms'));
    box.appendChild(head);
    var chips = element('div', 'chips');
    chips.appendChild(chip('endpoint', detail.method + ' ' + detail.endpoint));
    chips.appendChild(chip('status', detail.status === null ? 'dropped' : String(detail.status) + (detail.code ? ' ' + detail.code : '')));
    chips.appendChild(chip('level / mode', levelOrMode(detail)));
    if (detail.provider) chips.appendChild(chip('model', detail.provider + ' ' + detail.model));
    if (typeof detail.inputTokens === 'number') {
      chips.appendChild(chip('tokens', tokens(detail.inputTokens) + ' → ' + tokens(detail.compressedTokens)));
      chips.appendChild(chip('saved', tokens(detail.savedTokens) + ' (' + detail.reductionPct.toFixed(1) + '%)'));
    }
    if (detail.replayed) chips.appendChild(chip('replay', 'stored answer'));
    if (detail.fault) chips.appendChild(chip('fault', detail.fault));
    box.appendChild(chips);
    if (detail.query !== null) {
      box.appendChild(element('h3', '', 'Query'));
      box.appendChild(element('p', 'query', detail.query || '(empty)'));
    }
    if (!detail.segments) {
      box.appendChild(element('p', 'muted', detail.context ? 'No compression to compare: the operation did not succeed, or its context was cut at the cap.' : 'This request did not reach the operation: no context to show.'));
      if (detail.context && detail.context.truncated) box.appendChild(element('p', 'note', 'The context had ' + tokens(detail.context.chars) + ' characters; the inspector keeps the first ' + tokens(current.state.inspector.maxTextChars) + '.'));
      return;
    }
    var kept = detail.segments.filter(function (segment) { return segment.kept && segment.text.trim(); }).length;
    var total = detail.segments.filter(function (segment) { return segment.text.trim(); }).length;
    var legend = element('div', 'legend');
    legend.appendChild(element('span', 'segment kept', 'kept'));
    legend.appendChild(element('span', 'segment dropped', 'dropped'));
    legend.appendChild(element('span', '', kept + ' of ' + total + ' sentences and blocks kept'));
    box.appendChild(legend);
    var columns = element('div', 'columns');
    var original = element('div', 'column');
    original.appendChild(element('h3', '', 'Original context · ' + tokens(detail.inputTokens) + ' tokens'));
    var originalText = element('pre', 'text original');
    detail.segments.forEach(function (segment) {
      if (!segment.text.trim()) { originalText.appendChild(document.createTextNode(segment.text)); return; }
      originalText.appendChild(element('span', 'segment ' + (segment.kept ? 'kept' : 'dropped'), segment.text));
    });
    original.appendChild(originalText);
    var compressed = element('div', 'column');
    compressed.appendChild(element('h3', '', 'Compressed · ' + tokens(detail.compressedTokens) + ' tokens'));
    compressed.appendChild(element('pre', 'text compressed', detail.compressed.text));
    columns.appendChild(original);
    columns.appendChild(compressed);
    box.appendChild(columns);
    if (detail.context.truncated) box.appendChild(element('p', 'note', 'The context had ' + tokens(detail.context.chars) + ' characters; the first ' + tokens(current.state.inspector.maxTextChars) + ' are shown.'));
    if (detail.compressed.source === 'recomputed') box.appendChild(element('p', 'note', 'A generate answer does not carry the compressed text: it was computed again by the same deterministic engine.'));
    if (detail.answer !== null) {
      var answer = element('div', 'answer');
      answer.appendChild(element('h3', '', 'Answer'));
      answer.appendChild(element('pre', 'text', detail.answer));
      box.appendChild(answer);
    }
  }

  function select(id) {
    current.selectedId = id;
    current.requestedId = id;
    if (current.state) renderOperations(current.state.operations);
    getJson('/inspector/api/operations/' + id).then(function (detail) {
      if (current.requestedId === id) renderDetail(detail);
    }).catch(function (error) {
      var box = byId('detail');
      box.hidden = false;
      box.textContent = '';
      box.appendChild(element('p', 'note', String(error.message || error)));
    });
  }

  function render(state) {
    current.state = state;
    var served = state.inspector.recordedOperations;
    byId('subtitle').textContent = served + (served === 1 ? ' request' : ' requests') + ' served since ' + new Date(state.inspector.startedAt).toLocaleString('en-GB', { hour12: false }) + ' · ' + tokens(state.savings.totalSavedTokens) + ' tokens saved';
    byId('ring-size').textContent = String(state.inspector.maxOperations);
    renderQuota(state.quota);
    renderSavings(state.savings);
    renderShadow(state.shadow);
    renderOperations(state.operations);
  }

  function refresh() {
    return getJson('/inspector/api/state').then(function (state) {
      render(state);
      byId('updated').textContent = 'updated ' + clock(new Date().toISOString());
      document.querySelector('.dot').classList.remove('stale');
    }).catch(function () {
      byId('updated').textContent = 'emulator unreachable';
      document.querySelector('.dot').classList.add('stale');
    });
  }

  // #req_... filters to that requestId and opens it; #op=12 opens operation 12.
  function followHash() {
    var hash = decodeURIComponent(location.hash.slice(1));
    if (!hash || !current.state) return;
    var wanted = /^op=(\d+)$/.exec(hash);
    var operation = current.state.operations.find(function (candidate) {
      return wanted ? candidate.id === Number(wanted[1]) : candidate.requestId === hash;
    });
    if (!wanted) {
      byId('filter-text').value = hash;
      renderOperations(current.state.operations);
    }
    if (operation) select(operation.id);
  }

  ['filter-text', 'filter-endpoint', 'filter-kind'].forEach(function (id) {
    byId(id).addEventListener('input', function () { if (current.state) renderOperations(current.state.operations); });
  });
  window.addEventListener('hashchange', followHash);
  refresh().then(followHash);
  setInterval(refresh, REFRESH_MS);
})();
`;
