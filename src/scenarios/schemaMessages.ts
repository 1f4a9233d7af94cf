import type { core } from 'zod';
import type { LocalText } from './text';

/**
 * The name of a key the schema knows that `key` is probably a misspelling of: the same letters in
 * another case, or at most two edits away (one for short names), or null.
 */
export function closestKey(key: string, known: readonly string[]): string | null {
  const lower = key.toLowerCase();
  const sameLetters = known.find((k) => k.toLowerCase() === lower);
  if (sameLetters) return sameLetters;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = editDistance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  const allowed = key.length <= 4 ? 1 : 2;
  return bestDistance <= allowed ? best : null;
}

/** Levenshtein distance, with adjacent swaps counted as one edit (`chekcpoint`). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Infinity;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.length][b.length];
}

/** A value from the input as a message quotes it: short, on one line, whatever it was. */
export function shown(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const line = value.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, ' ');
    return `"${line.length > 40 ? `${line.slice(0, 40)}…` : line}"`;
  }
  if (typeof value === 'boolean' || value === null) return String(value);
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return 'an object';
}

function shownZh(value: unknown): string {
  if (value === undefined) return '空';
  if (Array.isArray(value)) return `含 ${value.length} 项的列表`;
  if (typeof value === 'object' && value !== null) return '一个对象';
  return shown(value);
}

const TYPE_NAMES: Record<string, LocalText> = {
  string: { en: 'text', zh: '文本' },
  number: { en: 'a number', zh: '数字' },
  int: { en: 'a whole number', zh: '整数' },
  boolean: { en: 'true or false', zh: 'true 或 false' },
  array: { en: 'a list', zh: '列表' },
  object: { en: 'an object', zh: '对象' },
  null: { en: 'null', zh: 'null' },
};

function typeName(expected: string): LocalText {
  return TYPE_NAMES[expected] ?? { en: expected, zh: expected };
}

function sizeUnit(origin: string, n: number | bigint): LocalText {
  if (origin === 'string') return { en: `${n} characters`, zh: `${n} 个字符` };
  if (origin === 'array') return { en: `${n} items`, zh: `${n} 项` };
  return { en: String(n), zh: String(n) };
}

function sizeOf(input: unknown): number | null {
  if (typeof input === 'string' || Array.isArray(input)) return input.length;
  return null;
}

/** Marks an issue that says nothing a sibling issue does not say better. */
export const REDUNDANT = '{"redundant":true}';

/** The keys of the object schema an unrecognized-keys issue comes from. */
function knownKeys(issue: core.$ZodRawIssue): string[] {
  const def = (issue.inst as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)
    ?._zod?.def;
  return def?.shape ? Object.keys(def.shape) : [];
}

/**
 * Why a value is refused, in both languages, without the field's path (which the caller puts in
 * front): the value, and the limit or the allowed values it broke.
 */
