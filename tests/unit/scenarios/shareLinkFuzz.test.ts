import fc from 'fast-check';
import * as lz from 'lz-string';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LESSONS } from '../../../src/scenarios/lessons/course';
import { PRESETS } from '../../../src/scenarios/presets';
import {
  decodeShareState,
  encodeShareState,
  linkRefusalText,
  SHARE_LIMITS,
  type ShareDecode,
} from '../../../src/scenarios/shareLink';
import { decodeInEnglish, linkInEnglish, type EnglishDecode } from './inEnglish';

// Every decompression the decoder asks for is counted, so a test can tell that a bomb was
// refused before lz-string built its text.
vi.mock('lz-string', async (importOriginal) => {
  const loaded = await importOriginal<typeof import('lz-string') & { default?: object }>();
  // lz-string is CommonJS: its functions may sit on the default export only.
  const actual = { ...(loaded.default ?? {}), ...loaded } as typeof import('lz-string');
  return {
    ...actual,
    decompressFromEncodedURIComponent: vi.fn(actual.decompressFromEncodedURIComponent),
  };
});
const decompress = vi.mocked(lz.decompressFromEncodedURIComponent);

const URI_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const link = (json: string) => `#v1=${lz.compressToEncodedURIComponent(json)}`;

/** A dictionary entry: text, or a number for that many copies of "x". */
type Entry = string | number;
const asEntry = (text: string): Entry => (/^x+$/.test(text) ? text.length : text);
const firstOf = (e: Entry) => (typeof e === 'number' ? 'x' : e[0]);
const extend = (e: Entry, c: string): Entry =>
  typeof e === 'number' ? (c === 'x' ? e + 1 : `${'x'.repeat(e)}${c}`) : asEntry(e + c);

/**
 * Writes lz-string's URI-safe format code by code, to build payloads its own compressor takes
 * minutes to produce: a run of one character costs one code per run length (1, 2, 3, ...), so
 * n codes unpack to about n²/2 characters. Runs are kept as numbers, never as text, and the
 * dictionary grows exactly as lz-string's decompressor grows it.
 */
class LzWriter {
  private dict: Entry[] = [0, 0, 0];
  private bits = 3;
  private enlargeIn = 4;
  private w: Entry;
  private chars: string[] = [];
  private value = 0;
  private filled = 0;
  private runs = new Map<number, number>();
  private parts: Entry[] = [];

  constructor(first: string) {
    this.write(0, 2);
    this.write(first.charCodeAt(0), 8);
    this.w = asEntry(first);
    this.dict.push(this.w);
    this.parts.push(this.w);
  }

  get text(): string {
    return this.parts.map((e) => (typeof e === 'number' ? 'x'.repeat(e) : e)).join('');
  }

  private write(code: number, bits: number) {
    for (let i = 0; i < bits; i++) {
      this.value = (this.value << 1) | ((code >> i) & 1);
      if (++this.filled === 6) {
        this.chars.push(URI_ALPHABET[this.value]);
        this.value = 0;
        this.filled = 0;
      }
    }
  }

  private add(entry: Entry) {
    this.dict.push(entry);
    if (typeof entry === 'number' && !this.runs.has(entry)) {
      this.runs.set(entry, this.dict.length - 1);
    }
    this.enlargeIn--;
    if (this.enlargeIn === 0) {
      this.enlargeIn = 2 ** this.bits;
      this.bits++;
    }
  }

  private emit(entry: Entry) {
    this.add(extend(this.w, firstOf(entry)));
    this.w = entry;
    this.parts.push(entry);
  }

  literal(chars: string) {
    for (const c of chars) {
      this.write(0, this.bits);
      this.write(c.charCodeAt(0), 8);
      this.add(asEntry(c));
      this.emit(asEntry(c));
    }
  }

