// An AT Driver client in JavaScript, speaking as aria-at-automation-harness does (its
// src/runner/at-driver.js): commands numbered from 0, each awaited by id; a chord pressed with
// interaction.userIntent; interaction.capturedOutput gathered. Node 20's WebSocket
// (--experimental-websocket), so no package is needed.
//   node --experimental-websocket at_driver_client.mjs URL 'KEYS_JSON' COUNT
// prints {"session": ..., "pressed": ..., "captured": [...]} once COUNT outputs have come.
const [url, keysJson, countText] = process.argv.slice(2);
const keys = JSON.parse(keysJson);
const count = Number(countText);
const timeout = setTimeout(() => {
  console.error(`timed out; captured so far: ${JSON.stringify(captured)}`);
  process.exit(1);
}, 10000);

const socket = new WebSocket(url);
const captured = [];
const waiting = new Map();
let nextId = 0;
let enough;
const heard = new Promise(resolve => { enough = resolve; });

socket.addEventListener('message', ({ data }) => {
  const message = JSON.parse(data);
  if (message.method === 'interaction.capturedOutput') {
    captured.push(message.params.data);
    if (captured.length >= count) enough();
  } else if (waiting.has(message.id)) {
    waiting.get(message.id)(message);
    waiting.delete(message.id);
  }
});

function send(method, params) {
  const id = nextId++;
  return new Promise(resolve => {
    waiting.set(id, resolve);
    socket.send(JSON.stringify({ id, method, params }));
  });
}

await new Promise((resolve, reject) => {
  socket.addEventListener('open', resolve);
  socket.addEventListener('error', reject);
});
const session = await send('session.new', { capabilities: {} });
const pressed = await send('interaction.userIntent', { name: 'pressKeys', keys });
await heard;
console.log(JSON.stringify({ session, pressed, captured: captured.slice(0, count) }));
clearTimeout(timeout);
socket.close();
