/**
 * The poet's name from the site settings, which the server writes into the admin page
 * (<meta name="poet-name">): shown wherever a publication's authors are empty (SPEC section 1).
 */
export function poetName(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector('meta[name="poet-name"]')?.getAttribute('content')?.trim() ?? '';
}
