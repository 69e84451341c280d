/**
 * The page a report sent without the script is answered with: thanks, or why it was refused (with
 * every limit), and the way back to the poem. Nothing the reader wrote is in it.
 */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function reportAnswerPage(answer: { sent: boolean; message: string; limits: string; back: string | null }): string {
  const heading = answer.sent ? 'Thank you' : 'Your report was not sent';
  const back = answer.back
    ? `<p><a href="${escapeHtml(answer.back)}">Back to the poem</a></p>`
    : `<p><a href="/">Back to the archive</a></p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${heading}</title>
<style>body{font:1.125rem/1.6 Georgia,serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2937;background:#fff}a{color:#1d4ed8}@media (prefers-color-scheme:dark){body{color:#f3f4f6;background:#111827}a{color:#93c5fd}}</style>
</head>
<body>
<main>
<h1>${heading}</h1>
<p>${escapeHtml(answer.message)}</p>
${answer.sent ? '' : `<p>${escapeHtml(answer.limits)}</p>`}
${back}
</main>
</body>
</html>
`;
}
