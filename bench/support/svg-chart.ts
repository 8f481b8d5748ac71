/** One line of a chart: a name and a y value per x = 1, 2, 3, ... */
export interface ChartSeries {
  name: string;
  values: readonly number[];
}

const colors = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#9467bd',
  '#ff7f0e',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A line chart as a standalone SVG document: axes with ticks, one polyline per series, a legend. */
export function lineChartSvg(
  title: string,
  xLabel: string,
  yLabel: string,
  series: readonly ChartSeries[],
): string {
  const width = 760;
  const height = 420;
  const left = 80;
  const right = 200;
  const top = 40;
  const bottom = 50;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const count = Math.max(...series.map((line) => line.values.length));
  const maximum = Math.max(1, ...series.flatMap((line) => line.values));
  const x = (index: number) => left + (count <= 1 ? 0 : (index / (count - 1)) * plotWidth);
  const y = (value: number) => top + plotHeight - (value / maximum) * plotHeight;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${left}" y="22" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    `<line x1="${left}" y1="${top + plotHeight}" x2="${left + plotWidth}" y2="${top + plotHeight}" stroke="black"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotHeight}" stroke="black"/>`,
    `<text x="${left + plotWidth / 2}" y="${height - 12}" text-anchor="middle">${escapeXml(xLabel)}</text>`,
    `<text x="18" y="${top + plotHeight / 2}" text-anchor="middle" transform="rotate(-90 18 ${top + plotHeight / 2})">${escapeXml(yLabel)}</text>`,
  ];
  for (let tick = 0; tick <= 4; tick++) {
    const value = (maximum * tick) / 4;
    parts.push(
      `<line x1="${left - 4}" y1="${y(value)}" x2="${left + plotWidth}" y2="${y(value)}" stroke="#ddd"/>`,
      `<text x="${left - 8}" y="${y(value) + 4}" text-anchor="end">${Math.round(value).toLocaleString('en-US')}</text>`,
    );
  }
  for (const turn of [
    1,
    Math.round(count / 4),
    Math.round(count / 2),
    Math.round((3 * count) / 4),
    count,
  ]) {
    parts.push(
      `<text x="${x(turn - 1)}" y="${top + plotHeight + 18}" text-anchor="middle">${turn}</text>`,
    );
  }
  series.forEach((line, index) => {
    const color = colors[index % colors.length]!;
    const points = line.values
      .map((value, at) => `${x(at).toFixed(1)},${y(value).toFixed(1)}`)
      .join(' ');
    parts.push(
      `<polyline fill="none" stroke="${color}" stroke-width="2" points="${points}"/>`,
      `<line x1="${left + plotWidth + 16}" y1="${top + 10 + index * 22}" x2="${left + plotWidth + 40}" y2="${top + 10 + index * 22}" stroke="${color}" stroke-width="3"/>`,
      `<text x="${left + plotWidth + 46}" y="${top + 14 + index * 22}">${escapeXml(line.name)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** One point of a scatter chart: a label (its legend entry) and its x and y. */
export interface ChartPoint {
  name: string;
  x: number;
  y: number;
}

/**
 * A scatter chart as a standalone SVG document: x from 0 to the largest x (at least 1),
 * y from 0 to 1 (a share), one marker per point with its legend entry on the right.
 */
export function scatterChartSvg(
  title: string,
  xLabel: string,
  yLabel: string,
  points: readonly ChartPoint[],
): string {
  const width = 1040;
  const height = 460;
  const left = 70;
  const right = 500;
  const top = 40;
  const bottom = 50;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const maximum = Math.max(1, ...points.map((point) => point.x));
  const x = (value: number) => left + (value / maximum) * plotWidth;
  const y = (value: number) => top + plotHeight - value * plotHeight;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${left}" y="22" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    `<line x1="${left}" y1="${top + plotHeight}" x2="${left + plotWidth}" y2="${top + plotHeight}" stroke="black"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotHeight}" stroke="black"/>`,
    `<text x="${left + plotWidth / 2}" y="${height - 12}" text-anchor="middle">${escapeXml(xLabel)}</text>`,
    `<text x="18" y="${top + plotHeight / 2}" text-anchor="middle" transform="rotate(-90 18 ${top + plotHeight / 2})">${escapeXml(yLabel)}</text>`,
  ];
  for (let tick = 0; tick <= 4; tick++) {
    const share = tick / 4;
    const cost = (maximum * tick) / 4;
    parts.push(
      `<line x1="${left - 4}" y1="${y(share)}" x2="${left + plotWidth}" y2="${y(share)}" stroke="#ddd"/>`,
      `<text x="${left - 8}" y="${y(share) + 4}" text-anchor="end">${Math.round(share * 100)}%</text>`,
      `<text x="${x(cost)}" y="${top + plotHeight + 18}" text-anchor="middle">${cost.toFixed(2)}x</text>`,
    );
  }
  // The baseline: no compression with caching costs 1x.
  parts.push(
    `<line x1="${x(1)}" y1="${top}" x2="${x(1)}" y2="${top + plotHeight}" stroke="#888" stroke-dasharray="4 3"/>`,
    `<text x="${x(1) + 4}" y="${top + 12}" fill="#555">1x: no compression, caching</text>`,
  );
  const names = [...new Set(points.map((point) => point.name))];
  for (const point of points) {
    const color = colors[names.indexOf(point.name) % colors.length]!;
    parts.push(
      `<circle cx="${x(point.x).toFixed(1)}" cy="${y(point.y).toFixed(1)}" r="5" fill="${color}" fill-opacity="0.7"/>`,
    );
  }
  names.forEach((name, index) => {
    const color = colors[index % colors.length]!;
    parts.push(
      `<circle cx="${left + plotWidth + 24}" cy="${top + 10 + index * 22}" r="5" fill="${color}"/>`,
      `<text x="${left + plotWidth + 36}" y="${top + 14 + index * 22}">${escapeXml(name)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
