import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { Logger } from '../../dev/logger.ts';
import { API_INSTANCE } from '../../functions/src/http/api-instance.ts';
import { httpRequest, payloadOf } from '../support/http.ts';
import { median } from '../support/stats.ts';
import { storedZip } from '../support/zip.ts';
import { warmProxy } from './proxy-process.ts';

/** 30 MB, under the API's 30 MiB per-file limit: the largest file an upload carries. */
export const UPLOAD_BYTES = 30_000_000;
/** As many uploads as one instance of the `api` function serves at once. */
export const AT_ONCE = API_INSTANCE.concurrency;
const MIB = 1024 * 1024;

interface UploadSample {
  rss: number;
  heap: number;
  buffers: number;
  seconds: number;
}

/** A stored .zip of UPLOAD_BYTES, as multipart, streamed from disk. */
function uploadBody(zipFile: string) {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + UPLOAD_BYTES + tail.length,
    stream: () =>
      Readable.from(
        (async function* () {
          yield head;
          yield* fs.createReadStream(zipFile, { highWaterMark: 256 * 1024 });
          yield tail;
        })(),
      ),
  };
}

/** The reference API's upload reply, which also says the stored size. */
const storedUploadSchema = z.object({ id: z.number(), file: z.object({ size: z.number() }) });

/** One upload through the proxy at `proxyUrl`, checked stored at full size, then deleted. */
async function sendUpload(proxyUrl: string, apiUrl: string, token: string, zipFile: string) {
  const body = uploadBody(zipFile);
  const reply = await httpRequest(`${proxyUrl}/chats`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': body.contentType,
      'content-length': String(body.length),
    },
    body: body.stream(),
  });
  const uploaded = payloadOf(reply, storedUploadSchema);
  if (uploaded.file.size !== UPLOAD_BYTES) {
    throw new Error(`the API stored ${uploaded.file.size} bytes of ${UPLOAD_BYTES}`);
  }
  await httpRequest(`${apiUrl}/chats/${uploaded.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
}

/** One upload streamed through a fresh proxy process: how far its memory rises. */
async function oneUpload(
  apiUrl: string,
  token: string,
  zipFile: string,
  workDir: string,
  gcEveryMs?: number,
): Promise<UploadSample> {
  const proxy = await warmProxy(apiUrl, token, workDir, gcEveryMs ? { gcEveryMs } : {});
  try {
    const before = await proxy.memory('reset');
    const started = performance.now();
    await sendUpload(proxy.url, apiUrl, token, zipFile);
    const seconds = (performance.now() - started) / 1000;
    const peak = await proxy.memory('peak');
    return {
      rss: (peak.rss - before.rss) / MIB,
      heap: (peak.heapUsed - before.heapUsed) / MIB,
      buffers: (peak.arrayBuffers - before.arrayBuffers) / MIB,
      seconds,
    };
  } finally {
    await proxy.stop();
  }
}

/**
 * As many uploads as one instance of the function serves at once, through a fresh proxy that
 * reads each body whole before handling it: the proxy's peak RSS and its RSS before, in MiB.
 */
async function uploadsAtOnce(
  apiUrl: string,
  token: string,
  zipFile: string,
  workDir: string,
): Promise<{ peak: number; before: number; seconds: number }> {
  const proxy = await warmProxy(apiUrl, token, workDir, { wholeBodies: true });
  try {
    const before = await proxy.memory('reset');
    const started = performance.now();
    await Promise.all(
      Array.from({ length: AT_ONCE }, () => sendUpload(proxy.url, apiUrl, token, zipFile)),
    );
    const seconds = (performance.now() - started) / 1000;
    const peak = await proxy.memory('peak');
    return { peak: peak.rss / MIB, before: before.rss / MIB, seconds };
  } finally {
    await proxy.stop();
  }
}

/**
 * Uploads at once as the function takes them, then one at a time streamed (GC when V8 decides),
 * then the same with a GC every 20 ms.
 */
export async function uploadRounds(
  apiUrl: string,
  token: string,
  options: { workDir: string; uploads: number; log: Logger },
) {
  const zipFile = path.join(options.workDir, 'upload.zip');
  fs.writeFileSync(zipFile, storedZip(UPLOAD_BYTES));
  const atOnce: { peak: number; before: number; seconds: number }[] = [];
  const plain: UploadSample[] = [];
  const live: UploadSample[] = [];
  try {
    for (let run = 0; run < options.uploads; run++) {
      atOnce.push(await uploadsAtOnce(apiUrl, token, zipFile, options.workDir));
      plain.push(await oneUpload(apiUrl, token, zipFile, options.workDir));
      live.push(await oneUpload(apiUrl, token, zipFile, options.workDir, 20));
      options.log.info(
        `upload round ${run + 1}: ${AT_ONCE} at once, peak RSS ${atOnce.at(-1)?.peak.toFixed(1)} MiB; one streamed, RSS +${plain.at(-1)?.rss.toFixed(1)} MiB; with a GC every 20 ms +${live.at(-1)?.rss.toFixed(1)} MiB`,
      );
    }
  } finally {
    fs.rmSync(zipFile, { force: true });
  }
  const mean = plain.reduce((a, b) => a + b.seconds, 0) / plain.length;
  const meanAtOnce = atOnce.reduce((a, b) => a + b.seconds, 0) / atOnce.length;
  return {
    atOnce: atOnce.map((u) => u.peak),
    atOnceDetail: `${median(atOnce.map((u) => u.before)).toFixed(1)} MiB after a GC before the uploads (a plain Node server: the function's own baseline is larger, functions/README.md "Memory"); ${options.uploads} rounds, ${meanAtOnce.toFixed(1)} s each on average, every upload stored by the API at full size`,
    rss: plain.map((u) => u.rss),
    heap: plain.map((u) => u.heap),
    liveRss: live.map((u) => u.rss),
    detail: `${options.uploads} uploads of a stored .zip, ${mean.toFixed(1)} s each on average, each stored by the API at full size; Buffer memory (arrayBuffers) peak rise ${median(plain.map((u) => u.buffers)).toFixed(1)} MiB, heap ${median(plain.map((u) => u.heap)).toFixed(1)} MiB`,
  };
}
