// The WebSocket yardstick: a bare `ws` server speaking just enough of /api/ws (welcome, subscribe,
// a tick a second on the second, serialised once and sent to every socket), nothing else.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const server = createServer((_request, response) => response.end('ready'));
const sockets = new WebSocketServer({ server, path: '/api/ws' });
sockets.on('connection', (socket) => {
  socket.send(JSON.stringify({ type: 'welcome', heartbeatMs: 25_000 }));
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.op === 'subscribe') {
      socket.send(JSON.stringify({ type: 'subscribed', channel: message.channel, symbol: message.symbol }));
    }
  });
});

function scheduleTick() {
  setTimeout(
    () => {
      const time = new Date(Math.round(Date.now() / 1000) * 1000).toISOString();
      const data = JSON.stringify({ type: 'tick', symbol: 'BTCUSDT', time, price: '67250.00' });
      for (const socket of sockets.clients) socket.send(data);
      scheduleTick();
    },
    1000 - (Date.now() % 1000),
  );
}
scheduleTick();
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
