/**
 * The yardstick: a bare Node `http` server answering fixed bytes from memory with the same
 * headers the archive sends. What the archive reaches against it is the share of the machine's
 * limit that our stack keeps.
 */
import http from 'node:http';

process.once('message', ({ routes }) => {
  const table = new Map(routes.map((r) => [r.path, { body: Buffer.from(r.body, 'base64'), headers: r.headers }]));
  const server = http.createServer((req, res) => {
    const hit = table.get(req.url);
    if (!hit) {
      res.statusCode = 404;
      return res.end();
    }
    res.writeHead(200, hit.headers);
    res.end(hit.body);
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('message', (m) => m === 'cpu' && process.send({ cpu: process.cpuUsage() }));
});
