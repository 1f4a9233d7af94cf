import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInitialState, step, type Scenario } from '../../src/engine';
import { oddEvenSum } from '../../src/scenarios/presets/oddEvenSum';
import { LIMITS, parseScenario, scenarioSchema } from '../../src/scenarios/schema';
import { scenarioArb } from '../helpers/arbitraries';
import { propertyParams } from './support/params';

// Whatever a scenario file or a hand-written object holds, parseScenario answers: it never
// throws, never touches Object.prototype, and either accepts a scenario the engine can run or
// refuses it with one-line messages that each start with the field they are about.

const FIELDS = new Set(['scenario', ...Object.keys(scenarioSchema.shape)]);
const FIELD_MESSAGE = /^([A-Za-z_$][\w$]*)(\[\d+\]|\.[\w$]+)*: \S/;
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort().join();

function prototypeIntact(): boolean {
  const probe: Record<string, unknown> = {};
  return (
    Object.getOwnPropertyNames(Object.prototype).sort().join() === prototypeBefore &&
    probe.polluted === undefined &&
    probe.kind === undefined &&
    probe.operators === undefined &&
    typeof probe.toString === 'function'
  );
}

function plainAllTheWay(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== Array.prototype) return false;
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) return false;
  return Object.values(value).every(plainAllTheWay);
}

/** The answer to any input: never a throw; a runnable scenario or field-named one-line errors. */
function expectAnswer(input: unknown): void {
  const result = parseScenario(input);
  expect(prototypeIntact()).toBe(true);
  if (result.ok) {
    expect(plainAllTheWay(result.scenario)).toBe(true);
    // Accepted means the engine can run it: a few ticks, no throw.
    let state = createInitialState(result.scenario);
    for (let t = 0; t < 20; t++) state = step(state).state;
    return;
  }
  expect(result.errors.length).toBeGreaterThan(0);
  for (const error of result.errors) {
    expect(error).not.toMatch(/\n/);
    const named = FIELD_MESSAGE.exec(error);
    expect(named, error).not.toBeNull();
    expect(FIELDS.has(named![1]), error).toBe(true);
  }
}

/** Sets a key as an own property, even `__proto__`, as JSON.parse would. */
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every container in a JSON tree, so a mutation can pick one. */
function containers(value: Json, out: (Json[] | Record<string, Json>)[] = []) {
  if (value !== null && typeof value === 'object') {
    out.push(value);
    for (const v of Object.values(value)) containers(v, out);
  }
  return out;
}

const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'kind');
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    NaN,
    Infinity,
    -Infinity,
    -0,
    1e308,
    -1e308,
    2 ** 53,
    0.5,
    '',
    '1',
    'x'.repeat(5000),
  ),
  fc.constant(undefined),
  fc.constant({ polluted: true }),
);

const mutation = fc.oneof(
  fc.record({
    op: fc.constant('replace' as const),
    at: fc.nat(),
    key: fc.nat(),
    value: wrongValue,
  }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), key: fc.nat() }),
  fc.record({
    op: fc.constant('hostile-key' as const),
    at: fc.nat(),
    key: hostileKey,
    value: fc.oneof(fc.constant({ polluted: true }), fc.constant({ kind: 'sink' }), wrongValue),
  }),
  fc.record({
    op: fc.constant('nest' as const),
    at: fc.nat(),
    key: fc.nat(),
    depth: fc.integer({ min: 1, max: 300 }),
  }),
  fc.record({
    op: fc.constant('grow' as const),
    at: fc.nat(),
    length: fc.integer({ min: 10, max: 1000 }),
  }),
);

type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(scenario: Scenario, mutations: readonly Mutation[]): Json {
  const root = JSON.parse(JSON.stringify(scenario)) as Json;
  for (const m of mutations) {
    const all = containers(root);
    const target = all[m.at % all.length];
    const keys = Object.keys(target);
    if (m.op === 'hostile-key') {
      setOwn(target, m.key, structuredClone(m.value));
      continue;
    }
    if (m.op === 'grow') {
      if (Array.isArray(target) && target.length > 0) {
        target.push(...Array.from({ length: m.length }, () => structuredClone(target[0])));
      }
      continue;
    }
    if (keys.length === 0) continue;
    const key = keys[m.key % keys.length];
    const slot = target as Record<string, unknown>;
    if (m.op === 'replace') slot[key] = structuredClone(m.value);
    if (m.op === 'delete') {
      if (Array.isArray(target)) target.splice(Number(key), 1);
      else delete slot[key];
    }
    if (m.op === 'nest') {
      let nested: unknown = slot[key];
      for (let d = 0; d < m.depth; d++) nested = d % 2 === 0 ? [nested] : { [key]: nested };
      slot[key] = nested;
    }
  }
  return root;
}

