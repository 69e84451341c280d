/** The built admin app (npm run build:admin). */
export interface AdminBuild {
  /** Directory holding index.html and assets/, or undefined when the admin is not built. */
  dir(): string | undefined;
  /** The app's page with the poet's name as it is now, or undefined when the admin is not built. */
  indexHtml(): string | undefined;
}

export const ADMIN_BUILD = Symbol('ADMIN_BUILD');
