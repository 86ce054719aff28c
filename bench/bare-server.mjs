// The yardstick: a bare Fastify route answering a small JSON envelope, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { code: 0, msg: 'Success', data: { web_name: 'Vela' } };
app.post('/bare', async () => answer);
app.get('/bare', async () => answer);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('ready\n');
