import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { z } from 'zod';
import { badRequest, ValidationError } from './envelope.js';
import { judgeUpload, safeFileName, type Sniffed, type UploadKind } from './upload-rules.js';
import { attribute, fieldErrors, normalizeFields } from './validation.js';

/** A file part saved to a temporary file, not yet checked. */
export interface Upload {
  tempPath: string;
  clientName: string;
  size: number;
}

/** An upload whose content matched what the call accepts. */
export interface CheckedUpload {
  tempPath: string;
  name: string;
  mime: string;
  size: number;
}

export interface RequestInput {
  fields: Record<string, unknown>;
  uploads: Map<string, Upload>;
}

/**
 * PHP's form-field names: `ids[]` and `ids[3]` build the list `ids` (in index order);
 * a repeated plain name keeps its last value.
 */
export function collectFields(
  entries: Iterable<readonly [string, string]>,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const lists = new Map<string, { index: number; order: number; value: string }[]>();
  let order = 0;
  for (const [name, value] of entries) {
    const match = /^([^[\]]+)\[(\d*)\]$/.exec(name);
    if (match?.[1] === undefined) {
      fields[name] = value;
      continue;
    }
    const items = lists.get(match[1]) ?? [];
    items.push({
      index: match[2] === '' ? Infinity : Number(match[2]),
      order: (order += 1),
      value,
    });
    lists.set(match[1], items);
  }
  for (const [name, items] of lists) {
    fields[name] = items.sort((a, b) => a.index - b.index || a.order - b.order).map((i) => i.value);
  }
  return fields;
}

/** What the bytes of a file are: file-type's verdict, or UTF-8 text, or unknown. */
export async function sniff(file: string): Promise<Sniffed> {
  const found = await fileTypeFromFile(file);
  if (found !== undefined) return { ext: found.ext };
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const head = buffer.subarray(0, bytesRead);
    if (bytesRead === 0 || head.includes(0)) return 'unknown';
    // `stream: true` tolerates a character cut in two at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'text';
  } catch {
    return 'unknown';
  } finally {
    await handle.close();
  }
}

/**
 * Reads a request body, JSON, form-urlencoded or multipart, into fields (trimmed, '' → null,
 * as Laravel does) and uploads. Only the named file fields are kept; their parts stream to
 * temporary files that are removed when the reply is done.
 */
export function createBodyReader(tmpDir: string) {
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { recursive: true });
  const temps = new WeakMap<FastifyRequest, string[]>();
  const inputs = new WeakMap<FastifyRequest, RequestInput>();

  async function readMultipart(
    request: FastifyRequest,
    fileFields: readonly string[] | 'all',
  ): Promise<RequestInput> {
    const entries: [string, string][] = [];
    const uploads = new Map<string, Upload>();
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          entries.push([
            part.fieldname,
            typeof part.value === 'string' ? part.value : String(part.value),
          ]);
          continue;
        }
        if (fileFields !== 'all' && !fileFields.includes(part.fieldname)) {
          // Drained unread; `finished` also settles when the part breaks the size limit.
          await finished(part.file.resume());
          continue;
        }
        const tempPath = path.join(tmpDir, crypto.randomUUID());
        const list = temps.get(request) ?? [];
        list.push(tempPath);
        temps.set(request, list);
        await pipeline(part.file, fs.createWriteStream(tempPath));
        const { size } = await fs.promises.stat(tempPath);
        // A browser sends an empty, nameless part for a file input left empty.
        if (size > 0 || part.filename !== '') {
          uploads.set(part.fieldname, { tempPath, clientName: part.filename, size });
        }
      }
    } catch (error) {
      if (isHttpError(error)) throw error;
      throw badRequest('The multipart body is malformed.');
    }
    return { fields: normalizeFields(collectFields(entries)), uploads };
  }

  async function readOnce(
    request: FastifyRequest,
    fileFields: readonly string[] | 'all',
  ): Promise<RequestInput> {
    if (request.isMultipart()) return readMultipart(request, fileFields);
    const body: unknown = request.body;
    if (body === undefined || body === null) return { fields: {}, uploads: new Map() };
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw badRequest('The request body must be a JSON object.');
    }
    return { fields: normalizeFields({ ...body }), uploads: new Map() };
  }

  return {
    /**
     * The request's fields and its uploads among `fileFields` ('all': every file part). The
     * body is read once; a later call gets the same fields and the uploads it names.
     */
    async read(
      request: FastifyRequest,
      fileFields: readonly string[] | 'all' = [],
    ): Promise<RequestInput> {
      const known = inputs.get(request);
      const input = known ?? (await readOnce(request, fileFields));
      if (known === undefined) inputs.set(request, input);
      if (fileFields === 'all') return input;
      const named = [...input.uploads].filter(([field]) => fileFields.includes(field));
      return { fields: input.fields, uploads: new Map(named) };
    },

    /** Removes the request's temporary files that were not moved into the store. */
    async cleanup(request: FastifyRequest) {
      const list = temps.get(request);
      temps.delete(request);
      await Promise.all((list ?? []).map((file) => fs.promises.rm(file, { force: true })));
    },
  };
}
export type BodyReader = ReturnType<typeof createBodyReader>;

function isHttpError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
  );
}

/**
 * Validates fields with `schema` and checks the uploads by content, then throws ONE 422 with
 * every field's messages, as Laravel does, or returns the parsed fields and checked files.
 */
export async function parseInput<S extends z.ZodType, F extends string = never>(
  input: RequestInput,
  schema: S,
  files: Partial<Record<F, { kind: UploadKind; required: boolean }>> = {},
): Promise<{ data: z.output<S>; files: Partial<Record<F, CheckedUpload>> }> {
  const errors: Record<string, string[]> = {};
  const checked: Partial<Record<F, CheckedUpload>> = {};
  for (const [field, rule] of Object.entries(files) as [
    F,
    { kind: UploadKind; required: boolean },
  ][]) {
    const upload = input.uploads.get(field);
    if (upload === undefined || upload.size === 0) {
      if (rule.required) errors[field] = [`The ${attribute(field)} field is required.`];
      continue;
    }
    const verdict = judgeUpload(rule.kind, field, upload.clientName, await sniff(upload.tempPath));
    if (!verdict.ok) {
      errors[field] = [verdict.message];
      continue;
    }
    checked[field] = {
      tempPath: upload.tempPath,
      name: safeFileName(upload.clientName, verdict.ext),
      mime: verdict.mime,
      size: upload.size,
    };
  }
  const result = schema.safeParse(input.fields);
  if (!result.success) fieldErrors(result.error, errors);
  if (!result.success || Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { data: result.data, files: checked };
}
