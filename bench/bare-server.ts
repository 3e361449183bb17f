/**
 * The baseline of the visitor benchmarks: a bare Fastify server on 127.0.0.1 answering GET `route`
 * with the bytes of a file (read once) and a content type, nothing else.
 *
 *   tsx bench/bare-server.ts <port> <file> <content-type> <route>
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const [port, file, contentType, route] = process.argv.slice(2);
const body = fs.readFileSync(file);
const app = Fastify({ logger: false });
app.get(route, async (_req, reply) => reply.type(contentType).send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