  /** `n` copies of "x", mostly in codes that each repeat the previous entry and one more. */
  run(n: number) {
    this.literal('x');
    let left = n - 1;
    while (typeof this.w === 'number' && left >= this.w + 1) {
      this.write(this.dict.length, this.bits);
      left -= this.w + 1;
      this.emit(this.w + 1);
    }
    const longest = Math.max(...this.runs.keys());
    while (left > 0) {
      const length = Math.min(left, longest);
      this.write(this.runs.get(length)!, this.bits);
      this.emit(length);
      left -= length;
    }
  }

  link(): string {
    this.write(2, this.bits);
    while (this.filled !== 0) this.write(0, 1);
    return `#v1=${this.chars.join('')}`;
  }
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

/**
 * Either it opened, with a scenario, or it was refused with a sentence in each language; it
 * never threw. Returned as the English screen words it.
 */
function decodeSafely(input: string): EnglishDecode {
  let result: ShareDecode | undefined;
  expect(() => (result = decodeShareState(input))).not.toThrow();
  if (result!.ok) {
    expect(result!.scenario.operators.length).toBeGreaterThan(0);
    expect(Number.isInteger(result!.state.tick)).toBe(true);
    expect(['en', 'zh']).toContain(result!.state.language);
  } else {
    const text = linkRefusalText(result!.error);
    expect(text.en).toMatch(/^This link .+\.$/);
    expect(text.zh).toMatch(/^此链接.+。$/);
  }
  return linkInEnglish(result!);
}

const validLinks: string[] = [
  ...PRESETS.map((p) =>
    encodeShareState({ v: 1, scenario: { custom: p }, tick: 3, language: 'zh' }),
  ),
  ...LESSONS.map((l) =>
    encodeShareState({
      v: 1,
      scenario: { custom: { ...l.scenario, id: 'copy', title: 'A copy' } },
      tick: l.steps[1].tick,
      lesson: { id: l.id, step: 1 },
      language: 'en',
      view: { selected: 'source#0', presenter: true, compare: true },
    }),
  ),
];

describe('decodeShareState on hostile and broken input', () => {
  beforeAll(() => {
    expect(validLinks.length).toBeGreaterThan(4);
    for (const l of validLinks) expect(decodeInEnglish(l).ok).toBe(true);
  });
  beforeEach(() => decompress.mockClear());
  afterAll(() => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('handles random text of any kind', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.string({ maxLength: 300 }).map((s) => `#v1=${s}`),
          fc
            .array(fc.constantFrom(...URI_ALPHABET), { maxLength: 400 })
            .map((cs) => `#v1=${cs.join('')}`),
          fc.nat({ max: 99999 }).map((v) => `#v${v}=AAAA`),
        ),
        (input) => {
          decodeSafely(input);
        },
      ),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('handles every truncation of a valid link', () => {
    const refused = new Set<string>();
    for (const l of validLinks.slice(0, 3)) {
      for (let n = 0; n < l.length; n++) {
        const result = decodeSafely(l.slice(0, n));
        if (!result.ok) refused.add(result.error);
      }
    }
    expect([...refused].some((e) => e.startsWith('This link is damaged'))).toBe(true);
  }, 60_000);

  it('handles a character changed anywhere in a valid link', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...validLinks),
        fc.nat(),
        fc.constantFrom(...URI_ALPHABET),
        (l, at, c) => {
          const i = 4 + (at % (l.length - 4));
          decodeSafely(`${l.slice(0, i)}${c}${l.slice(i + 1)}`);
        },
      ),
      { numRuns: 1500 },
    );
  }, 60_000);

  it('handles a single bit flipped in the compressed data', () => {
    fc.assert(
      fc.property(fc.constantFrom(...validLinks), fc.nat(), fc.nat({ max: 5 }), (l, at, bit) => {
        const i = 4 + (at % (l.length - 4));
        const flipped = URI_ALPHABET[URI_ALPHABET.indexOf(l[i]) ^ (1 << bit)];
        decodeSafely(`${l.slice(0, i)}${flipped}${l.slice(i + 1)}`);
      }),
      { numRuns: 1500 },
    );
  }, 60_000);

  it('refuses an oversized link without unpacking it', () => {
    const result = decodeSafely(`#v1=${'A'.repeat(SHARE_LIMITS.compressed + 100)}`);
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^This link is too large/) });
    expect(decompress).not.toHaveBeenCalled();
  });

  it('writes links lz-string reads back', () => {
    const writer = new LzWriter('{');
    writer.literal('"v":1,"pad":"');
    writer.run(5000);
    writer.literal('"}');
    const l = writer.link();
    expect(lz.decompressFromEncodedURIComponent(l.slice(4))).toBe(writer.text);
    expect(writer.text).toBe(`{"v":1,"pad":"${'x'.repeat(5000)}"}`);
  });

  it('refuses a decompression bomb without building its text', () => {
    // About 200 million characters in under 64 KB.
    const writer = new LzWriter('{');
    writer.literal('"v":1,"pad":"');
    writer.run(200_000_000);
    const bomb = writer.link();
    expect(bomb.length).toBeLessThan(SHARE_LIMITS.compressed);
    const result = decodeSafely(bomb);
    expect(result).toEqual({
      ok: false,
      error: 'This link is too large: it unpacks to more than 1 MB, so it was not opened.',
    });
    expect(decompress).not.toHaveBeenCalled();
  });

  it('draws the size line exactly at the limit', () => {
    const sized = (n: number) => {
      const head = '{"v":1,"scenario":{"preset":"odd-even-sum"},"tick":0,"language":"en","pad":"';
      const writer = new LzWriter('{');
      writer.literal(head.slice(1));
      writer.run(n - head.length - 2);
      writer.literal('"}');
      expect(writer.text).toHaveLength(n);
      return writer.link();
    };
    const limit = SHARE_LIMITS.decompressed;
    expect(decodeSafely(sized(limit)).ok).toBe(true);
    expect(decompress).toHaveBeenCalledTimes(1);
    expect(decodeSafely(sized(limit + 1))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/too large/),
    });
    expect(decompress).toHaveBeenCalledTimes(1);
  });

  it('refuses deep nesting before parsing it', () => {
    const depth = 200_000;
    const deep = `{"v":1,"x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const result = decodeSafely(link(deep));
    expect(result).toEqual({
      ok: false,
      error: 'This link is damaged: it is nested more than 64 levels deep.',
    });
    const deepScenario = `{"v":1,"scenario":{"custom":${'{"restoreFrom":{"job":'.repeat(40)}{}${'}}'.repeat(40)}},"tick":0,"language":"en"}`;
    expect(decodeSafely(link(deepScenario)).ok).toBe(false);
  });

  it('drops __proto__, constructor and prototype keys, and pollutes nothing', () => {
    const hostile = `{"v":1,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},
      "scenario":{"preset":"odd-even-sum","__proto__":{"polluted":1},
        "overrides":{"__proto__":{"polluted":1},"checkpoint":{"__proto__":{"polluted":1},"intervalMs":1000},
          "actions":[{"__proto__":{"x":1},"type":"checkpoint","when":{"atTick":5}}]}},
      "tick":2,"language":"zh","view":{"__proto__":{"presenter":true},"compare":true}}`;
    const result = decodeSafely(link(hostile));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.checkpoint.intervalMs).toBe(1000);
    expect(result.scenario.actions.at(-1)).toEqual({ type: 'checkpoint', when: { atTick: 5 } });
    expect(result.state.view).toEqual({ compare: true });
    expect(JSON.stringify(result)).not.toContain('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const custom = `{"v":1,"scenario":{"custom":{"version":1,"__proto__":{"operators":[]},
      "operators":[{"id":"s","kind":"source","parallelism":1,"input":[1],"constructor":{"x":1}}],
      "edges":[]}},"tick":0,"language":"en"}`;
    const parsed = decodeSafely(link(custom));
    expect(parsed.ok && parsed.scenario.operators).toEqual([
      { id: 's', kind: 'source', parallelism: 1, input: [1] },
    ]);
  });

  it('keeps a message to one line whatever the link quotes', () => {
    const odd = '{"v":1,"scenario":{"preset":"odd\\n-even\\u2028-sum"},"tick":0,"language":"en"}';
    expect(decodeSafely(link(odd))).toEqual({
      ok: false,
      error: 'This link asks for an unknown preset "odd -even -sum", so it was not opened.',
    });
    const long = JSON.stringify({ v: 1, scenario: { preset: 'p'.repeat(500) }, tick: 0 });
    const result = decodeSafely(link(long));
    expect(!result.ok && result.error.length).toBeLessThan(120);
  });

  it.each([
    ['not an object', '[1,2,3]'],
    ['a string', '"v1"'],
    ['no version inside', '{"scenario":{"preset":"odd-even-sum"},"tick":0,"language":"en"}'],
    ['a scenario that is a list', '{"v":1,"scenario":[],"tick":0,"language":"en"}'],
    ['a preset that is a number', '{"v":1,"scenario":{"preset":5},"tick":0,"language":"en"}'],
    ['overrides that are text', '{"v":1,"scenario":{"preset":"odd-even-sum","overrides":"x"}}'],
    [
      'actions that are an object',
      '{"v":1,"scenario":{"preset":"odd-even-sum","overrides":{"actions":{}}}}',
    ],
    [
      'checkpoint options that are a number',
      '{"v":1,"scenario":{"preset":"odd-even-sum","overrides":{"checkpoint":5}}}',
    ],
    [
      'a restart strategy that is text',
      '{"v":1,"scenario":{"preset":"odd-even-sum","overrides":{"restart":"often"}}}',
    ],
    [
      'a custom scenario that is text',
      '{"v":1,"scenario":{"custom":"abc"},"tick":0,"language":"en"}',
    ],
    ['a negative tick', '{"v":1,"scenario":{"preset":"odd-even-sum"},"tick":-1,"language":"en"}'],
    [
      'a fractional tick',
      '{"v":1,"scenario":{"preset":"odd-even-sum"},"tick":1.5,"language":"en"}',
    ],
    ['a tick in text', '{"v":1,"scenario":{"preset":"odd-even-sum"},"tick":"5","language":"en"}'],
    [
      'a lesson that is text',
      '{"v":1,"scenario":{"preset":"odd-even-sum"},"tick":0,"lesson":"one"}',
    ],
    [
      'a lesson id that is a number',
      '{"v":1,"scenario":{"preset":"odd-even-sum"},"tick":0,"lesson":{"id":1}}',
    ],
    ['broken JSON', '{"v":1,"scenario":'],
  ])('refuses %s with a message', (_, json) => {
    const result = decodeSafely(link(json));
    expect(result.ok).toBe(false);
  });

  it.each([
    [
      'a language that is a number',
      '{"v":1,"scenario":{"preset":"odd-even-sum"},"tick":0,"language":5}',
    ],
    [
      'a view that is a number',
      '{"v":1,"scenario":{"preset":"odd-even-sum"},"tick":0,"language":"en","view":7}',
    ],
    [
      'a selection that is a number',
      '{"v":1,"scenario":{"preset":"odd-even-sum"},"tick":0,"language":"en","view":{"selected":5}}',
    ],
    [
      'a step in text',
      `{"v":1,"scenario":{"preset":"odd-even-sum"},"tick":0,"language":"en","lesson":{"id":"${LESSONS[0].id}","step":"2"}}`,
    ],
    ['no tick', '{"v":1,"scenario":{"preset":"odd-even-sum"},"language":"en"}'],
  ])('opens %s, with a warning', (_, json) => {
    const result = decodeSafely(link(json));
    expect(result.ok && result.warnings.length).toBe(1);
  });

  it('never throws on input that is not even a string', () => {
    for (const value of [undefined, null, 5, {}, [], Symbol('x')]) {
      const result = decodeInEnglish(value as unknown as string);
      expect(result.ok).toBe(false);
    }
  });
});
