/** The server under test: the production build on a fresh temporary data directory with demo content. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT ?? '3190';
process.env.HOST = '127.0.0.1';
process.env.NODE_ENV = 'production';
process.env.LOG_LEVEL ??= 'warn';
process.env.RATE_LIMIT_PER_MINUTE ??= '0';
process.env.RATE_LIMIT_WRITES_PER_MINUTE ??= '0';
process.env.SEED_DEMO = 'true';
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);
const { main } = await import('../../server/main.ts');
await main();
