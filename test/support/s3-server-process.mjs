// The S3-compatible test server in a process of its own (test/support/s3-server.ts starts it with
// --openssl-legacy-provider: s3rver's listing continuation tokens use DES, which OpenSSL 3 keeps
// only there). Prints the port it listens on as one JSON line, then serves until killed.
import S3rver from '@20minutes/s3rver';

const [directory] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, allowMismatchedSignatures: true });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
