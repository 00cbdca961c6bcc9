import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  /** The S3_ variables that point the shop at this server. */
  env: Record<string, string>;
  /** Keys in the bucket, sorted (the whole bucket, prefix included). */
  keys(): Promise<string[]>;
  /** An object's bytes straight from the bucket, or undefined. */
  read(key: string): Promise<Buffer | undefined>;
  client: S3Client;
  close(): Promise<void>;
};

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as Signature Version 4 wants it. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Whether a presigned (query-signed, Signature Version 4) request carries the signature its method,
 * path, query and signed headers give, and has not expired. s3rver checks only the expiry of these
 * addresses, so the test server checks the signature in front of it, as S3 does.
 */
export function presignedRequestIsValid(
  request: { method: string; url: string; headers: Record<string, string | string[] | undefined> },
  secretAccessKey: string,
  now = Date.now(),
): boolean {
  const url = new URL(request.url, 'http://placeholder');
  const query = url.searchParams;
  const signature = query.get('X-Amz-Signature');
  const credential = query.get('X-Amz-Credential');
  const amzDate = query.get('X-Amz-Date');
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  const expires = Number(query.get('X-Amz-Expires'));
  if (!signature || !credential || !amzDate || !signedHeaders || !Number.isFinite(expires)) return false;
  const [, date, region, service] = credential.split('/');
  if (!date || !region || !service) return false;
  const signedAt = Date.parse(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (!(signedAt <= now + 60_000 && now <= signedAt + expires * 1000)) return false;
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headerNames = signedHeaders.split(';');
  const canonicalHeaders = headerNames
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    request.method,
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${secretAccessKey}`, date);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature;
}

/**
 * An S3-compatible server (s3rver) on a free port over a temporary directory, with one empty
 * bucket created through the S3 API, for tests of the S3 storage. The endpoint is a small proxy in
 * front of it that refuses presigned addresses whose signature does not match (presignedRequestIsValid).
 */
export async function startS3TestServer(bucket = 'shop-media-test'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port: s3rverPort } = await server.run();
  const proxy = http.createServer((incoming, outgoing) => {
    if (
      incoming.url?.includes('X-Amz-Signature=') &&
      !presignedRequestIsValid(
        { method: incoming.method ?? 'GET', url: incoming.url, headers: incoming.headers },
        CREDENTIALS.secretAccessKey,
      )
    ) {
      incoming.resume();
      outgoing.writeHead(403, { 'content-type': 'application/xml' });
      outgoing.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    const forward = http.request(
      {
        host: '127.0.0.1',
        port: s3rverPort,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as { port: number }).port;
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts these fixed credentials; the proxy checks presigned addresses made with them.
  const credentials = CREDENTIALS;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));

  return {
    endpoint,
    bucket,
    client,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async read(key) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await response.Body!.transformToByteArray());
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async close() {
      client.destroy();
      // Keep-alive connections would hold close() open until they time out.
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      server.httpServer?.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
