import type { Scenario, SimEvent, SimState, SinkRecord } from '../../engine';
import type { Keyframe, OutputLine } from '../../session/timeline';

/**
 * What a recording sends from a worker to the page, a piece at a time. A message is copied
 * whole (structured clone), so nothing is sent twice: a state goes without its scenario (the
 * page holds it), and sink outputs go as records appended to lines the page keeps, not as the
 * whole output of every stored state.
 */
export interface WirePiece {
  /** Keyframes stored since the last piece, by index, outputs left empty. */
  keyframes: {
    index: number;
    state: SimState;
    outputs: [task: number, line: number, length: number][];
  }[];
  /** Records appended to lines since the last piece; a line first named here starts empty. */
  appended: [line: number, records: SinkRecord[]][];
  /** The milestones of the ticks after the last piece's end, from `from` on. */
  milestones: { from: number; events: SimEvent[][] };
  /** The last state recorded, outputs given by `finalOutputs`. */
  final: SimState;
  finalOutputs: [task: number, line: number, length: number][];
}

const NO_SCENARIO = null as unknown as Scenario;

/** `state` without its scenario and without the outputs of the tasks in `except`. */
function bare(state: SimState, except: ReadonlySet<number>): SimState {
  const tasks =
    except.size === 0
      ? state.tasks
      : state.tasks.map((task, index) => (except.has(index) ? { ...task, output: [] } : task));
  return { ...state, scenario: NO_SCENARIO, tasks };
}

/** Whether `of` extends `prefix`: outputs only grow, so their ends tell (as in timeline.ts). */
function extendsLine(prefix: readonly SinkRecord[], of: readonly SinkRecord[]): boolean {
  if (prefix.length > of.length) return false;
  const last = prefix.length - 1;
  return last < 0 || (prefix[0] === of[0] && prefix[last] === of[last]);
}

/** Turns a worker's recording into pieces; one per recording, kept across its pieces. */
export class WireEncoder {
  private readonly ids = new Map<OutputLine, number>();
  /** Per line id: the longest output known to extend it, and how much of it the page has. */
  private readonly lines: { records: readonly SinkRecord[]; sent: number }[] = [];
  /** Per task: the line its latest output belongs to. */
  private readonly latest = new Map<number, number>();
  private keyframesSent = 0;
  private ticksSent: number;

  constructor(startTick: number) {
    this.ticksSent = startTick;
  }

  private lineOf(task: number, line: OutputLine): number {
    let id = this.ids.get(line);
    if (id === undefined) {
      // A line the recorder started where the last state sent had an output already: the same
      // output if one extends the other.
      const latest = this.latest.get(task);
      const known = latest === undefined ? null : this.lines[latest].records;
      if (known && (extendsLine(known, line.records) || extendsLine(line.records, known))) {
        id = latest!;
      } else {
        id = this.lines.length;
        this.lines.push({ records: line.records, sent: 0 });
      }
      this.ids.set(line, id);
    }
    if (line.records.length > this.lines[id].records.length) {
      this.lines[id].records = line.records;
    }
    this.latest.set(task, id);
    return id;
  }

  /** A line for the output `records` of `task` in the last state: its latest line if it extends. */
  private finalLineOf(task: number, records: readonly SinkRecord[]): number {
    const id = this.latest.get(task);
    if (id !== undefined && extendsLine(this.lines[id].records, records)) {
      if (records.length > this.lines[id].records.length) this.lines[id].records = records;
      return id;
    }
    const fresh = this.lines.length;
    this.lines.push({ records, sent: 0 });
    this.latest.set(task, fresh);
    return fresh;
  }

  /** The piece that brings the page from the last piece to `final`. */
  encode(
    keyframes: readonly Keyframe[],
    milestones: readonly SimEvent[][],
    final: SimState,
  ): WirePiece {
    const pieceKeyframes: WirePiece['keyframes'] = [];
    for (let index = this.keyframesSent; index < keyframes.length; index++) {
      const keyframe = keyframes[index];
      if (!keyframe) continue;
      const outputs: [number, number, number][] = [];
      keyframe.outputs.forEach(({ line, length }, task) => {
        outputs.push([task, this.lineOf(task, line), length]);
      });
      pieceKeyframes.push({ index, state: bare(keyframe.state, new Set()), outputs });
    }
    this.keyframesSent = Math.max(this.keyframesSent, keyframes.length);
    const finalOutputs: [number, number, number][] = [];
    const withOutput = new Set<number>();
    final.tasks.forEach((task, index) => {
      if (task.output.length === 0) return;
      withOutput.add(index);
      finalOutputs.push([index, this.finalLineOf(index, task.output), task.output.length]);
    });
    const appended: WirePiece['appended'] = [];
    this.lines.forEach((line, id) => {
      if (line.records.length > line.sent) {
        appended.push([id, line.records.slice(line.sent)]);
        line.sent = line.records.length;
      }
    });
    const from = this.ticksSent + 1;
    const events = milestones.slice(from, final.tick + 1);
    this.ticksSent = final.tick;
    return {
      keyframes: pieceKeyframes,
      appended,
      milestones: { from, events },
      final: bare(final, withOutput),
      finalOutputs,
    };
  }
}

/** The page's side: puts pieces back into keyframes and states of `scenario`. */
export class WireDecoder {
  private readonly lines: OutputLine[] = [];

  constructor(private readonly scenario: Scenario) {}

  private outputs(list: [number, number, number][]): Keyframe['outputs'] {
    const outputs: Keyframe['outputs'] = new Map();
    for (const [task, line, length] of list) outputs.set(task, { line: this.lines[line], length });
    return outputs;
  }

  decode(piece: WirePiece): {
    keyframes: { index: number; keyframe: Keyframe }[];
    milestones: { from: number; events: SimEvent[][] };
    final: SimState;
  } {
    for (const [id, records] of piece.appended) {
      const line = (this.lines[id] ??= { records: [] });
      for (const record of records) line.records.push(record);
    }
    const keyframes = piece.keyframes.map(({ index, state, outputs }) => ({
      index,
      keyframe: { state: { ...state, scenario: this.scenario }, outputs: this.outputs(outputs) },
    }));
    const outputs = this.outputs(piece.finalOutputs);
    const final = piece.final;
    const tasks =
      outputs.size === 0
        ? final.tasks
        : final.tasks.map((task, index) => {
            const output = outputs.get(index);
            return output ? { ...task, output: output.line.records.slice(0, output.length) } : task;
          });
    return {
      keyframes,
      milestones: piece.milestones,
      final: { ...final, scenario: this.scenario, tasks },
    };
  }
}
