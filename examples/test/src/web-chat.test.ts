import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '@ctxopt/local';
import { type ChatServer, startChatServer } from '@ctxopt-examples/web-chat';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, chromiumAvailable, launchChromium } from './chromium.ts';

const screenshots = fileURLToPath(new URL('../../web-chat/screenshots/', import.meta.url));

/**
 * Every run writes its screenshots to `screenshots/latest/` (not committed);
 * `UPDATE_SCREENSHOTS=1` also replaces the ones the READMEs show.
 */
async function screenshot(page: Page, name: string, fullPage = false) {
  await mkdir(`${screenshots}latest`, { recursive: true });
  await page.screenshot({ path: `${screenshots}latest/${name}.png`, fullPage });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    await page.screenshot({ path: `${screenshots}${name}.png`, fullPage });
  }
}

/** Fails the test on any script error or failed request of the page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  return errors;
}

const count = (text: string) => Number(text.replaceAll(',', ''));

describe.runIf(chromiumAvailable())(
  'the web chat and the inspector, in Chromium',
  { timeout: 60_000 },
  () => {
    let browser: Browser;
    let server: ChatServer;
    beforeAll(async () => {
      browser = await launchChromium();
      server = await startChatServer({ env: {} });
    }, 60_000);
    afterAll(async () => {
      await server?.close();
      await browser?.close();
    });

    it('streams the answer to a question, shows its savings, and opens the operation in the inspector with its kept and dropped text', async () => {
      const page = await browser.context.newPage();
      const errors = watchErrors(page);
      await page.goto(server.url);
      await expect
        .poll(() => page.locator('#model').textContent())
        .toBe('offline/kestrel-extractive');
      await expect
        .poll(() => page.locator('#inspector-link').getAttribute('href'))
        .toBe(server.inspectorUrl);

      // Record every length the answer goes through, to see it arrive in pieces.
      await page.evaluate(() => {
        const lengths: number[] = [];
        (window as unknown as { answerLengths: number[] }).answerLengths = lengths;
        new MutationObserver(() => {
          const text = document.querySelector('.message.assistant .text')?.textContent ?? '';
          // Only the first answer: the follow-up is another message.
          if (text.length !== lengths.at(-1)) lengths.push(text.length);
        }).observe(document.getElementById('messages')!, {
          childList: true,
          subtree: true,
          characterData: true,
        });
      });
      const question = 'Which waterfront stations are closed first when the wind rises?';
      await page.locator('#question').fill(question);
      await page.locator('#question').press('Enter');

      await expect.poll(() => page.locator('.message.user .text').textContent()).toBe(question);
      const savings = page.locator('.message.assistant .savings').first();
      await savings.waitFor({ timeout: 30_000 });
      await expect.poll(() => page.locator('body').getAttribute('data-status')).toBe('ready');
      const answer = (await page.locator('.message.assistant .text').first().textContent()) ?? '';
      expect(answer).toMatch(/^Based on the context: /);
      const lengths = await page.evaluate(
        () => (window as unknown as { answerLengths: number[] }).answerLengths,
      );
      expect(lengths.length).toBeGreaterThan(5);
      expect(lengths.at(-1)).toBe(answer.length);

      const line = (await savings.textContent()) ?? '';
      const [, saved, input, compressed] =
        /saved ([\d,]+) tokens · ([\d,]+) → ([\d,]+) \(/.exec(line) ?? [];
      expect(count(saved!)).toBe(count(input!) - count(compressed!));
      expect(count(compressed!)).toBeLessThan(count(input!));
      const requestId = await savings.getAttribute('data-request-id');
      expect(requestId).toMatch(/^req_/);
      // The figures on the page are the emulator's own for that operation.
      const state = await (await fetch(`${server.inspectorUrl}inspector/api/state`)).json();
      const served = state.operations.find(
        (operation: { requestId: string }) => operation.requestId === requestId,
      );
      expect(served).toMatchObject({
        inputTokens: count(input!),
        compressedTokens: count(compressed!),
      });

      // A follow-up: the history goes back to the server, and this answer has its own savings.
      await page.locator('#question').fill('When is the wind suspension lifted?');
      await page.locator('#send').click();
      await expect
        .poll(() => page.locator('.message.assistant .savings').count(), { timeout: 30_000 })
        .toBe(2);
      const followUp = await page
        .locator('.message.assistant .savings')
        .nth(1)
        .getAttribute('data-request-id');
      expect(followUp).toMatch(/^req_/);
      expect(followUp).not.toBe(requestId);
      await expect.poll(() => page.locator('body').getAttribute('data-status')).toBe('ready');
      // Shadow evaluation: the first answer was given once more from the uncompressed prompt.
      expect(
        await page.locator('.message.assistant .savings .agreement').nth(0).textContent(),
      ).toMatch(
        /history at default: [12] of [12] answers agree with the uncompressed prompt \(95% CI \d+%–100%\)/,
      );
      await screenshot(page, 'web-chat');

      const [inspector] = await Promise.all([
        browser.context.waitForEvent('page'),
        savings.first().locator('a.inspect').click(),
      ]);
      const inspectorErrors = watchErrors(inspector);
      await inspector.waitForLoadState();
      expect(inspector.url()).toBe(`${server.inspectorUrl}#${requestId}`);
      const detail = inspector.locator(`#detail[data-request-id="${requestId}"]`);
      await detail.waitFor();
      await expect
        .poll(() =>
          inspector.locator(`#operations tbody tr[data-request-id="${requestId}"]`).count(),
        )
        .toBe(1);
      expect(await detail.locator('.query').textContent()).toBe(question);
      const kept = await detail.locator('.original .segment.kept').allTextContents();
      const dropped = await detail.locator('.original .segment.dropped').allTextContents();
      expect(kept.length).toBeGreaterThan(0);
      expect(dropped.length).toBeGreaterThan(0);
      const compressedText = (await detail.locator('.compressed').textContent()) ?? '';
      for (const sentence of kept) expect(compressedText).toContain(sentence.trim());
      // The marks spell the compressed text: the kept sentences, in order, white space aside.
      const words = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');
      expect(words(kept.join(' '))).toBe(words(compressedText));
      // The answer's first quoted sentence was kept: the model read it in the compressed text.
      const quoted = answer.replace(/^Based on the context: /, '').split(/(?<=[.!?])\s/)[0]!;
      expect(kept.join(' ')).toContain(quoted.slice(0, 40));
      await expect.poll(() => inspector.locator('#quota .gauge').count()).toBe(1);
      await expect.poll(() => inspector.locator('#savings svg circle').count()).toBeGreaterThan(0);
      // The chat hands its shadow evaluation to the emulator: the inspector shows the agreement.
      await expect
        .poll(() => inspector.locator('#shadow table.agreement tr').count())
        .toBeGreaterThan(1);
      await detail.scrollIntoViewIfNeeded();
      await screenshot(inspector, 'inspector', true);
      expect([...errors, ...inspectorErrors]).toEqual([]);
      await inspector.close();
      await page.close();
    });

    it('filters the operations by requestId, outcome and endpoint', async () => {
      const page = await browser.context.newPage();
      await page.goto(server.inspectorUrl!);
      const rows = page.locator('#operations tbody tr');
      await expect.poll(() => rows.count()).toBeGreaterThan(0);
      const all = await rows.count();
      await page.locator('#filter-kind').selectOption('conflict');
      await expect.poll(() => rows.count()).toBe(0);
      expect(await page.locator('#empty').isVisible()).toBe(true);
      await page.locator('#filter-kind').selectOption('ok');
      await page.locator('#filter-endpoint').selectOption('/v1/compress');
      await expect.poll(() => rows.count()).toBe(all);
      const requestId = await rows.first().getAttribute('data-request-id');
      await page.locator('#filter-text').fill(requestId!);
      await expect.poll(() => rows.count()).toBe(1);
      await page.close();
    });

    it('never shows an API key or a provider key, in the rendered page or its JSON', async () => {
      const apiKeys = ['ctxopt-browser-secret-key-1'];
      const providerKeys = {
        openai: 'sk-browser-openai-secret-9',
        anthropic: 'sk-ant-browser-secret-9',
      };
      const secrets = [...apiKeys, ...Object.values(providerKeys)];
      const emulator = await startEmulator({ apiKeys, providerKeys });
      try {
        const context =
          `Paris is the capital of France. ${secrets.join(' ')} is what the caller pasted. `.repeat(
            30,
          );
        const response = await fetch(`${emulator.url}/v1/compress`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${apiKeys[0]}`,
            'content-type': 'application/json',
            'idempotency-key': 'browser-secret-test-1',
          },
          body: JSON.stringify({ context, query: `capital ${providerKeys.openai}` }),
        });
        expect(response.status).toBe(200);
        const page = await browser.context.newPage();
        const errors = watchErrors(page);
        await page.goto(emulator.inspectorUrl!);
        await page.locator('#operations tbody tr').first().click();
        await page.locator('#detail .segment').first().waitFor();
        const texts = [
          await page.content(),
          // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered, what a user reads.
          await page.evaluate(() => document.body.innerText),
          await (await fetch(`${emulator.url}/inspector/api/state`)).text(),
          await (await fetch(`${emulator.url}/inspector/api/operations/1`)).text(),
        ];
        for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
        // Where the caller pasted a key, the page shows the redaction mark instead.
        expect(texts[1]).toContain('***');
        expect(errors).toEqual([]);
        await page.close();
      } finally {
        await emulator.close();
      }
    });
  },
);
