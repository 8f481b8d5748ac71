import { DefaultChatTransport, type UIMessage } from 'ai';
import type { ChatMetadata } from '../chat-metadata.ts';
import { BrowserChat } from './browser-chat.ts';

type ChatMessage = UIMessage<ChatMetadata>;

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

function element(tag: string, className?: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const count = (value: number) => value.toLocaleString('en-US');

function textOf(message: ChatMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** The savings line under an answer, from the message's metadata. */
function savingsOf(metadata: ChatMetadata | undefined): HTMLElement | undefined {
  if (!metadata?.calls?.length) return undefined;
  const box = element('div', 'savings');
  const input = metadata.inputTokens ?? 0;
  const compressed = metadata.compressedTokens ?? 0;
  const statuses = metadata.calls.map((call) => call.status);
  if (statuses.every((status) => status === 'compressed') && input > 0) {
    const saved = input - compressed;
    box.append(
      element('span', 'saved', `saved ${count(saved)} tokens`),
      element(
        'span',
        '',
        ` · ${count(input)} → ${count(compressed)} (${((saved / input) * 100).toFixed(1)}% less) · the model read ${count(metadata.modelInputTokens ?? 0)} tokens`,
      ),
    );
  } else {
    box.append(
      element('span', '', `compression ${statuses.join(', ')}: the model got the prompt as it was`),
    );
  }
  for (const figure of metadata.agreement ?? []) {
    const percent = (value: number) => `${Math.round(value * 100)}%`;
    box.append(
      element(
        'span',
        'agreement',
        ` · ${figure.kind} at ${figure.level}: ${figure.agreed} of ${figure.judged} answers agree with the uncompressed prompt (95% CI ${percent(figure.lower)}–${percent(figure.upper)})`,
      ),
    );
  }
  const requestId = metadata.calls.at(-1)?.requestId;
  if (metadata.inspectorUrl && requestId) {
    const link = element('a', 'inspect', 'inspect') as HTMLAnchorElement;
    link.href = `${metadata.inspectorUrl}#${requestId}`;
    link.target = '_blank';
    link.rel = 'noopener';
    box.append(' · ', link);
  }
  box.dataset.requestId = requestId ?? '';
  return box;
}

function render(chat: BrowserChat<ChatMessage>) {
  const list = byId('messages');
  list.replaceChildren(
    ...chat.messages.map((message) => {
      const item = element('article', `message ${message.role}`);
      item.dataset.role = message.role;
      item.append(element('div', 'who', message.role === 'user' ? 'You' : 'Assistant'));
      item.append(element('div', 'text', textOf(message)));
      const savings = message.role === 'assistant' ? savingsOf(message.metadata) : undefined;
      if (savings) item.append(savings);
      return item;
    }),
  );
  byId('empty').hidden = chat.messages.length > 0;
  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  document.body.dataset.status = chat.status;
  byId<HTMLButtonElement>('send').disabled = busy;
  byId('error').textContent = chat.error ? `Error: ${chat.error.message}` : '';
  list.scrollTop = list.scrollHeight;
}

let scheduled = false;
const chat: BrowserChat<ChatMessage> = new BrowserChat<ChatMessage>({
  transport: new DefaultChatTransport({ api: '/api/chat' }),
  onChange: () => {
    // Many updates arrive per frame while streaming: draw once per frame.
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      render(chat);
    });
  },
});

async function showConfiguration() {
  const response = await fetch('/api/config');
  const config = (await response.json()) as {
    model: string;
    service: string;
    inspectorUrl?: string;
  };
  byId('model').textContent = config.model;
  byId('service').textContent = config.service;
  const link = byId<HTMLAnchorElement>('inspector-link');
  if (config.inspectorUrl) {
    link.href = config.inspectorUrl;
    link.hidden = false;
  }
}

function send(text: string) {
  const question = text.trim();
  if (!question || chat.status === 'submitted' || chat.status === 'streaming') return;
  void chat.sendMessage({ text: question });
}

byId<HTMLFormElement>('composer').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = byId<HTMLInputElement>('question');
  send(input.value);
  input.value = '';
});
for (const button of document.querySelectorAll<HTMLButtonElement>('button.suggestion')) {
  button.addEventListener('click', () => send(button.textContent ?? ''));
}
void showConfiguration();
render(chat);
