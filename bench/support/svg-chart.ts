/** One line of a chart: a name and a y value per x = 1, 2, 3, ... */
export interface ChartSeries {
  name: string;
  values: readonly number[];
}

const colors = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e'];

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
