import { startEmulator } from '@ctxopt/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, chromiumAvailable, launchChromium } from './chromium.ts';

const hostile = '<img src=x onerror="window.injected=1"><script>window.injected=2</script>';

describe.runIf(chromiumAvailable())('the inspector page, in Chromium', { timeout: 60_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows markup a caller sent as text, and opens an operation by #op=<id>', async () => {
    const emulator = await startEmulator();
    try {
      for (const [index, context] of [
        'Paris is the capital of France. Bananas are yellow. '.repeat(20),
        `Paris is the capital of France. ${hostile} Bananas are yellow. `.repeat(20),
      ].entries()) {
        const response = await fetch(`${emulator.url}/v1/compress`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${emulator.apiKey}`,
            'content-type': 'application/json',
            'idempotency-key': `inspector-page-${index}`,
          },
          body: JSON.stringify({ context, query: `capital ${hostile}` }),
        });
        expect(response.status).toBe(200);
      }
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${emulator.inspectorUrl}#op=2`);
      const detail = page.locator('#detail');
      await detail.locator('.segment').first().waitFor();
      expect(await page.locator('#operations tbody tr.selected').getAttribute('data-id')).toBe('2');
      expect(await detail.locator('.query').textContent()).toBe(`capital ${hostile}`);
      expect(await detail.locator('.original').textContent()).toContain(hostile);
      expect(await detail.locator('.compressed').textContent()).toContain('Paris');
      // Each sentence says why it was kept or dropped, as text in its title.
      expect(await detail.locator('.original .segment.kept').first().getAttribute('title')).toMatch(
        /^score [\d.]+ · selected · query match [\d.]+/,
      );
      expect(
        await detail.locator('.original .segment.dropped').first().getAttribute('title'),
      ).toMatch(/^score [\d.]+ · /);
      expect(await page.locator('#detail img, #detail script').count()).toBe(0);
      expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();

      await page.evaluate(() => {
        location.hash = 'op=1';
      });
      await expect
        .poll(() => page.locator('#operations tbody tr.selected').getAttribute('data-id'))
        .toBe('1');
      // Both operations ask the same query: operation 1 shows when its original (no markup) does.
      await expect
        .poll(() => detail.locator('.original').textContent())
        .toBe('Paris is the capital of France. Bananas are yellow. '.repeat(20));
      expect(await detail.locator('.query').textContent()).toBe(`capital ${hostile}`);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await emulator.close();
    }
  });
});
