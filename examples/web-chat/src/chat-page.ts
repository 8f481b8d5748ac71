const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character]!);
}

/** The page's style, served as `/app.css` (the Content-Security-Policy allows no inline style). */
export const chatStyle = `
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1f2430; background: #f5f6f8; }
  .shell { max-width: 880px; margin: 0 auto; min-height: 100vh; display: flex; flex-direction: column; padding: 0 20px; }
  header { display: flex; justify-content: space-between; align-items: center; gap: 16px; padding: 20px 0 14px; border-bottom: 1px solid #e5e7eb; }
  header h1 { margin: 0; font-size: 19px; }
  header p { margin: 2px 0 0; color: #6b7280; font-size: 13px; }
  header a { color: #4f46e5; font-weight: 600; text-decoration: none; border: 1px solid #c7d2fe; background: #eef2ff; padding: 7px 12px; border-radius: 8px; white-space: nowrap; }
  #messages { flex: 1; padding: 18px 0; display: flex; flex-direction: column; gap: 14px; }
  .message { max-width: 85%; padding: 12px 15px; border-radius: 14px; background: #fff; border: 1px solid #e5e7eb; box-shadow: 0 1px 2px rgba(16,24,40,.04); }
  .message.user { align-self: flex-end; background: #4f46e5; border-color: #4f46e5; color: #fff; }
  .message .who { font-size: 12px; font-weight: 600; opacity: .7; margin-bottom: 3px; }
  .message .text { white-space: pre-wrap; }
  .savings { margin-top: 10px; padding-top: 8px; border-top: 1px dashed #e5e7eb; font-size: 12.5px; color: #6b7280; }
  .savings .saved { color: #15803d; font-weight: 650; }
  .savings a { color: #4f46e5; font-weight: 600; }
  #empty { color: #6b7280; text-align: center; margin-top: 40px; }
  .suggestions { display: flex; flex-wrap: wrap; gap: 8px; justify-content: center; margin-top: 14px; }
  .suggestion { font: inherit; font-size: 13px; border: 1px solid #e5e7eb; background: #fff; border-radius: 999px; padding: 6px 12px; cursor: pointer; }
  .suggestion:hover { border-color: #c7d2fe; background: #eef2ff; }
  form { position: sticky; bottom: 0; display: flex; gap: 10px; padding: 14px 0 20px; background: #f5f6f8; }
  input { flex: 1; font: inherit; padding: 11px 14px; border: 1px solid #d1d5db; border-radius: 10px; background: #fff; }
  button[type=submit] { font: inherit; font-weight: 600; padding: 0 20px; border: 0; border-radius: 10px; background: #4f46e5; color: #fff; cursor: pointer; }
  button[type=submit]:disabled { opacity: .5; cursor: default; }
  #error { color: #b91c1c; font-size: 13px; min-height: 1em; }
`;

/** The chat page: the message list, a question box, and suggestions; `/app.js` does the rest. */
export function chatPage(suggestions: readonly string[]): string {
  const buttons = suggestions
    .map((text) => `<button type="button" class="suggestion">${escapeHtml(text)}</button>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kestrel Bay handbook chat</title>
<link rel="stylesheet" href="/app.css">
<script type="module" src="/app.js"></script>
</head>
<body data-status="loading">
<div class="shell">
  <header>
    <div>
      <h1>Kestrel Bay Bike Share · handbook chat</h1>
      <p>Model <strong id="model">…</strong>, its prompt compressed by <code>contextOptimizerMiddleware</code> · <span id="service">…</span></p>
    </div>
    <a id="inspector-link" target="_blank" rel="noopener" hidden>Open the inspector ↗</a>
  </header>
  <main id="messages" aria-live="polite"></main>
  <div id="empty">
    <p>Ask about the operations handbook. Each answer shows what compression saved.</p>
    <div class="suggestions">${buttons}</div>
  </div>
  <p id="error" role="alert"></p>
  <form id="composer">
    <input id="question" name="question" autocomplete="off" placeholder="Ask a question about the handbook…" aria-label="Question">
    <button id="send" type="submit">Send</button>
  </form>
</div>
</body>
</html>
`;
}
