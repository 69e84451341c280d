export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Writes the poet's name into the page and makes sure the robots meta says noindex. */
export function prepareIndexHtml(html: string, poetName: string): string {
  let out = html.replace(
    /<meta name="poet-name" content="[^"]*"\s*\/?>/,
    `<meta name="poet-name" content="${escapeAttribute(poetName)}" />`,
  );
  if (!/<meta name="poet-name"/.test(out))
    out = out.replace('</head>', `<meta name="poet-name" content="${escapeAttribute(poetName)}" />\n</head>`);
  if (!/<meta name="robots" content="[^"]*noindex/.test(out))
    out = out.replace('</head>', '<meta name="robots" content="noindex, nofollow" />\n</head>');
  return out;
}
