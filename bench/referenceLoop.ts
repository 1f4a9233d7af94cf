/** An element on its way between two stages: its value and the first tick it can be taken. */
interface Queued {
  value: number;
  at: number;
}

export interface ReferenceResult {
  elementSteps: number;
  ticks: number;
  /** What the last stage summed: returned so the work cannot be optimised away. */
  sum: number;
}

/**
 * The bare reference of the throughput figure: `records` values move through a chain of `stages`
 * stages over tick-based FIFO queues (plain arrays of plain objects, `latency` ticks per hop),
 * `perTick` of them entering per tick; every stage adds what it takes to its running sum and
 * passes the value on. A push onto a queue and a take from it each count one element-step, as
 * they do in the engine. No events, no copies of the past, no checkpoints, no failures: the cost
 * of moving the elements and nothing else. `perTick` may be fractional: the source keeps to the
 * average rate.
 */
export function referenceLoop(
  stages: number,
  records: number,
  perTick: number,
  latency = 1,
): ReferenceResult {
  const queues: Queued[][] = Array.from({ length: stages - 1 }, () => []);
  const sums = new Array<number>(stages).fill(0);
  let emitted = 0;
  let elementSteps = 0;
  let tick = 0;
  let inFlight = 0;
  while (emitted < records || inFlight > 0) {
    tick += 1;
    const due = Math.min(records, Math.round(tick * perTick));
    while (emitted < due) {
      const value = (emitted % 1000) + 1;
      emitted += 1;
      sums[0] += value;
      queues[0].push({ value, at: tick + latency });
      inFlight += 1;
      elementSteps += 1;
    }
    for (let s = 1; s < stages; s++) {
      const input = queues[s - 1];
      const output = s < stages - 1 ? queues[s] : null;
      while (input.length > 0 && input[0].at <= tick) {
        const { value } = input.shift()!;
        elementSteps += 1;
        sums[s] += value;
        if (output) {
          output.push({ value, at: tick + latency });
          elementSteps += 1;
        } else {
          inFlight -= 1;
        }
      }
    }
  }
  return { elementSteps, ticks: tick, sum: sums[stages - 1] };
}

/**
 * The reference loop without an allocation per step: the same chain, queues, timing and sums
 * as `referenceLoop`, but each queue is a ring of preallocated typed arrays (value, due tick),
 * so the loop allocates nothing once it runs. With one object per element-step the reference's
 * speed is mostly set by the garbage collector (bench/findings.md); against this one the ratio
 * measures the engine.
 */
export function flatReferenceLoop(
  stages: number,
  records: number,
  perTick: number,
  latency = 1,
): ReferenceResult {
  // A queue never holds more than every record at once.
  const capacity = records + 1;
  const values = Array.from({ length: stages - 1 }, () => new Float64Array(capacity));
  const dues = Array.from({ length: stages - 1 }, () => new Int32Array(capacity));
  const heads = new Int32Array(stages - 1);
  const tails = new Int32Array(stages - 1);
  const sums = new Float64Array(stages);
  const push = (q: number, value: number, at: number) => {
    const t = tails[q];
    values[q][t] = value;
    dues[q][t] = at;
    tails[q] = t + 1 === capacity ? 0 : t + 1;
  };
  let emitted = 0;
  let elementSteps = 0;
  let tick = 0;
  let inFlight = 0;
  while (emitted < records || inFlight > 0) {
    tick += 1;
    const due = Math.min(records, Math.round(tick * perTick));
    while (emitted < due) {
      const value = (emitted % 1000) + 1;
      emitted += 1;
      sums[0] += value;
      push(0, value, tick + latency);
      inFlight += 1;
      elementSteps += 1;
    }
    for (let s = 1; s < stages; s++) {
      const q = s - 1;
      const last = s === stages - 1;
      while (heads[q] !== tails[q] && dues[q][heads[q]] <= tick) {
        const h = heads[q];
        const value = values[q][h];
        heads[q] = h + 1 === capacity ? 0 : h + 1;
        elementSteps += 1;
        sums[s] += value;
        if (!last) {
          push(s, value, tick + latency);
          elementSteps += 1;
        } else {
          inFlight -= 1;
        }
      }
    }
  }
  return { elementSteps, ticks: tick, sum: sums[stages - 1] };
}
