/**
 * A signed-in admin talking to the archive over HTTP as the admin app does: the session cookie
 * (kept by hand: fetch has no cookie jar) and the CSRF token on every call. Answers `call(method,
 * path, body)`, whose body is JSON or a FormData, and which throws on any answer but 2xx.
 */
export async function adminSession(base, username, password) {
  const cookies = new Map();
  const remember = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  let token;
  const call = async (method, path, body) => {
    const headers = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrftoken': token ?? '' };
    if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const res = await fetch(base + path, {
      method,
      headers,
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    remember(res);
    const json = await res.json().catch(() => undefined);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  ({ csrfToken: token } = await call('GET', '/api/ai_extraction/csrf/'));
  await call('POST', '/api/auth/login/', { username, password });
  // The session changed, so the server rotated the token.
  ({ csrfToken: token } = await call('GET', '/api/ai_extraction/csrf/'));
  return call;
}
