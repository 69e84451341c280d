import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAgent, startTestApp, withoutCsrfHeader, type TestAgent, type TestApp } from '../support/test-app.js';

/** A multipart upload may carry its CSRF token as the form field csrfmiddlewaretoken (SPEC section 5). */
describe('CSRF on multipart uploads', () => {
  let t: TestApp;
  /** A signed-in session that sends no CSRF header: each test says how its token travels. */
  let staff: TestAgent;
  let token: string;
  let blank: Buffer;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const signedIn = await staffAgent(t);
    token = signedIn.token;
    staff = withoutCsrfHeader(t, signedIn.agent);
    blank = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => t?.close());

  it('accepts the token as the csrfmiddlewaretoken field of the upload form', async () => {
    const res = await staff
      .post('/api/ai_extraction/extract_metadata/')
      .field('csrfmiddlewaretoken', token)
      .attach('image_0', blank, { filename: 'cover.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });

  it('refuses an upload whose form field does not match the cookie', async () => {
    const res = await staff
      .post('/api/ai_extraction/extract_metadata/')
      .field('csrfmiddlewaretoken', 'wrong.token')
      .attach('image_0', blank, { filename: 'cover.png', contentType: 'image/png' })
      .expect(403);
    expect(res.body.detail).toMatch(/CSRF/);
  });

  it('refuses an upload with neither header nor field', async () => {
    await staff
      .post('/api/ai_extraction/extract_metadata/')
      .attach('image_0', blank, { filename: 'cover.png', contentType: 'image/png' })
      .expect(403);
  });

  it('refuses a multipart request without the header on a route that does not read upload forms', async () => {
    const res = await staff.post('/api/publications/').field('title', 'Sneaky').field('csrfmiddlewaretoken', token).expect(403);
    expect(res.body.detail).toMatch(/CSRF/);
    const list = (await staff.get('/api/publications/?admin=true').expect(200)).body;
    expect(list.map((p: { title: string }) => p.title)).not.toContain('Sneaky');
  });
});