export function explainIssue(issue: core.$ZodRawIssue): LocalText {
  const input = issue.input;
  switch (issue.code) {
    case 'too_big': {
      if (issue.origin === 'int' && issue.maximum === Number.MAX_SAFE_INTEGER) {
        return { en: REDUNDANT, zh: REDUNDANT };
      }
      const size = sizeOf(input);
      const limit = sizeUnit(issue.origin, issue.maximum);
      if (size !== null) {
        const has = sizeUnit(issue.origin, size);
        return {
          en: `has ${has.en}, more than the limit of ${limit.en}`,
          zh: `有 ${has.zh}，超过上限 ${limit.zh}`,
        };
      }
      return {
        en: `${shown(input)} is more than the limit of ${issue.maximum}`,
        zh: `${shown(input)} 超过上限 ${issue.maximum}`,
      };
    }
    case 'too_small': {
      if (issue.origin === 'int' && issue.minimum === Number.MIN_SAFE_INTEGER) {
        return { en: REDUNDANT, zh: REDUNDANT };
      }
      const size = sizeOf(input);
      const limit = sizeUnit(issue.origin, issue.minimum);
      if (size !== null) {
        const has = sizeUnit(issue.origin, size);
        return {
          en: `has ${has.en}, fewer than the minimum of ${limit.en}`,
          zh: `只有 ${has.zh}，少于下限 ${limit.zh}`,
        };
      }
      return {
        en: `${shown(input)} is less than the minimum of ${issue.minimum}`,
        zh: `${shown(input)} 小于下限 ${issue.minimum}`,
      };
    }
    case 'invalid_type': {
      const want = typeName(issue.expected);
      if (input === undefined) {
        return { en: `is missing; it must be ${want.en}`, zh: `缺失；它必须是${want.zh}` };
      }
      if (issue.expected === 'int' && typeof input === 'number') {
        return {
          en: `${shown(input)} is not a whole number`,
          zh: `${shown(input)} 不是整数`,
        };
      }
      return {
        en: `${shown(input)} is not ${want.en}`,
        zh: `${shownZh(input)} 不是${/^[A-Za-z]/.test(want.zh) ? ' ' : ''}${want.zh}`,
      };
    }
    case 'invalid_value': {
      const allowed = issue.values.map((v) => JSON.stringify(v)).join(', ');
      return {
        en: `${shown(input)} is not allowed; use ${issue.values.length > 1 ? 'one of ' : ''}${allowed}`,
        zh: `不接受 ${shownZh(input)}；应为${issue.values.length > 1 ? '以下之一：' : ' '}${allowed}`,
      };
    }
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      if (issue.discriminator !== undefined && Array.isArray(options)) {
        const value =
          typeof input === 'object' && input !== null
            ? (input as Record<string, unknown>)[issue.discriminator]
            : input;
        const names = options.map((o) => String(o));
        const guess = typeof value === 'string' ? closestKey(value, names) : null;
        const allowed = names.map((o) => `"${o}"`).join(', ');
        return {
          en: `${shown(value)} is not a known ${issue.discriminator}; use one of ${allowed}${guess ? ` (did you mean "${guess}"?)` : ''}`,
          zh: `${shownZh(value)} 不是已知的 ${issue.discriminator}；应为以下之一：${allowed}${guess ? `（是否想写 "${guess}"？）` : ''}`,
        };
      }
      return {
        en: `${shown(input)} matches none of the allowed forms`,
        zh: `${shownZh(input)} 不符合任何一种允许的写法`,
      };
    }
    case 'unrecognized_keys': {
      const known = knownKeys(issue);
      const each = issue.keys.slice(0, 3).map((key) => ({ key, guess: closestKey(key, known) }));
      return {
        en: each
          .map(
            ({ key, guess }) =>
              `has an unknown key ${shown(key)}${guess ? ` (did you mean "${guess}"?)` : ''}`,
          )
          .join('; '),
        zh: each
          .map(
            ({ key, guess }) =>
              `含有未知的键 ${shown(key)}${guess ? `（是否想写 "${guess}"？）` : ''}`,
          )
          .join('；'),
      };
    }
    case 'invalid_format':
      if (issue.format === 'regex') {
        return {
          en: `${shown(input)} may hold only letters, digits, _ and -, and must not start with a digit`,
          zh: `${shown(input)} 只能包含字母、数字、_ 和 -，且不能以数字开头`,
        };
      }
      return { en: `${shown(input)} is not well formed`, zh: `${shown(input)} 格式不对` };
    default:
      return {
        en: `${shown(input)} is not allowed here`,
        zh: `此处不接受 ${shownZh(input)}`,
      };
  }
}

/**
 * The error map every scenario parse uses: zod's own messages name its types ("expected int to
 * be <=9007199254740991"), ours name the value and the limit in both languages. The message is
 * the JSON of both texts; `problemOf` reads it back.
 */
export const scenarioErrorMap: core.$ZodErrorMap = (issue) => JSON.stringify(explainIssue(issue));
