/** An HTTP failure as the admin sees it; `status` 0 means the server was not reached. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

function field(body: unknown, name: string): string | undefined {
  if (body && typeof body === 'object' && name in body) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === 'string' && value.trim()) return value;
    if (Array.isArray(value) && value.length && typeof value[0] === 'string') return value.join(' ');
  }
  return undefined;
}

/** The server's `error` field (SPEC section 8 "the server's error field"). */
export function serverErrorField(err: unknown): string | undefined {
  return err instanceof ApiError ? field(err.body, 'error') : undefined;
}

/** The server's `message` field (dashboard toasts). */
export function serverMessageField(err: unknown): string | undefined {
  return err instanceof ApiError ? field(err.body, 'message') : undefined;
}

/** The server's `detail` field (403 JSON from the CSRF and permission checks). */
export function serverDetailField(err: unknown): string | undefined {
  return err instanceof ApiError ? field(err.body, 'detail') : undefined;
}

/** Best human text the server gave, in the order the spec reads them. */
export function serverText(err: unknown): string | undefined {
  return serverErrorField(err) ?? serverDetailField(err) ?? serverMessageField(err);
}

export function statusOf(err: unknown): number | undefined {
  return err instanceof ApiError ? err.status : undefined;
}