describe('parseScenario on anything a file or a link could hold', () => {
  it('random JSON, from primitives to nested objects', { timeout: 120_000 }, () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 6 }), expectAnswer), propertyParams());
  });

  it(
    'random objects under the scenario keys, hostile keys among them',
    { timeout: 120_000 },
    () => {
      const key = fc.oneof(fc.constantFrom(...FIELDS), hostileKey, fc.string({ maxLength: 8 }));
      const value = fc.oneof(fc.jsonValue({ maxDepth: 4 }), wrongValue);
      fc.assert(
        fc.property(fc.array(fc.tuple(key, value), { maxLength: 14 }), (entries) => {
          const input = { version: 1 };
          for (const [k, v] of entries) setOwn(input, k, v);
          expectAnswer(input);
        }),
        propertyParams(),
      );
    },
  );

  it(
    'valid scenarios with values replaced by wrong types, keys deleted, hostile keys added, deep nesting',
    { timeout: 300_000 },
    () => {
      fc.assert(
        fc.property(
          scenarioArb({ stopWithSavepoint: true }),
          fc.array(mutation, { minLength: 1, maxLength: 4 }),
          (scenario, mutations) => expectAnswer(mutate(scenario, mutations)),
        ),
        propertyParams(),
      );
    },
  );

  it(
    'huge arrays are refused by their limits, quickly enough to answer',
    { timeout: 120_000 },
    () => {
      const base = JSON.parse(JSON.stringify(oddEvenSum)) as Scenario;
      const source = base.operators[0];
      const cases: [unknown, RegExp][] = [
        [
          {
            ...base,
            operators: [
              { ...source, input: new Array(LIMITS.inputValues + 1).fill(1) },
              ...base.operators.slice(1),
            ],
          },
          /^operators: \d+ input values, at most 200000$/,
        ],
        [
          {
            ...base,
            operators: Array.from({ length: 10_000 }, (_, k) => ({ ...source, id: `s${k}` })),
          },
          /^operators: /,
        ],
        [{ ...base, edges: new Array(100_000).fill(base.edges[0]) }, /^edges: /],
        [{ ...base, actions: new Array(100_000).fill(base.actions[0]) }, /^actions: /],
        [{ ...base, title: 'x'.repeat(1_000_000) }, /^title: /],
      ];
      for (const [input, says] of cases) {
        const result = parseScenario(input);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.errors[0]).toMatch(says);
        expectAnswer(input);
      }
    },
  );

  it('a chain of savepoint restores thousands deep, or a cyclic one, is refused without a stack overflow', () => {
    let deep: Record<string, unknown> = JSON.parse(JSON.stringify(oddEvenSum));
    for (let i = 0; i < 5_000; i++) {
      deep = {
        ...oddEvenSum,
        restoreFrom: { job: deep, savepoint: 1, allowNonRestoredState: false },
      };
    }
    expect(parseScenario(deep)).toMatchObject({
      ok: false,
      errors: [`restoreFrom: at most ${LIMITS.savepointChain} jobs in a chain of savepoints`],
    });
    const cyclic: Record<string, unknown> = { ...oddEvenSum };
    cyclic.restoreFrom = { job: cyclic, savepoint: 1, allowNonRestoredState: false };
    expect(parseScenario(cyclic).ok).toBe(false);
    expectAnswer(deep);
  });

  it('a __proto__ key changes no prototype and is refused by name, as every unknown key is', () => {
    const text = JSON.stringify(oddEvenSum).replace(
      '{',
      '{"__proto__":{"polluted":true,"operators":[]},"constructor":{"prototype":{"polluted":true}},',
    );
    const input: unknown = JSON.parse(text);
    const result = parseScenario(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]).toMatch(/^scenario: .*"__proto__".*"constructor"/);
    expect(prototypeIntact()).toBe(true);
  });
});
