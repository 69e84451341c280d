const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

/**
 * The keys every file store takes: slash-separated names of letters, digits, dots, hyphens and
 * underscores, none of them `.` or `..`, so a key means the same file or object in either store
 * (and a backup moves between them).
 */
export function assertFileKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..')) throw new Error(`Invalid file key: ${key}`);
}
