/**
 * The node hash the SDK sends with a transaction's write (compare-and-set). It must match the
 * SDK's `node.hash()` bit for bit, so this follows its algorithm, quirks included.
 */
import { createHash } from 'node:crypto';
import { childrenInPriorityOrder, type DataNode, type Priority } from './tree.js';

function sha1Base64(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('base64');
}

/**
 * The SDK's doubleToIEEE754String, kept as written there: it finds the exponent through
 * Math.log, which can differ from the exact bits near powers of two, and the hash must differ
 * exactly where the SDK's does.
 */
export function doubleToIEEE754String(input: number): string {
  const ebits = 11;
  const fbits = 52;
  const bias = (1 << (ebits - 1)) - 1;
  let v = input;
  let s: boolean;
  let e: number;
  let f: number;
  if (v === 0) {
    e = 0;
    f = 0;
    s = 1 / v === -Infinity;
  } else {
    s = v < 0;
    v = Math.abs(v);
    if (v >= Math.pow(2, 1 - bias)) {
      const ln = Math.min(Math.floor(Math.log(v) / Math.LN2), bias);
      e = ln + bias;
      f = Math.round(v * Math.pow(2, fbits - ln) - Math.pow(2, fbits));
    } else {
      e = 0;
      f = Math.round(v / Math.pow(2, 1 - bias - fbits));
    }
  }
  const bits: number[] = [];
  for (let i = fbits; i; i -= 1) {
    bits.push(f % 2 ? 1 : 0);
    f = Math.floor(f / 2);
  }
  for (let i = ebits; i; i -= 1) {
    bits.push(e % 2 ? 1 : 0);
    e = Math.floor(e / 2);
  }
  bits.push(s ? 1 : 0);
  bits.reverse();
  const str = bits.join('');
  let hex = '';
  for (let i = 0; i < 64; i += 8) {
    hex += parseInt(str.substring(i, i + 8), 2)
      .toString(16)
      .padStart(2, '0');
  }
  return hex.toLowerCase();
}

function priorityText(priority: Priority): string {
  if (priority === null) return '';
  const typed =
    typeof priority === 'number'
      ? `number:${doubleToIEEE754String(priority)}`
      : `string:${priority}`;
  return `priority:${typed}:`;
}

/** '' for no data, as the SDK's empty node. Cached on the node until a write clears it. */
export function nodeHash(node: DataNode | null): string {
  if (node === null) return '';
  if (node.hash !== null) return node.hash;
  let text = priorityText(node.priority);
  if (node.kind === 'leaf') {
    const type = typeof node.value;
    text +=
      type +
      ':' +
      (typeof node.value === 'number' ? doubleToIEEE754String(node.value) : String(node.value));
    node.hash = sha1Base64(text);
    return node.hash;
  }
  for (const [key, child] of childrenInPriorityOrder(node)) {
    const childHash = nodeHash(child);
    if (childHash !== '') text += `:${key}:${childHash}`;
  }
  node.hash = text === '' ? '' : sha1Base64(text);
  return node.hash;
}
