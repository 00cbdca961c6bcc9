/**
 * The baselines of `npm run bench`, in a process of their own (in the benchmark's process they would
 * share an event loop with the load generator):
 *
 * - on PORT, the bare `node:http` server the issue-9 targets are about: `{"status":"ok"}` with one
 *   header, for any request;
 * - on PORT + 2, a "mirror": a bare `node:http` server answering `/mirror/<n>` with the bytes the shop
 *   answered for case n (status, headers except Date and the connection's own, body), read from the
 *   JSON file given as the third argument when it changes (`{ "<n>": { status, headers, body (base64) } }`).
 *   It sends them as cheaply as node:http can: one header object per case and the body as one
 *   Latin-1 string (one `write` with the head). It shows how much of a case's cost is its bytes and how much is
 *   the shop's work.
 *
 * Usage: node bench/bare-servers.ts PORT MIRROR_PORT MIRROR_FILE; prints `ready` once both listen.
 */
import fs from 'node:fs';
import http from 'node:http';

const [port, mirrorPort, mirrorFile] = process.argv.slice(2);

const bare = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
});

type Mirrored = { status: number; headers: Record<string, string | string[]>; body: string };
let mirrored = new Map<string, Mirrored>();
let loadedAt = 0;
const load = () => {
  try {
    const stat = fs.statSync(mirrorFile!);
    if (stat.mtimeMs === loadedAt) return;
    loadedAt = stat.mtimeMs;
    const entries = JSON.parse(fs.readFileSync(mirrorFile!, 'utf8')) as Record<
      string,
      { status: number; headers: Record<string, string | string[]>; body: string }
    >;
    mirrored = new Map(
      Object.entries(entries).map(([key, entry]) => [
        `/mirror/${key}`,
        { ...entry, body: Buffer.from(entry.body, 'base64').toString('latin1') },
      ]),
    );
  } catch {
    // not written yet
  }
};
const mirror = http.createServer((req, res) => {
  let answer = mirrored.get(req.url ?? '');
  if (!answer) {
    load();
    answer = mirrored.get(req.url ?? '');
  }
  if (!answer) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body, 'latin1');
});

let listening = 0;
const ready = () => {
  if (++listening === 2) console.log('ready');
};
bare.listen(Number(port), '127.0.0.1', ready);
mirror.listen(Number(mirrorPort), '127.0.0.1', ready);
