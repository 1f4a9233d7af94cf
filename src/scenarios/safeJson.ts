// JSON from outside (a link, a file), read without trusting it. Kept apart from the scenario
// file reader and the schema, so the link reader loads without them.

import type { JsonProblem } from './inputMessages';

export type JsonParse = { ok: true; value: unknown } | { ok: false; reason: JsonProblem };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function dropDangerousKeys(key: string, value: unknown): unknown {
  return FORBIDDEN_KEYS.has(key) ? undefined : value;
}

/** The deepest nesting of arrays and objects in JSON text, or -1 once it passes `limit`. */
function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > limit) return -1;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * JSON.parse for text from outside (a link, a file): refuses nesting deeper than `maxDepth`
 * before parsing, since a reviver recurses and deep input would exhaust the stack, and drops
 * `__proto__`, `constructor` and `prototype` keys wherever they occur. Never throws.
 */
export function parseJsonSafely(text: string, maxDepth: number): JsonParse {
  if (nestingDepth(text, maxDepth) < 0) {
    return { ok: false, reason: { kind: 'tooDeep', depth: maxDepth } };
  }
  try {
    return { ok: true, value: JSON.parse(text, dropDangerousKeys) };
  } catch (e) {
    // The engine's message quotes the text itself, which may be anything: only its position
    // is passed on.
    const position = /at position (\d+)/.exec(e instanceof Error ? e.message : '');
    if (!position) return { ok: false, reason: { kind: 'notJson' } };
    const before = text.slice(0, Number(position[1])).split('\n');
    const at = { line: before.length, column: before[before.length - 1].length + 1 };
    return { ok: false, reason: { kind: 'notJson', at } };
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
