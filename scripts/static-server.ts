/**
 * A tiny static file server for the built site (dist/), used by the browser tests and the
 * screenshot script. It serves index.html for directories, answers with the right MIME types
 * (including .wasm, which browsers insist on for streaming compilation) and only ever listens on
 * the loopback address.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

export interface StaticServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:38123`. */
  url: string;
  close(): Promise<void>;
}

async function resolveFile(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const path = normalize(join(root, decoded));
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  const info = await stat(path).catch(() => undefined);
  if (info?.isFile()) return path;
  if (info?.isDirectory()) {
    const index = join(path, 'index.html');
    if ((await stat(index).catch(() => undefined))?.isFile()) return index;
  }
  return undefined;
}

/** Serves `dir` on 127.0.0.1 at a free port (or `port`). */
export async function serveStatic(dir: string, port = 0): Promise<StaticServer> {
  const root = resolve(dir);
  const server: Server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    // A directory requested without its trailing slash: redirect, as static hosts do.
    void resolveFile(root, pathname).then(async (file) => {
      if (
        file?.endsWith(`${sep}index.html`) &&
        !pathname.endsWith('/') &&
        !pathname.endsWith('.html')
      ) {
        response.writeHead(301, { Location: `${pathname}/` }).end();
        return;
      }
      if (file === undefined) {
        const notFound = await resolveFile(root, '/404.html');
        response.writeHead(404, { 'Content-Type': MIME_TYPES['.html'] });
        if (notFound && request.method !== 'HEAD') createReadStream(notFound).pipe(response);
        else response.end('Not found');
        return;
      }
      response.writeHead(200, {
        'Content-Type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': 'no-store',
      });
      if (request.method === 'HEAD') response.end();
      else createReadStream(file).pipe(response);
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', done);
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((done, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
  };
}
