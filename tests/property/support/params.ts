import type fc from 'fast-check';

/** The seed every property runs with unless PROPERTY_SEED says otherwise: a failure in CI replays anywhere. */
export const DEFAULT_SEED = 20_241_202;

/** Runs per property in `npm test`; PROPERTY_RUNS raises it (the soak sweep runs 100,000). */
export const DEFAULT_RUNS = 1000;

function fromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return n;
}

/**
 * fast-check parameters for a property: the fixed seed and run count, or PROPERTY_SEED,
 * PROPERTY_RUNS and PROPERTY_PATH from the environment to replay a reported failure (fast-check
 * prints the seed, the path and the shrunk counterexample when a property fails).
 */
export function propertyParams<T>(overrides: fc.Parameters<T> = {}): fc.Parameters<T> {
  const path = process.env.PROPERTY_PATH;
  return {
    seed: fromEnv('PROPERTY_SEED') ?? DEFAULT_SEED,
    numRuns: fromEnv('PROPERTY_RUNS') ?? DEFAULT_RUNS,
    ...(path ? { path } : {}),
    ...overrides,
  };
}
