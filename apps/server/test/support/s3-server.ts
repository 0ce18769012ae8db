import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../../src/config';

/** s3rver's own keys; the AWS SDK reads them from the standard variables, as in production. */
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
  </CORSRule>
</CORSConfiguration>`;

export interface S3TestServer {
  /** The storage settings of a bucket on it, as loadConfig makes them. */
  config: Extract<StorageConfig, { driver: 's3' }>;
  /** The environment that selects it (STORAGE=s3 …), for a test app or a server process. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, its objects in a temporary folder,
 * with one bucket. Sets the AWS credential variables in this process.
 */
export async function startS3Server(bucket = 'adstudio-test'): Promise<S3TestServer> {
  Object.assign(process.env, CREDENTIALS);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: { driver: 's3', bucket, region: 'us-east-1', endpoint, forcePathStyle: true },
    env: {
      ...CREDENTIALS,
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
